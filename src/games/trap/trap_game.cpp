#include "games/trap/trap_game.h"

#include "games/adapter.h"

namespace arbiter::trap {

const Game& game() {
  static const GameAdapter<Traits> instance;
  return instance;
}

}  // namespace arbiter::trap
