// The rules core's views as the server uses them: the board view as JSON and the parts of a
// move (how it is made by pointing). One place, so the rest of the server does not depend on
// how the games spell them.
#pragma once

#include <string>

#include "games/board_view.h"
#include "games/game.h"
#include "server/json_writer.h"

namespace arbiter::server {

// The board view as JSON (docs/api.md, "board"), written straight into `out`: it goes out after
// every move.
void write_board(JsonWriter& out, const BoardView& view);
// `text` must be a legal move of `state` in canonical text.
MoveParts move_parts_of(const GameState& state, const std::string& text);

}  // namespace arbiter::server
