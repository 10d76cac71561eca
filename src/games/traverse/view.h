// Traverse as structured data (games/board_view.h): the board for drawing, and a move's clicks
// and route. view.cpp.
#pragma once

#include "games/board_view.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

BoardView view(const State& s);
// From the move as written (State::read_move: a route `d1-d3-f5` with optional placements
// `/e10,f1`, or `pass`), legal in `before` or not: clicks are the piece, the destination, then
// each placement; a chain of several jumps may also be clicked as the piece, every landing in
// turn, then each placement (a second click order); the path is every square of the route. A move
// legal in `before` is taken in its canonical spelling (a bare `from-to` is spelt out in full),
// text included.
MoveParts move_parts(const State& before, const WrittenMove& written);

}  // namespace arbiter::traverse
