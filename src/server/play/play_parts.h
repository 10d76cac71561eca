// What every game action of the play concern works through, passed as one value: the hub's
// clock, the live games (GameRegistry), their changes under each game's lock and their writes
// (GameChanges), and what watchers are sent (GameBroadcast). The Hub owns all four and outlives
// every part holding this.
#pragma once

namespace arbiter::server {

class HubClock;
class GameRegistry;
class GameChanges;
class GameBroadcast;

struct PlayParts {
  const HubClock& clock;
  GameRegistry& registry;
  GameChanges& changes;
  GameBroadcast& broadcast;
};

}  // namespace arbiter::server
