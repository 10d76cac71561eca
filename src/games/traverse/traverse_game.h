// Traverse as a runtime Game (games/game.h), for the registry.
#pragma once

#include "games/game.h"

namespace arbiter::traverse {

const Game& game();

}  // namespace arbiter::traverse
