// A resignation ends a game outside its rules, so the rules' result text and a record's Result
// tag cannot hold it: `play` keeps it in a record tag of its own, and `play` and `show` word it
// the same way.
#pragma once

#include <string>

#include "games/game.h"
#include "records/record.h"

namespace arbiter::cli {

inline constexpr const char* kResignedTag = "Resigned";  // [Resigned "south"]

// "south resigned: north wins" with two players, "south resigned" with more.
std::string resignation_text(const GameState& state, int player);
// The player a record's Resigned tag names, -1 when it has none (or names no player).
int resigned_player(const GameState& state, const Record& record);

}  // namespace arbiter::cli
