// The hub: every live game, and the operations of docs/api.md on them, independent of any
// transport (the HTTP and WebSocket sessions and the request fuzzer all call it).
//
// Games are kept in memory (game_registry.h) and in the Store. A change (move, join, resign,
// undo, rematch, create) is checked under the game's lock, then its write goes to the store
// thread (store/store_queue.h) and the caller's thread goes on: once the write has committed, the
// store thread applies the change under the lock, broadcasts it to the subscribers, queues the
// AI's search when an AI seat is to move, and answers the caller (game_changes.h). So a change
// is stored (a move ply-checked, in a transaction) before anyone is told of it, and no I/O
// thread waits on the disk. A failed step changes nothing. Each action has one entry here, which
// answers through its Reply (outcome.h; wait_for.h waits for one).
//
// Work that may be slow or wait on the disk (loading a game that is not in memory, listing,
// the legal endpoint's click index) runs on the hub's workers (work_pool.h), and AI searches on
// the AI scheduler (ai_pool.h); each has a bounded queue, and a request past a bound is
// answered 503 ("busy") rather than left waiting. health() answers from memory.
//
// The hub answers with plain data (game_view.h); the API (api.h, api_json.h) writes it as JSON.
//
// The hub is the composition of its parts, each with one job and its own header:
//   game_registry.h  the games in memory, loading and eviction
//   game_changes.h   the per-game write queue every change goes through
//   game_broadcast.h what follows a change: watchers, flag deadline, observers (game_events.h:
//                    the lobby, the ratings, the AI engines, the click indexes)
//   moves.h          move, join, undo, takebacks      endings.h  resign, abort, claim, flags
//   game_creation.h  create, rematch                  offers.h   draw and takeback offers
//   presence.h       the seats' WebSockets            game_queries.h  catalog, board, legal,
//   flag_scheduler.h the flags on time                                record, get, list
//   abandoned_games.h closing abandoned games         store_sync.h  other servers' changes
//   account_seats.h  accounts' part in games          ai_seats/ai_seats.h  the AI seats
//   accounts/session_revocations.h  sessions other servers ended
//
// Lock order, over all parts: the registry's mutex → its LRU mutex; the registry's mutex only
// tries a game's lock (eviction), never waits for one; a game's lock → the flag scheduler's,
// the lobby's, the AI pool's and engines', the legal indexes', the store queue's; one
// fire_due_flags() at a time (its mutex before any game's). No part holds two games' locks but
// a rematch, which takes the new game's (unreachable by anyone else) under the old one's.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/address_book.h"
#include "server/accounts/caller.h"
#include "server/accounts/session_revocations.h"
#include "server/ai_seats/ai_seats.h"
#include "server/lobby/lobby.h"
#include "server/play/abandoned_games.h"
#include "server/play/account_seats.h"
#include "server/play/endings.h"
#include "server/play/flag_scheduler.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_creation.h"
#include "server/play/game_log.h"
#include "server/play/game_metrics.h"
#include "server/play/game_queries.h"
#include "server/play/game_registry.h"
#include "server/play/game_view.h"
#include "server/play/hub_options.h"
#include "server/play/legal_index.h"
#include "server/play/live_game.h"
#include "server/play/moves.h"
#include "server/play/offers.h"
#include "server/play/outcome.h"
#include "server/play/play_parts.h"
#include "server/play/presence.h"
#include "server/play/store_sync.h"
#include "server/play/work_pool.h"
#include "server/ratings/rating_updater.h"
#include "store/change_feed.h"
#include "store/store.h"
#include "store/store_queue.h"

namespace arbiter::server {

// What /api/health reports, all from memory.
struct HubHealth {
  store::StoreQueue::Health store;
  AiPool::Stats ai;
  std::size_t work_queued = 0;  // hub jobs waiting or running
  std::size_t work_capacity = 0;
  std::size_t live_games = 0;
  LegalIndexes::Stats legal;
  uint64_t abandoned = 0;  // games closed as abandoned since start
  bool draining = false;   // the server is stopping (Server::drain): send traffic elsewhere
};

class Hub {
 public:
  template <class T>
  using Reply = server::Reply<T>;

