// A resignation ends a game outside its rules: the moves alone do not end it, so a record names
// the player who resigned in a tag of its own, `[Resigned "north"]`, and its Result tag, the
// result `show` and `show --json` give and the returns all say who won by it (docs/records.md).
#pragma once

#include <string>
#include <vector>

#include "games/game.h"

namespace arbiter {

inline constexpr const char* kResignedTag = "Resigned";  // [Resigned "south"]

// "south resigned: north wins" with two players, "south resigned" with more.
std::string resignation_text(const GameState& state, int player);
// −1 for the player who resigned, the others share +1 (as the server scores a resignation).
std::vector<double> resignation_returns(const GameState& state, int player);
// The player named `name`, -1 when no player of this game is.
int player_named(const GameState& state, const std::string& name);

}  // namespace arbiter
