// Nim as structured data (games/board_view.h): the heaps for drawing, and a move's click.
// view.cpp.
#pragma once

#include "games/board_view.h"
#include "games/nim/state.h"

namespace arbiter::nim {

// A row of counters per heap, heap a on top; counter k of heap c is the cell c<k>, glyph
// "counter", nobody's.
BoardView view(const State& s);
// Taking k counters from heap c is pointed at as counter k of heap c: one click, c<k>, that
// changes nothing drawn before the move is sent. Every move, legal or not, has one spelling,
// the canonical one.
MoveParts move_parts(const State& before, const Move& written);

}  // namespace arbiter::nim
