// Win probability: a player's expected result (1 a win, ½ a draw, 0 a loss) from a search score
// in its own terms, a logistic fitted per game and number of players on self-play positions
// (scripts/winprob_fit.py over analysis/winprob/*.csv; the figures in docs/analysis.md):
//
//   expected = 1 / (1 + exp(−(scale · score + offset)))
//
// With 2 players the offset is 0 (a zero-sum score: expected(s) + expected(−s) = 1); with 3–4 it
// carries the lower share a player has at an even score. A proven result (|score| > kWinBound) is
// 1 or 0. Each game declares its models in its descriptor (kWinModels, games/descriptor_types.h).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "games/descriptor_types.h"

namespace arbiter::engine {

using arbiter::WinModel;

struct WinModelEntry {
  std::string_view game;
  int players = 2;
  WinModel model;
};

// Every registered game's models, in game-list order.
std::vector<WinModelEntry> win_models();
// The model of `game` (by name) for `players` players; nullopt when it declares none.
std::optional<WinModel> win_model(std::string_view game, int players);
double expected_result(const WinModel& model, double score);

}  // namespace arbiter::engine
