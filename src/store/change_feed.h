// Changes to stored games as other processes make them: how several `arbiter serve` processes on
// one PostgreSQL database learn of each other's moves.
//
// The PostgreSQL store sends a notice (NOTIFY arbiter_games, "GAME MOVES ORIGIN") inside each
// write's transaction, so a notice is delivered exactly when its change commits, never for a write
// that rolled back. A notice carries no state: the receiver reads the truth from the database (the
// game and move count say which game and how far it has got). Notices of a process's own writes
// come back to it too, recognised by their origin (Store::origin()).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "store/store.h"

namespace arbiter::store {

inline constexpr const char* kGameChannel = "arbiter_games";

struct GameChange {
  std::string game_id;  // "" means: notices may have been missed (the connection was lost and is
                        // back); the receiver should reread every game it holds
  int moves = 0;        // moves stored after the change; -1 when only the game's row changed
  std::string origin;   // the store object that made it (Store::origin())
};

// Listens on its own connection and thread, calling `on_change` (on that thread) for each notice;
// reconnects after a loss (then calls once with an empty game_id). Stops when destroyed.
class ChangeFeed {
 public:
  virtual ~ChangeFeed() = default;
};

// A feed for the database `url` names: PostgreSQL only. Fails when the database cannot be reached.
Result<std::unique_ptr<ChangeFeed>> listen_for_changes(
    const std::string& url, std::function<void(const GameChange&)> on_change);

}  // namespace arbiter::store
