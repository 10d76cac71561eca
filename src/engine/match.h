// Playing one game between engines (the match tool's core, also used by tests): each seat is
// played by one of two player recipes; moves are searched with Engine under a per-move time or
// a clock with increment.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "ai/levels.h"
#include "core/params.h"
#include "core/result.h"
#include "games/game.h"

namespace arbiter::engine {

struct TimeControl {
  double movetime = 0;  // seconds per move; or
  double base = 0;      // seconds on each clock at the start
  double increment = 0;
};
// "1+0.1" (base+increment seconds) or "2" (base only).
Result<TimeControl> parse_time_control(std::string_view text);

struct GameSetup {
  const Game* game = nullptr;
  ParamMap params;
  std::vector<std::string> opening;  // moves played before the engines take over
  std::vector<int> seat_player;      // per player index: 0 = the first recipe, 1 = the second
  TimeControl tc;
  uint64_t seed = 0;  // mixed into each recipe's seed
};

struct GameOutcome {
  std::unique_ptr<GameState> start;  // after the opening
  std::unique_ptr<GameState> final;
  std::unique_ptr<GameState> initial;  // before the opening (records start here)
  std::vector<double> returns;
  int time_overruns = 0;  // moves that took longer than the time they were given
};

// `plies` random moves from `start` (fewer if the game ends first), each chosen by `seed` among
// the sorted legal moves: an opening, so that games between the same engines differ.
std::vector<std::string> random_opening(const GameState& start, int plies, uint64_t seed);

// Plays the game to its end. `abort` (may be null) ends it early with an error.
Result<GameOutcome> play_game(const GameSetup& setup, const std::array<ai::Recipe, 2>& players,
                              const std::atomic<bool>* abort = nullptr);

}  // namespace arbiter::engine
