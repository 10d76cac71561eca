// What follows a stored change of a game, under its lock: its cached views go, its deadline goes
// to the flag scheduler, the observers hear of it (game_events.h: the lobby; at an ending the
// ratings, the AI engines and the click indexes) and every watcher is sent the new state.
//
// Locking: every call is made under the game's lock; the flag scheduler's mutex and whatever
// the observers take (the lobby's) come after it. A watcher's send must not block or call back.
#pragma once

#include <memory>

#include "server/play/flag_scheduler.h"
#include "server/play/game_events.h"
#include "server/play/live_game.h"

namespace arbiter::server {

class GameBroadcast {
 public:
  explicit GameBroadcast(FlagScheduler& flags) : flags_(flags) {}
  GameBroadcast(const GameBroadcast&) = delete;
  GameBroadcast& operator=(const GameBroadcast&) = delete;

  // The observers, registered while the hub is constructed.
  GameObservers& observers() { return observers_; }

  // After a change (state, seats or status): invalidates the caches, schedules the flag, tells
  // the observers (kState) and pushes the new state to every watcher.
  void state_locked(LiveGame& g);
  // A new game went live (it has no watchers yet): the observers are told (kState).
  void went_live_locked(const LiveGame& g);
  // After the game's status became finished: the observers are told (kEnded: its rating, its
  // engine and index not needed any more) and its flag is off. Every ending (the board, a
  // resignation, a flag, a draw agreed, a claim, abandonment, another server's) passes through
  // here once, after the ending is stored and before state_locked.
  void ended_locked(LiveGame& g);
  // Sends `event` to every watcher of `g`; a watcher that has gone away is dropped.
  static void send_locked(LiveGame& g, const std::shared_ptr<const GameEvent>& event);

 private:
  FlagScheduler& flags_;
  GameObservers observers_;
};

}  // namespace arbiter::server
