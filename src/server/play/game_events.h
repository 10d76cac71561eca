// The typed "game changed" event and the observers of it. Parts of the server that follow the
// games without being asked (the lobby's listed games, the ratings of finished games, the AI
// engines and click indexes a finished game no longer needs) register an observer once, when
// the hub is constructed; the hub's parts publish to them under the game's lock.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "server/play/live_game.h"

namespace arbiter::server {

struct GameChanged {
  enum class Kind {
    // The game's state, seats or status changed (its watchers are sent the new state next), or
    // a new game went live (creation, a rematch).
    kState,
    // The game's status became finished and the ending is stored: once per game, before the
    // kState event of the same change.
    kEnded,
  };
  Kind kind = Kind::kState;
  const LiveGame& game;  // under its lock for the call
};

class GameObservers {
 public:
  using Observer = std::function<void(const GameChanged&)>;

  // Before any game goes live (the hub's constructor): the list is read without a lock after.
  void add(Observer observer) { observers_.push_back(std::move(observer)); }
  // Under the game's lock: each observer, in the order added. An observer must not block, take
  // a game's lock or call back into the hub.
  void publish(const GameChanged& event) const {
    for (const Observer& observer : observers_) observer(event);
  }

 private:
  std::vector<Observer> observers_;
};

}  // namespace arbiter::server
