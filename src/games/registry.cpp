#include "games/registry.h"

#include "core/text.h"

namespace arbiter {

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

std::string game_titles() {
  const auto& games = all_games();
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += i + 1 == games.size() ? " and " : ", ";
    out += games[i]->title();
  }
  return out;
}

}  // namespace arbiter
