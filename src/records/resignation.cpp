#include "records/resignation.h"

namespace arbiter {

std::string resignation_text(const GameState& state, int player) {
  std::string text = state.player_name(player) + " resigned";
  if (state.num_players() == 2) text += ": " + state.player_name(1 - player) + " wins";
  return text;
}

std::vector<double> resignation_returns(const GameState& state, int player) {
  const int n = state.num_players();
  std::vector<double> out(static_cast<std::size_t>(n), n > 1 ? 1.0 / (n - 1) : 0.0);
  out[static_cast<std::size_t>(player)] = -1.0;
  return out;
}

int player_named(const GameState& state, const std::string& name) {
  for (int p = 0; p < state.num_players(); ++p) {
    if (name == state.player_name(p)) return p;
  }
  return -1;
}

}  // namespace arbiter