  Hub(std::shared_ptr<store::Store> store, HubOptions options);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Starts hearing other servers' changes (shared_store_url), closes the abandoned games
  // (abandon_days), then loads the playing games from the store,
  // newest first, up to max_live_games; an AI seat to move in any playing game gets its search
  // queued (a game not loaded is loaded when its turn comes). A game that no longer replays is
  // reported in the returned list and skipped. Linear in the stored games, plus a sort.
  Result<std::vector<std::string>> load();
  // Stops every search, the AI scheduler and the workers, and writes what is queued; later AI
  // results are dropped.
  void shutdown();

  // Queries (game_queries.h).
  static const Catalog& catalog() { return game_catalog(); }
  static Outcome<BoardView> board(std::string_view game, std::string_view params,
                                  std::string_view position) {
    return board_view(game, params, position);
  }
  Outcome<GameViewPtr> get(std::string_view id, std::optional<int> at = std::nullopt) {
    return queries_.get(id, at);
  }
  Outcome<std::vector<GameViewPtr>> list(const store::GameFilter& filter) {
    return queries_.list(filter);
  }
  // Builds the position's click index when it is not kept (may take a good part of a second for
  // a large Trap): call it from a worker (run_work), not an I/O thread; legal_prefix likewise.
  Outcome<LegalClicks> legal(std::string_view id, const std::vector<std::string>& clicks) {
    return queries_.legal(id, clicks);
  }
  Outcome<LegalPrefix> legal_prefix(std::string_view id, std::string_view prefix,
                                    std::size_t limit) {
    return queries_.legal_prefix(id, prefix, limit);
  }
  Outcome<std::string> record(std::string_view id) { return queries_.record(id); }
  // Adds a watcher; it is sent the game's state at once and after every change.
  Outcome<bool> subscribe(std::string_view id, const std::weak_ptr<Subscriber>& watcher) {
    return queries_.subscribe(id, watcher);
  }
  // The server drains (Server::drain): health() says so from now on.
  void set_draining() { draining_ = true; }
  bool draining() const { return draining_; }
  HubHealth health() const;
  // Runs `job` on a hub worker; false (not run) when the workers' queue is full.
  bool run_work(std::function<void()> job) { return work_.submit(std::move(job)); }
  // The answer to give when run_work refuses.
  static ApiError busy_workers();
  // The answer for a failed store call (store_failure.h): 409 for a conflict, 503 when the
  // store cannot write; the store's own text is logged, never answered.
  static ApiError store_failure(const store::Status& st);

  // Changes, answered through `done` once stored. `caller` is who sent it (accounts/caller.h:
  // a seat token's bearer, an account, or nobody); `client` names the caller for fair AI scheduling
  // ("" when not known). Those marked (reread) run again on a fresh copy of the game after a
  // refusal a copy behind the shared store might give (StoreSync::rereading).
  void create(const NewGame& request, std::string client, Reply<Seated> done);
  void move(std::string_view id, const accounts::Caller& caller, std::string_view move,
            std::optional<int> ply, std::string client, Reply<GameViewPtr> done);  // (reread)
  void join(std::string_view id, int seat, const accounts::Caller& caller, Reply<Seated> done);
  void resign(std::string_view id, const accounts::Caller& caller, std::optional<int> seat,
              Reply<GameViewPtr> done);  // (reread)
  // Ends the game aborted (game_start.h): any seat holder of a game between people, while some
  // seat has not yet moved; 409 otherwise. (reread)
  void abort(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done);
  void undo(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done);
  void rematch(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done);
  // Fair endings (docs/online.md, offers.h): draw offers (games with draws only), takeback
  // requests (every other seat a person's), and claim: the win (or, `draw`, a draw in games with
  // draws) from the seat to move, away past the disconnect grace in a real-time game. (reread)
  void draw(std::string_view id, const accounts::Caller& caller, DrawAction action,
            Reply<GameViewPtr> done);
  void takeback(std::string_view id, const accounts::Caller& caller, TakebackAction action,
                Reply<GameViewPtr> done);
  void claim(std::string_view id, const accounts::Caller& caller, bool draw,
             Reply<GameViewPtr> done);

