// The Travelers as structured data (games/board_view.h): the board for drawing, and a move's
// clicks and route. view.cpp.
#pragma once

#include "games/board_view.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

BoardView view(const State& s);
// From the move as written (State::read_move), legal in `before` or not: clicks are the piece and
// its destination, then the displaced piece and where it goes; the path is from and to. The
// text is the canonical one when the move is legal in `before`, else the written one.
MoveParts move_parts(const State& before, const WrittenMove& written);

}  // namespace arbiter::travelers
