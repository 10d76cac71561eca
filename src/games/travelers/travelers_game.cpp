#include "games/travelers/travelers_game.h"

namespace arbiter::travelers {

const Game& game() {
  static const GameAdapter<Traits> instance;
  return instance;
}

}  // namespace arbiter::travelers
