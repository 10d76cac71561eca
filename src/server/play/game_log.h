// The games' lines in the server's log (core/log.h): "game.live" when this server first holds a
// game (made, a rematch, or loaded from the store), "game.move" for each ply added (its number
// and text), "game.takeback" when plies are taken back, and "game.ended" with the result once.
// An observer of the hub's game events (game_events.h), registered once with the hub; lines
// name no seat token or account secret, only the game's id, its game and the moves.
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>

#include "server/play/game_events.h"

namespace arbiter::server {

class GameLog {
 public:
  // Under the game's lock (GameObservers::publish).
  void observe(const GameChanged& event);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, int> plies_;  // by id: the plies last logged, while played
};

}  // namespace arbiter::server
