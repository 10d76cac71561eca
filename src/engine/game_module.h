// The table of every game's searches. The rules interface (games/game.h) names no engine type:
// the program's game list (app/game_list.cpp) fills this table with one GameModule per
// Descriptor, pairing the game's runtime Game (GameAdapter, games/adapter.h) with its searches
// (GameSearcher, game_searcher.h), and the engine finds a game's searches here, by the game.
// The game's AI (GameAi<State>, ai/game_ai.h) must be visible where game_module is instantiated.
#pragma once

#include <memory>
#include <vector>

#include "engine/game_searcher.h"
#include "games/adapter.h"

namespace arbiter::engine {

struct GameModule {
  const Game* game = nullptr;
  std::unique_ptr<Searcher> (*make_searcher)() = nullptr;
};

// Every game's module, in the order of all_games() (games/registry.h): defined by the program's
// game list, beside all_games().
const std::vector<GameModule>& game_modules();

// The searches for positions of `game`, which must be one of all_games().
std::unique_ptr<Searcher> make_searcher(const Game& game);

// The one module of a Descriptor: its Game made on first use.
template <class Descriptor>
GameModule game_module() {
  static const GameAdapter<Descriptor> game;
  return {&game, []() -> std::unique_ptr<Searcher> {
            return std::make_unique<GameSearcher<Descriptor>>();
          }};
}

}  // namespace arbiter::engine
