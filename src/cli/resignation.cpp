#include "cli/resignation.h"

namespace arbiter::cli {

std::string resignation_text(const GameState& state, int player) {
  std::string text = state.player_name(player) + " resigned";
  if (state.num_players() == 2) text += ": " + state.player_name(1 - player) + " wins";
  return text;
}

int resigned_player(const GameState& state, const Record& record) {
  const std::string name = record.tag(kResignedTag);
  for (int p = 0; p < state.num_players(); ++p) {
    if (!name.empty() && name == state.player_name(p)) return p;
  }
  return -1;
}

}  // namespace arbiter::cli
