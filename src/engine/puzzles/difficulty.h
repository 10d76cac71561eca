// A puzzle's starting rating from its difficulty (docs/analysis.md "Puzzles"): how many nodes
// the search needs before it plays the solution's moves, and how many moves the solver makes.
//
// For every solver's position of the line, the finder searches with kLadderStart nodes, then
// twice as many, and so on below `verify_nodes`, each on fresh tables, and takes the first
// budget whose best move is the solution's (`verify_nodes` when none is). The puzzle's
// `nodes_needed` is the largest of these. Then
//
//   rating = kBaseRating + kRatingPerDoubling · log2(nodes_needed / kLadderStart)
//            + kRatingPerExtraMove · (solver_moves − 1),
//
// clamped to [kMinRating, kMaxRating]. A move found at once (250 nodes) in a one-move puzzle
// starts at 900; each doubling of the search it needs adds 150, each further move 100. Plays
// then move it by Glicko-2 from kStartDeviation (the server, docs/api.md "Puzzles").
#pragma once

#include <cstdint>

namespace arbiter::engine::puzzles {

inline constexpr uint64_t kLadderStart = 250;
inline constexpr double kBaseRating = 900;
inline constexpr double kRatingPerDoubling = 150;
inline constexpr double kRatingPerExtraMove = 100;
inline constexpr double kMinRating = 600;
inline constexpr double kMaxRating = 2600;
inline constexpr double kStartDeviation = 350;
inline constexpr double kStartVolatility = 0.06;

double puzzle_rating(uint64_t nodes_needed, int solver_moves);

}  // namespace arbiter::engine::puzzles
