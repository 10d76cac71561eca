// The game list, the one list of the games, and the program's composition root: each entry
// joins a game's Descriptor (games/<game>/descriptor.h) and its AI (GameAi<State>,
// games/<game>/ai.h) into a module (engine/game_module.h), and all_games() (games/registry.h) is
// the modules' games. This file is linked into each program, not into a library: the test build
// compiles it with ARBITER_TEST_GAMES, adding the games under tests/games/ that prove a game needs
// nothing beyond its folder, this list and the build file.
#include "engine/game_module.h"
#include "games/registry.h"
#include "games/trap/ai.h"
#include "games/trap/descriptor.h"
#include "games/travelers/ai.h"
#include "games/travelers/descriptor.h"
#include "games/traverse/ai.h"
#include "games/traverse/descriptor.h"
#ifdef ARBITER_TEST_GAMES  // tests/games/
#include "games/nim/ai.h"
#include "games/nim/descriptor.h"
#endif

namespace arbiter {

const std::vector<engine::GameModule>& engine::game_modules() {
  static const std::vector<GameModule> modules = {
      game_module<traverse::Descriptor>(),
      game_module<travelers::Descriptor>(),
      game_module<trap::Descriptor>(),
#ifdef ARBITER_TEST_GAMES
      game_module<nim::Descriptor>(),
#endif
  };
  return modules;
}

const std::vector<const Game*>& all_games() {
  static const std::vector<const Game*> games = [] {
    std::vector<const Game*> out;
    for (const engine::GameModule& m : engine::game_modules()) out.push_back(m.game);
    return out;
  }();
  return games;
}

}  // namespace arbiter
