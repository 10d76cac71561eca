// The ratings an attempt's end writes (docs/api.md "Puzzles"): the solver and the puzzle play one
// Glicko-2 game (server/ratings/glicko2.h), the solver winning when it solved the puzzle. Each
// side is rated against the other's rating before the attempt. The solver's deviation first
// grows with the days since its last rated attempt, one rating period per day as players'
// ratings do (docs/online.md); a puzzle's does not (puzzles are played all the time). A new
// solver starts at 1500, RD 350, volatility 0.06.
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
