// Presence (docs/online.md): a WebSocket that sends its seat token (hello, or a move), or whose
// upgrade carried the session of an account (ws_session.cpp, announced as the account's caller
// token), marks the seats it holds present while it is connected; when the last one holding a
// seat goes, the seat is away from then. The seat to move, away past the disconnect grace in a
// real-time game, may be claimed (Endings::claim).
//
// Locking: each call takes the game's lock alone (a game in memory; neither loads one).
#pragma once

#include <memory>
#include <string_view>

#include "server/accounts/caller.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_registry.h"
#include "server/play/hub_options.h"

namespace arbiter::server {

class Presence {
 public:
  Presence(const HubClock& clock, GameRegistry& registry, GameBroadcast& broadcast)
      : clock_(clock), registry_(registry), broadcast_(broadcast) {}
  Presence(const Presence&) = delete;
  Presence& operator=(const Presence&) = delete;

  // `watcher`, a WebSocket watching game `id`, is `caller` (a seat token's bearer, or a
  // logged-in account, accounts/caller.h); its seats count as present while it is connected.
  // 401 for a caller holding no seat. The watchers are sent the new state, unless
  // `quiet` (a change about to be sent anyway: a move).
  Outcome<bool> announce(std::string_view id, const accounts::Caller& caller,
                         const std::weak_ptr<Subscriber>& watcher, bool quiet);
  // `watcher` has disconnected: its seats are away from now unless another holds them.
  void leave(std::string_view id, const Subscriber* watcher);

 private:
  const HubClock& clock_;
  GameRegistry& registry_;
  GameBroadcast& broadcast_;
};

}  // namespace arbiter::server