  // Presence (presence.h): `watcher` is `caller`; its seats count as present while it is
  // connected. The watchers are sent the new state, unless `quiet` (a move follows).
  Outcome<bool> announce(std::string_view id, const accounts::Caller& caller,
                         const std::weak_ptr<Subscriber>& watcher, bool quiet = false) {
    return presence_.announce(id, caller, watcher, quiet);
  }
  // `watcher` has disconnected: its seats are away from now unless another holds them.
  void leave(std::string_view id, const Subscriber* watcher) { presence_.leave(id, watcher); }

  // The hub's time (HubOptions::clock).
  int64_t now() const { return clock_.now(); }
  // Flags every game whose deadline has passed on the hub's clock: the flag thread calls it by
  // itself; a test calls it after moving its clock. Returns how many deadlines were due.
  std::size_t fire_due_flags() { return flags_.fire_due(); }
  // Closes the playing games unchanged since `before_ms` as abandoned (abandoned_games.h);
  // returns how many. Runs by itself every so often when abandon_days is set.
  std::size_t close_abandoned(int64_t before_ms) { return expiry_.close(before_ms); }

  // Another server sharing the store changed a game (store/change_feed.h); a game live here is
  // read again and its watchers told. Called on the feed's thread (store_sync.h).
  void store_changed(const store::GameChange& change) { sync_.store_changed(change); }
  // Whether the session whose token hashes to `token_hash` (held by `account_id`) may have
  // ended on another server sharing the store at or after `since_ms` (now_ms()); false without
  // a change feed (accounts/session_revocations.h).
  bool session_ended_since(std::string_view token_hash, int64_t account_id,
                           int64_t since_ms) const {
    return revocations_.ended_since(token_hash, account_id, since_ms);
  }

  std::size_t live_games() const { return registry_.size(); }
  // The store (accounts, ratings and the lobby read and write it directly).
  const std::shared_ptr<store::Store>& store() const { return store_; }
  // The lobby's seeks and listed games, pushed to its watchers (lobby.h).
  Lobby& lobby() { return lobby_; }
  // The addresses accounts were seen on (the API notes them), and their rules (account_seats.h).
  accounts::AddressBook& addresses() { return accounts_.addresses(); }
  std::optional<ApiError> same_address_refusal(const std::vector<int64_t>& accounts) const {
    return accounts_.same_address_refusal(accounts);
  }
  // Account `account_id` was deleted: its seats in the games in memory read "deleted" at once.
  void account_deleted(int64_t account_id) { accounts_.account_deleted(account_id); }
  AiEngines::Stats ai_engines() const { return ai_.engine_stats(); }
  // Waits until every write queued so far is stored and answered (tests).
  void flush() { writes_.flush(); }

 private:
  // The parts, in the order they are built; each refers to those it needs, and calls another
  // built after it only once the hub is running (through a hook or a callback).
  // The gauges read from the hub's parts when /metrics is rendered (add_metric_readings).
  static constexpr const char* kHubReadings[] = {
      "arbiter_ai_searches",       "arbiter_ai_engine_bytes",  "arbiter_legal_index_bytes",
      "arbiter_store_queue_depth", "arbiter_work_queue_depth", "arbiter_games_in_memory"};
  void add_metric_readings();

  std::shared_ptr<store::Store> store_;
  ratings::RatingUpdater ratings_{store_};  // rated games, as they end (an observer)
  const HubOptions options_;
  const HubClock clock_{options_.clock};
  GameRegistry registry_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> draining_{false};
  store::StoreQueue writes_;
  Lobby lobby_{store_};       // told of every change of a listed game (an observer)
  GameMetrics game_metrics_;  // moves, endings and games being played (an observer)
  GameLog game_log_;          // the games' lines in the log (an observer)
  LegalIndexes legal_;
  FlagScheduler flags_;
  GameBroadcast broadcast_{flags_};
  GameChanges changes_;
  const PlayParts parts_{clock_, registry_, changes_, broadcast_};
  AccountSeats accounts_;
  AiSeats ai_;  // its engines, then its pool: the workers using the engines stop first
  WorkPool work_;
  Endings endings_;
  Moves moves_;
  GameCreation creation_;
  Offers offers_;
  Presence presence_;
  GameQueries queries_;
  AbandonedGames expiry_;
  SessionRevocations revocations_;
  StoreSync sync_;  // its feed's thread calls into the hub: stopped first
};

}  // namespace arbiter::server
