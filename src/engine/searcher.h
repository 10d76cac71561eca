// Searcher: one game's searches behind a small virtual interface, so the Engine (and the match
// tool) can hold any game. Implemented once as a template over a game's Descriptor and its
// concrete State (game_searcher.h); each Game makes its own (Game::make_searcher(), paired in
// engine/game_module.h).
#pragma once

#include <atomic>
#include <memory>
#include <string>
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

// One search of the search bench (search_bench.h).
struct BenchSearch {
  uint64_t nodes = 0;  // alpha-beta nodes, or MCTS playouts
  double seconds = 0;
  std::string best_move;
  uint64_t visits = 0;  // MCTS: the visits of the move chosen
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  // Copies the concrete position, its history included (repetition rules see the moves played);
  // an error for a position of another game.
  virtual Status set_position(const GameState& state) = 0;
  // Searches the position set last. `stop` aborts within a few milliseconds.
  virtual EngineResult search(const ai::Recipe& recipe, const ai::SearchLimits& limits,
                              const std::atomic<bool>& stop, const ai::ProgressFn& progress) = 0;
  // Forgets what earlier searches learned (transposition table, MCTS tree).
  virtual void clear() = 0;
  // The search bench's search of the position set last, on fresh tables and one thread:
  // alpha-beta to `position.depth` with kBenchTableMegabytes of transposition table, or
  // `position.playouts` MCTS playouts with seed 1 (descriptor_types.h). Deterministic node counts.
  virtual BenchSearch bench(const BenchPosition& position) = 0;
};

inline constexpr std::size_t kBenchTableMegabytes = 8;

}  // namespace arbiter::engine
