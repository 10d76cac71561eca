// Changes to stored games as other processes make them: how several `arbiter serve` processes on
// one PostgreSQL database learn of each other's moves.
//
// The PostgreSQL store sends a notice (NOTIFY arbiter_games, "GAME MOVES ORIGIN") inside each
// write's transaction, so a notice is delivered exactly when its change commits, never for a write
// that rolled back. A notice carries no state: the receiver reads the truth from the database (the
// game and move count say which game and how far it has got). Notices of a process's own writes
// come back to it too, recognised by their origin (Store::origin()).
//
// An AI worker's search progress has a channel of its own too (NOTIFY arbiter_thinking,
// thinking_notice.h): nothing is read again, the notice is the news.
//
// The seeks of the lobby have a channel of their own (NOTIFY arbiter_seeks, "SEEK ORIGIN", sent
// by each write of a seek): a server hears that the seeks changed and reads them again.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "store/store.h"
#include "store/thinking_notice.h"

namespace arbiter::store {

inline constexpr const char* kGameChannel = "arbiter_games";
inline constexpr const char* kSeekChannel = "arbiter_seeks";
// Sessions ended (NOTIFY arbiter_sessions, "token HASH ORIGIN" for a logout, "account ID ORIGIN"
// when an account's sessions end: a password change, a deletion): a server that keeps sessions
// it has read stops trusting them (server/accounts/session_revocations.h).
inline constexpr const char* kSessionChannel = "arbiter_sessions";

struct GameChange {
  // A game's change, or the seeks' (then game_id and moves are unused, seek_id names the seek
  // added or removed, 0 for several at once).
  enum class Kind { kGame, kSeeks, kSessions, kThinking };
  Kind kind = Kind::kGame;
  int64_t seek_id = 0;
  // kSessions: the session whose token hashes to this ended, or ("") sessions of account_id.
  std::string session_hash;
  int64_t account_id = 0;
  std::string game_id;  // "" means: notices may have been missed (the connection was lost and is
                        // back); the receiver should reread every game it holds
  int moves = 0;        // moves stored after the change; -1 when only the game's row changed
  std::string origin;   // the store object that made it (Store::origin())
  ThinkingNotice thinking;  // kThinking: the search's progress (game_id and moves are its game
                            // and ply too)
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
