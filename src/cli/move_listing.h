// What `arbiter play` prints when a player asks which moves there are: `moves` (all of them),
// a square (the moves of the piece on it), or the start of a move (the moves it begins). A
// listing longer than a screenful is summarised instead, with a line saying how to narrow it
// or ask for the whole list: per square, or as the game's own MoveLister says (Trap: per mover).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "games/move_lister.h"

namespace arbiter::cli {

struct MoveListing {
  bool found = false;   // false: `text` is one line saying why nothing is listed
  bool square = false;  // what was typed names a cell of the board
  std::string text;     // lines, each ending in '\n'
};

// `typed` empty lists every legal move; a cell name (any case) lists the moves of the piece on
// it, or says the cell is empty, holds another player's piece, or has no moves; anything else
// lists the moves whose text begins so (in any order of a move's parts the game allows). With `all`
// nothing is summarised.
MoveListing list_moves(const GameState& state, std::string_view typed, bool all);

// The helpers the listings share (games/move_lister.h).
using arbiter::cell_before;
using arbiter::fill_lines;
using arbiter::kLineWidth;
using arbiter::kScreenLines;
using arbiter::with_commas;

}  // namespace arbiter::cli
