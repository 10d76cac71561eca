#include "games/registry.h"

#include "core/text.h"
#include "games/trap/trap_game.h"
#include "games/travelers/travelers_game.h"
#include "games/traverse/traverse_game.h"

namespace arbiter {

const std::vector<const Game*>& all_games() {
  static const std::vector<const Game*> games = {
      &traverse::game(),
      &travelers::game(),
      &trap::game(),
  };
  return games;
}

const Game* find_game(std::string_view name) {
  const std::string lower = to_lower(name);
  for (const Game* g : all_games()) {
    if (g->name() == lower) return g;
  }
  return nullptr;
}

std::string game_names() {
  std::string out;
  for (const Game* g : all_games()) out += (out.empty() ? "" : ", ") + std::string(g->name());
  return out;
}

}  // namespace arbiter
