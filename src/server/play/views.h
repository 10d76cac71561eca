// The rules core's views as the server uses them: the parts of a move (how it is made by
// pointing). One place, so the rest of the server does not depend on how the games spell them.
#pragma once

#include <string>

#include "games/board_view.h"
#include "games/game.h"

namespace arbiter::server {

// `text` must be a legal move of `state` in canonical text.
MoveParts move_parts_of(const GameState& state, const std::string& text);

}  // namespace arbiter::server
