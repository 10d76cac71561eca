// Checking an attempt at a puzzle (docs/api.md "Puzzles"): the solver's moves so far against
// the puzzle's line. A pure function of the line and the moves, so the server keeps no state
// between a solver's moves: each request carries every move the solver has made.
//
// Each move is read in any accepted spelling and compared by its canonical text (one per
// resulting position) with the line's move at that point. A right move is followed by the other
// seats' replies of the line; the attempt is solved when the solver's last move of the line is
// played, or as soon as a move ends the game with the solver winning (another way to win at
// once is as good). A wrong move fails it. Moves past the end of the attempt, or an illegal
// move, are bad input (400), and end nothing.
#pragma once

#include <string>
#include <vector>

#include "engine/puzzles/puzzle_text.h"
#include "server/play/outcome.h"

namespace arbiter::server::puzzles {

enum class AttemptResult { kContinue, kSolved, kFailed };

struct AttemptStep {
  AttemptResult result = AttemptResult::kContinue;
  // The line as played, the solver's moves (canonical) and the replies that followed; on
  // kContinue it ends with the replies to the last move, the solver to move again.
  std::vector<std::string> played;
  std::size_t replies = 0;  // kContinue: how many moves at the end of `played` are replies
  std::string expected;     // kFailed: the line's move where the wrong one was played
};

// `line` replays `solution` (engine/puzzles/puzzle_text.h). 400 when `moves` is empty, holds an
// illegal move, or goes on after the attempt has ended.
Outcome<AttemptStep> check_attempt(const engine::puzzles::PuzzleLine& line,
                                   const std::vector<std::string>& solution,
                                   const std::vector<std::string>& moves);

}  // namespace arbiter::server::puzzles
