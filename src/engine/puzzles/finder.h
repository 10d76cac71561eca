// Finding puzzles (puzzle.h states the rules): in one position, along a game, or in the positions
// a review (review.h) found decisive. Every search runs on one thread on fresh tables with a node
// limit, so what is found is the same on every machine and whatever the number of threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "ai/levels.h"
#include "core/result.h"
#include "engine/puzzles/puzzle.h"
#include "engine/review.h"
#include "games/game.h"

namespace arbiter::engine::puzzles {

struct FinderOptions {
  ai::Recipe recipe = ai::level_recipe(ai::kMaxLevel);  // run on one thread
  uint64_t nodes = 20'000;    // the first search of each position (multi-PV 2)
  uint64_t verify_nodes = 0;  // the deeper searches (verification, replies, line); 0: 4 × nodes
  int threads = 1;            // positions examined at once
  // Called after each position, from the thread that examined it, one call at a time.
  std::function<void(int done, int total)> progress;
  // Raised by another thread to give up: the searches under way end within a few milliseconds
  // and the finder returns an error. nullptr: never.
  const std::atomic<bool>* stop = nullptr;
};

// The puzzle starting at `position`, or nullopt when it is none. The position's history is
// dropped (a puzzle starts from its position text, as a server reads it back). An error for a
// game without a win-probability model or a recipe that does not search.
Result<std::optional<Puzzle>> find_puzzle(const GameState& position, const FinderOptions& options);

// The puzzles of a game: every position from `start` to `final` (final's history continues
// start's), examined `threads` at a time, in the order of the game; a position inside the line
// of a puzzle found earlier in the game is left out. Each puzzle's source is `source` and
// " ply=N" (N moves after `start`).
Result<std::vector<Puzzle>> find_puzzles(const GameState& start, const GameState& final,
                                         const FinderOptions& options, std::string_view source);

// The puzzles of a reviewed game: only the positions where the review's own search found the
// mover's best move decisive (and, when it ranked two moves, the second not) are examined, as
// find_puzzles() examines a position. What the review of a finished game on the server hands
// on, so that its puzzles are mined without searching every position twice.
Result<std::vector<Puzzle>> puzzles_from_review(const GameReview& review,
                                                const FinderOptions& options,
                                                std::string_view source);

}  // namespace arbiter::engine::puzzles
