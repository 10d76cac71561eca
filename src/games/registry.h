// The games arbiter knows. all_games() is the one list (app/game_list.cpp, linked into each program
// rather than the library, so that the test build can add its test games); no
// static-initialisation tricks. Everything else finds a game here, by name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace arbiter {

// Every game, in the order of the list (the order of menus, help and the bench).
const std::vector<const Game*>& all_games();
// nullptr when no game has that name (case-insensitive).
const Game* find_game(std::string_view name);
std::string game_names();   // "traverse, travelers, trap"
std::string game_titles();  // "Traverse, The Travelers and Trap"

}  // namespace arbiter
