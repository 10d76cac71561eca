// Win probability: a player's expected result (1 a win, ½ a draw, 0 a loss) from a search score
// in its own terms, a logistic fitted per game and number of players on self-play positions
// (scripts/winprob_fit.py over analysis/winprob/*.csv; the figures in docs/analysis.md):
//
//   expected = 1 / (1 + exp(−(scale · score + offset)))
//
// With 2 players the offset is 0 (a zero-sum score: expected(s) + expected(−s) = 1); with 3–4 it
// carries the lower share a player has at an even score. A proven result (|score| > kWinBound) is
// 1 or 0. The table is keyed by the game's name (Game::name()).
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace arbiter::engine {

struct WinModel {
  double scale = 0;
  double offset = 0;
};

struct WinModelEntry {
  std::string_view game;
  int players = 2;
  WinModel model;
};

// Every fitted model (win_probability.cpp), as scripts/winprob_fit.py prints them.
std::span<const WinModelEntry> win_models();
std::optional<WinModel> win_model(std::string_view game, int players);
double expected_result(const WinModel& model, double score);

}  // namespace arbiter::engine
