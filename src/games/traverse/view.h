// Traverse as structured data (games/board_view.h): the board for drawing, and a move's clicks
// and route. view.cpp.
#pragma once

#include <string_view>

#include "core/result.h"
#include "games/board_view.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

BoardView view(const State& s);
// From the move text alone (a route `d1-d3-f5` with optional placements `/e10,f1`, or `pass`):
// clicks are the piece, the destination, then each placement; the path is every square the
// route names. A bare `from-to` that is legal now is first spelt out in full (canonical).
Result<MoveParts> move_parts(const State& s, std::string_view move);

}  // namespace arbiter::traverse
