// Trap as structured data (games/board_view.h): the field for drawing, and a turn's clicks and
// route. view.cpp.
#pragma once

#include "core/result.h"
#include "games/board_view.h"
#include "games/trap/state.h"

namespace arbiter::trap {

BoardView view(const State& s);
// From the turn as written (State::read_move, P5a), legal in `before` or not; a turn legal in
// `before` is taken in its canonical spelling, text included. Clicks: a step is its mover's cell
// then the target cell, a wall its slot; (a) `c3-c4-d5` is clicked c3, c4, d5. The two steps of (b)
// may be clicked in either order, except the chain form (the second mover enters the cell the first
// left), which has only its play order; (c) is the step, then the wall; the two walls of (d) go in
// either order. The path is every mover cell in play order (empty for walls only and for `pass`).
Result<MoveParts> move_parts(const State& before, const WrittenMove& written);

}  // namespace arbiter::trap
