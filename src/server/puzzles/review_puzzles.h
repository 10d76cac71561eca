// Puzzles mined from a server review of a finished game (docs/analysis.md "Puzzles"): the
// positions the review found decisive for the mover are examined by the finder
// (engine/puzzles/finder.h, puzzles_from_review) and each puzzle found is added to the store,
// its source "game ID ply=N". Runs on the review's worker, after the review is stored.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "engine/puzzles/puzzle.h"
#include "engine/review.h"
#include "store/puzzle_store.h"

namespace arbiter::server::puzzles {

// The node budget of the finder's first search when the review gave none.
inline constexpr uint64_t kReviewMiningNodes = 10'000;

// A puzzle as the store keeps it, new: its starting rating, kStartDeviation and
// kStartVolatility (engine/puzzles/difficulty.h), no plays, created at `now_ms`. (`arbiter
// puzzles` stores its puzzles so too.)
store::PuzzleRow puzzle_row(const engine::puzzles::Puzzle& p, int64_t now_ms);

// Adds the puzzles of `review` (of game `game_id`) to `store`, searching with `nodes` per
// position (0: kReviewMiningNodes) on `threads` threads; returns how many were new. A failure
// (a game without a win-probability model, the store) adds nothing more and returns what was
// added so far: mining is a by-product of a review, never its failure.
// `stop`, raised, gives up at once (nullptr: never).
int mine_review_puzzles(store::PuzzleStore& store, const engine::GameReview& review,
                        const std::string& game_id, uint64_t nodes, int threads, int64_t now_ms,
                        const std::atomic<bool>* stop = nullptr);

}  // namespace arbiter::server::puzzles
