// What `arbiter play` prints when a player asks which moves there are: `moves` (all of them),
// a square (the moves of the piece on it), or the start of a move (the moves it begins). A
// listing longer than a screenful is summarised instead, with a line saying how to narrow it
// or ask for the whole list: Trap per mover (trap_listing.h), the other games per square.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace arbiter::cli {

struct MoveListing {
  bool found = false;   // false: `text` is one line saying why nothing is listed
  bool square = false;  // what was typed names a cell of the board
  std::string text;     // lines, each ending in '\n'
};

// `typed` empty lists every legal move; a cell name (any case) lists the moves of the piece on
// it, or says the cell is empty, holds another player's piece, or has no moves; anything else
// lists the moves whose text begins so (Trap: either part of a two-part turn). With `all`
// nothing is summarised.
MoveListing list_moves(const GameState& state, std::string_view typed, bool all);

// Shared by the listings.
constexpr std::size_t kLineWidth = 78;
constexpr std::size_t kScreenLines = 20;  // a listing longer than this is summarised
// Words filled into lines of at most kLineWidth; lines after the first start with `indent`.
std::vector<std::string> fill_lines(const std::vector<std::string>& words,
                                    std::string_view indent = "");
std::string with_commas(std::size_t n);  // 15054 -> "15,054"
// Cell names in board order: row letter, then number as a number (c9 before c10).
bool cell_before(const std::string& a, const std::string& b);

}  // namespace arbiter::cli
