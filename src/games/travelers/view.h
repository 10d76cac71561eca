// The Travelers as structured data (games/board_view.h): the board for drawing, and a move's
// clicks and route. view.cpp.
#pragma once

#include <string_view>

#include "core/result.h"
#include "games/board_view.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

BoardView view(const State& s);
// From the move text alone (`d2-d5`, `c2xc4`, `e1-e5/f5-f9`): clicks are the piece and its
// destination, then the displaced piece and where it goes; the path is from and to.
Result<MoveParts> move_parts(const State& s, std::string_view move);

}  // namespace arbiter::travelers
