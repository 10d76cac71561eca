// Games shared by several servers on one PostgreSQL database (docs/deploy.md). Another server's
// change reaches this one as a notice (store/change_feed.h) naming the game and its move count;
// a game live here is then read again from the store, the truth, and its watchers are sent the
// new state. A change this server made itself comes back as a notice too and is recognised by
// its origin (store::Store::origin()). A move this server could not store because another server
// stored that ply first (409) also rereads the game, so the next request sees what the other
// stored. The lobby (lobby.h) hears of the seeks' notices, of games not in memory here, and of a
// lost connection. An AI worker's move (ai_workers 0, worker/worker.h) is one more change heard
// so, and its search's progress a notice that is relayed to the game's watchers. Sessions
// another server ends go to the session revocations (accounts/session_revocations.h).
//
// Locking: notices arrive on the feed's thread, rereads run on the hub's workers; both read the
// store with no lock held and apply what they read as a change (under the game's lock).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>

#include "server/accounts/session_revocations.h"
#include "server/ai_seats/ai_seats.h"
#include "server/lobby/lobby.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/work_pool.h"
#include "store/change_feed.h"
#include "store/store.h"

namespace arbiter::server {

class StoreSync {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;

  // `shared_store_url`: "" when this server is the store's only user (nothing is reread).
  // `account_deleted`: an account another server deleted, for its seats here.
  StoreSync(std::shared_ptr<store::Store> store, std::string shared_store_url,
            const std::atomic<bool>& stopping, GameRegistry& registry, GameChanges& changes,
            GameBroadcast& broadcast, AiSeats& ai, WorkPool& work, Lobby& lobby,
            SessionRevocations& revocations, std::function<void(int64_t)> account_deleted);
  StoreSync(const StoreSync&) = delete;
  StoreSync& operator=(const StoreSync&) = delete;

  bool shared() const { return !url_.empty(); }
  // Starts hearing the other servers' changes (once; nothing when not shared): before the
  // games are read, so a change made after is heard and one made before is read.
  Status listen();
  // Stops hearing them (its thread calls into the hub): first in the hub's shutdown.
  void stop() { feed_.reset(); }

  // Another server sharing the store changed a game (or the seeks, or ended sessions, or an AI
  // worker reports progress); called on the feed's thread.
  void store_changed(const store::GameChange& change);
  // Rereads a live game from the store on a worker and, when it differs, puts the stored state
  // in its place and broadcasts it. A full queue drops it: the next notice or request catches up.
  // One already queued for the game, not yet begun, stands for this one too: it reads what the
  // store holds when it begins.
  void refresh_later(const std::string& id);
  // Runs `attempt` with `done`. On a shared store, where this server's copy of game `id` may be
  // behind, a refusal a newer copy might not give (a seat this copy does not know was taken, a
  // later ply, another's turn, an offer made elsewhere, a change stored since by another server:
  // 401, 403, 409) rereads the game on a worker and runs `attempt` once more, whose answer is
  // final.
  void rereading(const std::string& id, std::function<void(Reply<GameViewPtr>)> attempt,
                 Reply<GameViewPtr> done);

 private:
  void refresh(const std::string& id);
  // refresh() by a full read only (refresh_replayed), decided before it returns: a request that
  // is tried again on the fresh copy must not find the one-move path handing its work to a
  // later replay (rereading()).
  void refresh_fully(const std::string& id);
  // The common case of refresh in time independent of the game's length: the store holds one
  // move more than `g`, after the same moves, and the row otherwise on the same terms; that move
  // is read alone and played on the live state. False when that is not so (refresh_replayed).
  bool refresh_appended(const GamePtr& g);
  // Reads the game and replays every stored move (on a worker: refresh_replayed_later).
  void refresh_replayed(const GamePtr& g);
  void refresh_replayed_later(const std::string& id);

  const std::shared_ptr<store::Store> store_;
  const std::string url_;
  const std::atomic<bool>& stopping_;
  GameRegistry& registry_;
  GameChanges& changes_;
  GameBroadcast& broadcast_;
  AiSeats& ai_;
  WorkPool& work_;
  Lobby& lobby_;
  SessionRevocations& revocations_;
  const std::function<void(int64_t)> account_deleted_;
  std::unique_ptr<store::ChangeFeed> feed_;
  // The games with a refresh_later queued and not yet begun. Without this, another server's
  // stream of moves in a game queued a reread per move, most of them finding nothing new (a full
  // replay each): the workers' queue filled, requests waited behind it or were answered busy.
  std::mutex queued_mu_;
  std::unordered_set<std::string> queued_;
};

}  // namespace arbiter::server
