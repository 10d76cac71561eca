// The one board drawing: a game's BoardView (games/board_view.h) as text, for `arbiter play`,
// `arbiter show` and the protocol's `display` alike, the letters taken from the game's legend
// (Legend, games/descriptor_types.h): the drawer knows no game. One drawer for square boards,
// one for hex fields. Each marks the cells of the last move with brackets, `[Sn]`, and walls just
// placed with `#`, so the mark survives a pipe; with colour (ANSI codes, for a terminal that
// shows them) it also tints them and paints each player's pieces and tinted zones. Plain text
// unless asked for colour.
#pragma once

#include <string>
#include <string_view>

#include "games/board_view.h"
#include "games/game.h"

namespace arbiter {

struct DrawOptions {
  bool colour = false;  // ANSI colour codes (a terminal concern: the caller decides)
  bool flip = false;    // turned round half a turn: the board as seen from the other side
};

// The board with coordinates on every side, then the legend's line. `last` may be null.
std::string draw_board(const Legend& legend, const BoardView& view, const MoveParts* last,
                       const DrawOptions& options);
// One line per game state: each player's summary ("south: 3 of 8 home"), then who is to move
// and the board's counters ("60 walls left") unless the game is over.
std::string draw_status(const BoardView& view, const DrawOptions& options);
// A game state as `play` shows it and `show` prints it: the board with the last move marked, the
// status, a `last move: PLAYER MOVE` line when a move was played, `game over: RESULT` at the end.
// `ended` is the result of a game that ended outside its rules (a resignation), else "".
std::string draw_game(const GameState& state, const DrawOptions& options,
                      const std::string& ended = "");

}  // namespace arbiter
