#include "engine/win_probability.h"

#include <cmath>

#include "ai/search.h"
#include "games/registry.h"

namespace arbiter::engine {

std::vector<WinModelEntry> win_models() {
  std::vector<WinModelEntry> out;
  for (const Game* g : all_games()) {
    for (const WinModel& m : g->win_models()) out.push_back({g->name(), m.players, m});
  }
  return out;
}

std::optional<WinModel> win_model(std::string_view game, int players) {
  const Game* g = find_game(game);
  if (g == nullptr) return std::nullopt;
  for (const WinModel& m : g->win_models()) {
    if (m.players == players) return m;
  }
  return std::nullopt;
}

double expected_result(const WinModel& model, double score) {
  if (score > ai::kWinBound) return 1;
  if (score < -ai::kWinBound) return 0;
  return 1 / (1 + std::exp(-(model.scale * score + model.offset)));
}

}  // namespace arbiter::engine
