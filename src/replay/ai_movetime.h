// How long an AI seat searches for its move: one rule for the server's own searches
// (server/ai_seats/ai_seats.cpp) and for `arbiter worker` (worker/), so an AI manages its clock the
// same wherever it searches.
#pragma once

#include <cstdint>

#include "replay/stored_game.h"

namespace arbiter::replay {

// The least an AI with a clock searches (seconds), however little time it has left.
inline constexpr double kMinAiMovetime = 0.01;

// The search time (seconds) of the AI seat to move in `g` at `now_ms`: `limit` (--ai-movetime)
// when no clock runs; with a clock, a thirtieth of what the seat has left plus the increment,
// never more than half of what is left, nor more than `limit`, nor less than kMinAiMovetime.
double ai_movetime(const StoredGame& g, double limit, int64_t now_ms);

}  // namespace arbiter::replay
