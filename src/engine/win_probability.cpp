#include "engine/win_probability.h"

#include <array>
#include <cmath>

#include "ai/search.h"

namespace arbiter::engine {

namespace {

// Fitted by scripts/winprob_fit.py on analysis/winprob/*.csv (docs/analysis.md); the unit test
// win_probability_test.cpp refits them and checks these figures.
constexpr std::array kModels = {
    WinModelEntry{"traverse", 2, {0.00324038, 0}},
    WinModelEntry{"traverse", 3, {0.000393751, -0.636915}},
    WinModelEntry{"traverse", 4, {0.00114085, -0.800645}},
    WinModelEntry{"travelers", 2, {0.00156027, 0}},
    WinModelEntry{"trap", 2, {0.000102803, 0}},
};

}  // namespace

std::span<const WinModelEntry> win_models() { return kModels; }

std::optional<WinModel> win_model(std::string_view game, int players) {
  for (const auto& e : kModels) {
    if (e.game == game && e.players == players) return e.model;
  }
  return std::nullopt;
}

double expected_result(const WinModel& model, double score) {
  if (score > ai::kWinBound) return 1;
  if (score < -ai::kWinBound) return 0;
  return 1 / (1 + std::exp(-(model.scale * score + model.offset)));
}

}  // namespace arbiter::engine
