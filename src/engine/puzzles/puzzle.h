// Puzzles: positions where exactly one move keeps a decisive advantage for the player to move
// (the solver), with the line that follows it, proved by search (docs/analysis.md "Puzzles").
//
// The rules, each a named constant below:
//  - A move keeps a decisive advantage when the search proves it wins (a win-in-N) or the
//    mover's expected result after it (win_probability.h) is at least kDecisiveExpected.
//  - A position is a puzzle when its best move does and its second best move (multi-PV 2)
//    does not, and the second falls at least kOnlyMoveDrop below the best. A position with a
//    single legal move is never one. The test passes on a search of `nodes` and again, with the
//    same move, on a deeper search of `verify_nodes`.
//  - The line: after the solver's move, every other seat replies with its best move (a search
//    of `verify_nodes`); then the solver must again find the only decisive move (the same test
//    on the deeper search), and so on. The line ends after a solver's move when the game is
//    over, when the solver has made kMaxSolverMoves moves, when a reply ends the game, when the
//    solver's next position has no single decisive move (several moves win: the win is clear,
//    or none does), or when the win is clear: an unproven advantage of kClearExpected or more
//    (a proven win goes on while its moves stay unique, to the end of the game). So a line
//    always ends with a solver's move.
//  - The starting rating comes from the difficulty (puzzle_rating(), difficulty.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace arbiter::engine::puzzles {

inline constexpr double kDecisiveExpected = 0.85;
inline constexpr double kOnlyMoveDrop = 0.30;
inline constexpr double kClearExpected = 0.97;
inline constexpr int kMaxSolverMoves = 5;

struct Puzzle {
  std::string game;      // "traverse"
  std::string params;    // canonical key=value list
  std::string position;  // position text (Game::parse_state); the solver is to move
  int solver = 0;        // the seat to move, 0-based
  // The line from `position`: the solver's move, the replies of the other seats, the solver's
  // next move, ... ending with a solver's move. Canonical move texts.
  std::vector<std::string> solution;
  int solver_moves = 0;        // moves of the solver in `solution`
  std::optional<int> win_in;   // the first search's proven win (moves of the solver), if any
  double expected = 0;         // the solver's expected result after the first move
  double second_expected = 0;  // after the second best move
  uint64_t nodes_needed = 0;   // difficulty: see difficulty.h
  double rating = 0;           // the starting rating
  std::string source;          // where it was found ("selfplay trap seed=1 game=2 ply=17")
};

}  // namespace arbiter::engine::puzzles
