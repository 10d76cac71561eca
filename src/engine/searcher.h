// Searcher: one game's searches behind a small virtual interface, so the Engine (and the match
// tool) can hold any game. Implemented once as a template over a game's concrete State
// (game_searcher.h); make_searcher() picks the instantiation by game name (searchers.cpp).
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/levels.h"
#include "ai/search.h"
#include "core/result.h"
#include "games/game.h"

namespace arbiter::engine {

// What a search found, in move text.
struct EngineResult {
  std::string best_move;  // "" when the position has no move (finished game)
  int score = 0;          // for the player to move
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> pv;
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  // Copies a position, its history included (repetition rules see the moves played).
  virtual Status set_position(const GameState& state) = 0;
  // Searches the position set last. `stop` aborts within a few milliseconds.
  virtual EngineResult search(const ai::Recipe& recipe, const ai::SearchLimits& limits,
                              const std::atomic<bool>& stop, const ai::ProgressFn& progress) = 0;
  // Forgets what earlier searches learned (transposition table, MCTS tree).
  virtual void clear() = 0;
};

// nullptr when no game has that name.
std::unique_ptr<Searcher> make_searcher(std::string_view game);

}  // namespace arbiter::engine
