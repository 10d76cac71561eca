// The games arbiter knows, as an explicit list (registry.cpp); no static-initialisation tricks.
#pragma once

#include <string_view>
#include <vector>

#include "games/game.h"

namespace arbiter {

const std::vector<const Game*>& all_games();
// nullptr when no game has that name (case-insensitive).
const Game* find_game(std::string_view name);
std::string game_names();  // "traverse, travelers, trap"

}  // namespace arbiter
