// GameModule<Descriptor>: one game as the programs hold it, the runtime Game of its Descriptor
// (GameAdapter, games/adapter.h) joined to its searches (GameSearcher, game_searcher.h). It sits
// here, above the searches, so that games/ knows nothing of them; the game list
// (games/game_list.cpp) makes one per game. The game's AI (GameAi<State>, ai/game_ai.h) must be
// visible where it is instantiated.
#pragma once

#include <memory>

#include "engine/game_searcher.h"
#include "games/adapter.h"

namespace arbiter::engine {

template <class Descriptor>
class GameModule final : public GameAdapter<Descriptor> {
 public:
  std::unique_ptr<Searcher> make_searcher() const override {
    return std::make_unique<GameSearcher<Descriptor>>();
  }
};

// The one GameModule of a Descriptor, made on first use.
template <class Descriptor>
const Game& game_module() {
  static const GameModule<Descriptor> module;
  return module;
}

}  // namespace arbiter::engine
