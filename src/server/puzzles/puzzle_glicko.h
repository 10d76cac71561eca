// The ratings an attempt's end writes (docs/api.md "Puzzles"): the solver and the puzzle play one
// Glicko-2 game (server/ratings/glicko2.h), the solver winning when it solved the puzzle. Each
// side is rated against the other's rating before the attempt. The solver's deviation first
// grows with the days since its last rated attempt, one rating period per day as players'
// ratings do (docs/online.md); a puzzle's does not (puzzles are played all the time). A new
// solver starts at 1500, RD 350, volatility 0.06.
//
// A puzzle whose own rating is still provisional moves the solver less: the solver's new rating,
// deviation and volatility go only part of the way from before to Glicko-2's answer, 0.8 of it
// for a solve and 0.3 for a failure (puzzle_glicko.cpp). A puzzle starts at the engine's guess
// of its difficulty with RD 350, so without this a new solver's first failure would cost 162
// points against a puzzle of 1500 and 343 against one of 1000 (now 49 and 103). The puzzle
// itself moves by the whole answer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "store/puzzle_rows.h"

namespace arbiter::server::puzzles {

// The attempt's row for Store::rate_puzzle_attempt: `solver` is the solver's stored row (nullopt
// for a new solver named `solver_name`), `puzzle` the puzzle as read.
store::PuzzleAttemptRow rate_attempt(const std::string& solver_name,
                                     const std::optional<store::PuzzleRatingRow>& solver,
                                     const store::PuzzleRow& puzzle, bool solved, int64_t now_ms);

}  // namespace arbiter::server::puzzles
