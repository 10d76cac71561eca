#include "engine/game_module.h"

#include <cstdio>
#include <cstdlib>

namespace arbiter::engine {

std::unique_ptr<Searcher> make_searcher(const Game& game) {
  for (const GameModule& m : game_modules()) {
    if (m.game == &game) return m.make_searcher();
  }
  // Every Game a program holds comes from all_games(), which is made from the same table.
  std::fprintf(stderr, "arbiter: no searches for game %.*s\n", static_cast<int>(game.name().size()),
               game.name().data());
  std::abort();
}

}  // namespace arbiter::engine
