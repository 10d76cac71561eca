// The hub: every live game, and the operations of docs/api.md on them, independent of any
// transport (the HTTP and WebSocket sessions and the request fuzzer all call it).
//
// Games are kept in memory (id → LiveGame) and in the Store. A change (move, join, resign, undo,
// rematch, create) is checked under the game's lock, then its write goes to the store thread
// (store/store_queue.h) and the caller's thread goes on: once the write has committed, the store
// thread applies the change under the lock, broadcasts it to the subscribers, queues the AI's
// search when an AI seat is to move, and answers the caller. So a change is stored (a move
// ply-checked, in a transaction) before anyone is told of it, and no I/O thread waits on the
// disk. A failed step changes nothing.
//
// Work that may be slow or wait on the disk (loading a game that is not in memory, listing,
// the legal endpoint's click index) runs on the hub's workers (work_pool.h), and AI searches on
// the AI scheduler (ai_pool.h); each has a bounded queue, and a request past a bound is
// answered 503 ("busy") rather than left waiting. health() answers from memory.
//
// The hub answers with plain data (game_view.h); the API (api.h, api_json.h) writes it as JSON.
//
// Files: hub.cpp (registry, loading, eviction, create/get/list, subscribers, health),
// hub_actions.cpp (move, join, resign, abort, undo, rematch), hub_accounts.cpp (accounts' part
// in games: deletions, shared addresses), hub_ai.cpp (AI searches),
// hub_expiry.cpp (closing abandoned games), hub_sync.cpp (games other servers change),
// hub_clock.cpp (flags on time, presence and claims), hub_offers.cpp (draw and takeback offers),
// hub_queries.cpp (catalog, board, legal, record);
// ai_engines.h keeps the AI seats' engines between moves; legal_index.h the click indexes;
// lobby.h the lobby's seeks and listed games, told of every change of a listed game.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <list>
#include <memory>
#include <optional>
#include <queue>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/accounts/address_book.h"
#include "server/ai_seats/ai_engines.h"
#include "server/ai_seats/ai_pool.h"
#include "server/lobby/lobby.h"
#include "server/play/game_view.h"
#include "server/play/legal_index.h"
#include "server/play/live_game.h"
#include "server/play/outcome.h"
#include "server/play/work_pool.h"
#include "server/ratings/rating_updater.h"
#include "store/change_feed.h"
#include "store/store.h"
#include "store/store_queue.h"

namespace arbiter::server {

struct HubOptions {
  double ai_movetime = 0.5;  // seconds per AI move
  // Concurrent AI searches. 0: none here; every AI turn is stored as a job (store ai_jobs) for
  // `arbiter worker` processes, whose moves reach this server through the change feed
  // (shared_store_url).
  int ai_workers = 2;
  // Games kept in memory; past this, idle ones (nobody watching, no request or search using
  // them) are dropped, least recently used first, and loaded from the store when asked for.
  std::size_t max_live_games = 4096;
  // Megabytes the AI engines kept between moves may take together (ai_engines.h); at least
  // AiEngines::largest_engine_megabytes().
  std::size_t ai_memory_mb = 256;
  // AI searches that may wait for a worker; a request that would queue one more is answered
  // 503. Each game has at most one waiting.
  std::size_t ai_queue = 512;
  // Writes that may wait for the store thread; past it a change is answered 503.
  std::size_t store_queue = 8192;
  // Hub workers (loads from the store, listings, legal indexes) and the jobs that may wait.
  int workers = 2;
  std::size_t work_queue = 512;
  // Megabytes the legal endpoint's click indexes take together (legal_index.h).
  std::size_t legal_memory_mb = 64;
  // An unfinished game that nothing changed in for this many days (no move, no join, no
  // resignation: a person's move always changes it) is closed as abandoned; 0: never.
  double abandon_days = 0;
  // A PostgreSQL store shared with other servers: its URL, to hear their changes
  // (store/change_feed.h, hub_sync.cpp); "" when this server is the store's only user.
  std::string shared_store_url;
  // The hub's clock, Unix ms: every time the hub reads (clocks, flags, stored times) comes from
  // it. Empty: now_ms(), and the hub fires flags itself. A test supplies its own and, after
  // moving it, calls fire_due_flags() (the hub then runs no flag timer of its own).
  std::function<int64_t()> clock;
  // How long the real-time seat to move may have no WebSocket holding its token before the
  // others may claim the game (docs/online.md).
  int64_t disconnect_grace_ms = 60'000;
  // Whether accounts seen on one address (accounts/address_book.h) may play rated games
  // together (--rated-same-address: a club whose players share one address).
  bool rated_same_address = false;
};

// What /api/health reports, all from memory.
struct HubHealth {
  store::StoreQueue::Health store;
  AiPool::Stats ai;
  std::size_t work_queued = 0;  // hub jobs waiting or running
  std::size_t work_capacity = 0;
  std::size_t live_games = 0;
  LegalIndexes::Stats legal;
  uint64_t abandoned = 0;  // games closed as abandoned since start
};

class Hub {
 public:
  // Called once with the answer of an asynchronous operation: on the caller's thread before
  // the call returns, or later on the store thread or a hub worker. It must not block.
  template <class T>
  using Reply = std::function<void(Outcome<T>)>;

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

  // Queries.
  static const Catalog& catalog();
  // The board view of a position of `game` (GET /api/board): `position` is the game's position
  // text, "" for the start under `params`. 400 naming the field (game, params, position) at fault.
  static Outcome<BoardView> board(std::string_view game, std::string_view params,
                                  std::string_view position);
  // The game object; with `at`, as it stood after that many moves (replay).
  Outcome<GameViewPtr> get(std::string_view id, std::optional<int> at = std::nullopt);
  // The games the filter names that still replay, in the store's order.
  Outcome<std::vector<GameViewPtr>> list(const store::GameFilter& filter);
  // Builds the position's click index when it is not kept (may take a good part of a second for
  // a large Trap): call it from a worker (run_work), not an I/O thread.
  Outcome<LegalClicks> legal(std::string_view id, const std::vector<std::string>& clicks);
  // The legal moves whose text begins with `prefix` (LegalIndex::with_prefix), the first
  // `limit` listed; from the same index, so the same worker rule.
  Outcome<LegalPrefix> legal_prefix(std::string_view id, std::string_view prefix,
                                    std::size_t limit);
  // The game record (docs/records.md), as text.
  Outcome<std::string> record(std::string_view id);
  HubHealth health() const;
  // Runs `job` on a hub worker; false (not run) when the workers' queue is full.
  bool run_work(std::function<void()> job);
  // The answer to give when run_work refuses.
  static ApiError busy_workers();
  // The answer for a failed store call (store_failure.h): 409 for a conflict, 503 when the
  // store cannot write; the store's own text is logged, never answered.
  static ApiError store_failure(const store::Status& st);

  // Changes, answered through `done` once stored. `token` is the bearer token ("" when none
  // was sent); `client` names the caller for fair AI scheduling ("" when not known).
  void create(const NewGame& request, std::string client, Reply<Seated> done);
  void move(std::string_view id, std::string_view token, std::string_view move,
            std::optional<int> ply, std::string client, Reply<GameViewPtr> done);
  void join(std::string_view id, int seat, std::string_view token, Reply<Seated> done);
  void resign(std::string_view id, std::string_view token, std::optional<int> seat,
              Reply<GameViewPtr> done);
  // Ends the game aborted (game_start.h): any seat holder of a game between people, while some
  // seat has not yet moved; 409 otherwise.
  void abort(std::string_view id, std::string_view token, Reply<GameViewPtr> done);
  void undo(std::string_view id, std::string_view token, Reply<GameViewPtr> done);
  void rematch(std::string_view id, std::string_view token, Reply<GameViewPtr> done);
  // Fair endings (docs/online.md). draw: "offer", "accept" or "decline" (games with draws
  // only); takeback: "request", "accept" or "decline" (every other seat a person's); claim:
  // the win (or, `draw`, a draw in games with draws) from the seat to move, away past the
  // disconnect grace in a real-time game.
  void draw(std::string_view id, std::string_view token, std::string_view action,
            Reply<GameViewPtr> done);
  void takeback(std::string_view id, std::string_view token, std::string_view action,
                Reply<GameViewPtr> done);
  void claim(std::string_view id, std::string_view token, bool draw, Reply<GameViewPtr> done);

  // The same changes, waiting for the answer (tests, tools; never from an I/O thread).
  Outcome<Seated> create(const NewGame& request);
  Outcome<GameViewPtr> move(std::string_view id, std::string_view token, std::string_view move,
                            std::optional<int> ply);
  Outcome<Seated> join(std::string_view id, int seat, std::string_view token);
  Outcome<GameViewPtr> resign(std::string_view id, std::string_view token, std::optional<int> seat);
  Outcome<GameViewPtr> abort(std::string_view id, std::string_view token);
  Outcome<GameViewPtr> undo(std::string_view id, std::string_view token);
  Outcome<GameViewPtr> rematch(std::string_view id, std::string_view token);
  Outcome<GameViewPtr> draw(std::string_view id, std::string_view token, std::string_view action);
  Outcome<GameViewPtr> takeback(std::string_view id, std::string_view token,
                                std::string_view action);
  Outcome<GameViewPtr> claim(std::string_view id, std::string_view token, bool draw);

  // Presence (hub_clock.cpp): `watcher`, a WebSocket watching game `id`, holds `token` (a seat
  // token, or a logged-in account's caller token, accounts/caller.h); its seats count as
  // present while it is connected. 401 for a token holding no seat. The
  // watchers are sent the new state, unless `quiet` (a change about to be sent anyway: a move).
  Outcome<bool> announce(std::string_view id, std::string_view token,
                         const std::weak_ptr<Subscriber>& watcher, bool quiet = false);
  // `watcher` has disconnected: its seats are away from now unless another holds them.
  void leave(std::string_view id, const Subscriber* watcher);

  // The hub's time (HubOptions::clock).
  int64_t now() const { return options_.clock ? options_.clock() : now_ms(); }
  // Flags every game whose deadline has passed on the hub's clock: the flag thread calls it by
  // itself; a test calls it after moving its clock. Returns how many deadlines were due.
  std::size_t fire_due_flags();
  // Closes the playing games unchanged since `before_ms` as abandoned (hub_expiry.cpp); returns
  // how many. Runs by itself every so often when abandon_days is set.
  std::size_t close_abandoned(int64_t before_ms);

  // hub_sync.cpp: another server sharing the store changed a game (store/change_feed.h); a
  // game live here is read again and its watchers told. Called on the feed's thread.
  void store_changed(const store::GameChange& change);
  // hub_sync.cpp: whether the session whose token hashes to `token_hash` (held by `account_id`)
  // may have ended on another server sharing the store (a logout, a password change, a
  // deletion) at or after `since_ms` (now_ms()); a server keeping sessions it has read asks
  // before trusting one read then. Heard through the change feed; false without one.
  bool session_ended_since(std::string_view token_hash, int64_t account_id, int64_t since_ms) const;

  // Adds a watcher; it is sent the game's state at once and after every change. Watchers are
  // held weakly: one that has gone away is dropped at the next broadcast.
  Outcome<bool> subscribe(std::string_view id, const std::weak_ptr<Subscriber>& watcher);

  std::size_t live_games() const;
  // The store (accounts, ratings and the lobby read and write it directly).
  const std::shared_ptr<store::Store>& store() const { return store_; }
  // The lobby's seeks and listed games, pushed to its watchers (lobby.h).
  Lobby& lobby() { return lobby_; }
  // hub_accounts.cpp: the addresses accounts were seen on (the API notes them).
  accounts::AddressBook& addresses() { return addresses_; }
  // The refusal of a rated game between `accounts` (0s ignored) when two of them were seen on
  // one address and the server does not allow it; nullopt when they may play it rated.
  std::optional<ApiError> same_address_refusal(const std::vector<int64_t>& accounts) const;
  // Account `account_id` was deleted (the store renamed its seats): its seats in the games in
  // memory are shown as "deleted" at once, and their watchers and the lobby told.
  void account_deleted(int64_t account_id);
  AiEngines::Stats ai_engines() const { return engines_.stats(); }
  // Waits until every write queued so far is stored and answered (tests).
  void flush() { writes_.flush(); }

 private:
  using Lock = std::unique_lock<std::mutex>;
  using GamePtr = std::shared_ptr<LiveGame>;

  // The game when it is in memory (marked used just now), else nullptr.
  GamePtr live(std::string_view id);
  // The same without marking it used: for the server's own rereads, which are no use of it.
  GamePtr held(const std::string& id) const;
  // The live game, loading (and replaying) it from the store when it is not in memory.
  Outcome<GamePtr> find(std::string_view id);
  Outcome<GamePtr> find(const store::GameRow& row);  // row already loaded
  // The legal endpoint's index of the game's position, built and kept when it is not (an empty
  // one once the game is over).
  Outcome<std::shared_ptr<const LegalIndex>> legal_index(std::string_view id);
  // Calls `then(game)` with the live game: at once when it is in memory, else on a worker once
  // loaded; a failure (unknown game, busy) goes to `fail`.
  void with_game(std::string_view id, std::function<void(const GamePtr&)> then,
                 std::function<void(const ApiError&)> fail);
  // Adds a game unless one with its id is live already; returns the live one.
  GamePtr insert(GamePtr g);
  // Under games_mu_ (exclusive): drops idle games other than `keep` while over the cap, looking
  // at a bounded number of the least recently used ones.
  void evict_idle_locked(const std::string& keep);
  // The seats `token` holds in `g`; 401 when it is missing or holds none.
  Outcome<std::vector<int>> held_seats(const LiveGame& g, std::string_view token) const;

  // The common start of a seat holder's change: finds game `id`, and once no earlier change of
  // it is being written, checks `token` and runs `action(game, seats held)` under the game's
  // lock; a failure of any step goes to `fail`.
  void seated_change(std::string_view id, std::string_view token,
                     std::function<void(const ApiError&)> fail,
                     std::function<void(const GamePtr&, const std::vector<int>&)> action);
  // Runs `step` under the game's lock once no earlier change of the game is being written
  // (at once when none is). With `busy`, a step that finds kMaxWaiting changes waiting already
  // is not queued: `busy` runs instead.
  void change(const GamePtr& g, std::function<void()> step, std::function<void()> busy = nullptr);
  // Under the game's lock: runs the changes that waited, until one writes.
  static void run_waiting_locked(LiveGame& g);
  // Under the game's lock, from a change's step: queues `write`; once stored, runs `then` with
  // its status under the lock, and then the changes that waited. False (nothing queued) when
  // the store's queue is full.
  bool write_locked(const GamePtr& g, store::Write write,
                    std::function<void(const store::Status&)> then);
  // Writes a new game's row (drawing another id on a conflict, up to three times); `then`
  // runs on the store thread with the stored row or the failure. False (`then` never called)
  // when the store's queue is full. `ai_job` (remote_ai_job_locked), when set, is stored with
  // the row, under its id.
  bool create_row(store::GameRow row, int attempt,
                  std::function<void(Outcome<store::GameRow>)> then,
                  std::optional<store::AiJobRow> ai_job = std::nullopt);

  // After a change (state, seats or status) under the game's lock: invalidates caches and
  // pushes the new state to every watcher.
  void broadcast_state(LiveGame& g);
  void broadcast(LiveGame& g, const std::shared_ptr<const GameEvent>& event);
  // Plays `text` for `seat` and stores it; the common path of human and AI moves. A human's
  // move (`by_person`) that would leave an AI to move is refused when the AI queue is full.
  void play_locked(const GamePtr& g, int seat, std::string_view text, bool by_person,
                   Reply<GameViewPtr> done);
  // Stops a running search and makes any result of it stale.
  void cancel_ai_locked(LiveGame& g);
  // After the game's status became finished: its engine and index are not needed any more,
  // its offers are void and its flag is off. Every ending (the board, a resignation, a flag, a
  // draw agreed, a claim, abandonment, another server's) passes through here once, under the
  // game's lock, after the ending is stored.
  void game_over_locked(LiveGame& g);
  // hub_accounts.cpp: whether the finished game changes ratings: not aborted, every seat moved
  // kRatedMovesPerSeat times (game_start.h), and no two of its accounts seen on one address
  // (unless rated_same_address). The rating pool's own terms: ratings::rating_pool.
  bool rateable_locked(const LiveGame& g) const;
  // The refusal of `token`'s account taking a seat in the rated game `g` beside an account
  // seen on one address with it; nullopt when it may.
  std::optional<ApiError> rated_join_refusal_locked(const LiveGame& g,
                                                    std::string_view token) const;
  // Stores `row` (finished) as the game's ending and, once stored, applies it: stops the AI,
  // game_over_locked, broadcasts; `done` gets the game object.
  void finish_locked(const GamePtr& g, store::GameRow row, Reply<GameViewPtr> done);
  // The seat to move has run out of time: the game ends on time (hub_clock.cpp).
  void flag_locked(const GamePtr& g, Reply<GameViewPtr> done);
  // Whether the game's rules have draws (draw offers, a claimed draw): not Traverse.
  static bool has_draws(const LiveGame& g);
  // Stores the game's open offers (-1: none) and, once stored, broadcasts them (hub_offers.cpp).
  void set_offers_locked(const GamePtr& g, int draw_offer, int takeback_request,
                         Reply<GameViewPtr> done);
  // Takes back the last move of `seats` and every move after it (undo, an accepted takeback).
  void take_back_locked(const GamePtr& g, const std::vector<int>& seats, Reply<GameViewPtr> done);

  // hub_clock.cpp: the flag scheduler. A min-heap of (deadline, game id); an entry may be
  // stale (the game moved on): it is checked against the game when due.
  struct FlagEntry {
    int64_t at = 0;
    std::string id;
    bool operator>(const FlagEntry& o) const { return at > o.at; }
  };
  // Under the game's lock, after any change: hands the game's deadline to the scheduler.
  void schedule_flag_locked(LiveGame& g);
  void schedule_flag(int64_t at, std::string id);
  // The game `id` flags if its deadline has passed (loading it when it is not live).
  void check_flag(const std::string& id);
  void flag_if_due_locked(const GamePtr& g);
  void flag_loop();

  // hub_ai.cpp
  // Whether an AI seat is to move in `g` (under its lock).
  static bool ai_to_move_locked(const LiveGame& g);
  // The AI to move's search time: --ai-movetime, less when its clock has little left.
  double ai_movetime_locked(const LiveGame& g) const;
  // Queues the AI's search when an AI seat is to move. With remote AI (ai_workers 0) the turn's
  // job was stored with the change that left it, and nothing is done here unless `rewrite_job`
  // (load: a game whose job may never have been written) writes it again.
  void maybe_start_ai_locked(const GamePtr& g, bool rewrite_job = false);
  // With remote AI: the job for the AI seat to move in `g` as it stands (state, row, ply), to be
  // stored with the change that leaves it so (store::Write::ai_job); nullopt when no AI seat is
  // to move or the AI searches here.
  std::optional<store::AiJobRow> remote_ai_job_locked(const LiveGame& g) const;
  // With remote AI: writes the job of the AI seat to move (idempotent per turn).
  void queue_ai_job_locked(const LiveGame& g);
  void run_ai(const std::string& id);
  void ai_progress(const GamePtr& g, uint64_t generation, int seat, const ai::SearchProgress& p);
  // An AI worker's search progress (store/thinking_notice.h), for the watchers of the game
  // when it is live here and still at the turn searched.
  void worker_thinking(const store::ThinkingNotice& notice);
  // The AI seat's latest progress, kept for the game's view and sent to its watchers.
  void show_thinking_locked(LiveGame& g, Thinking t);

  // Runs `attempt` with `done`. On a store shared with other servers, where this server's copy
  // of game `id` may be behind (hub_sync.cpp), a refusal a newer copy might not give (a seat
  // this copy does not know was taken, a later ply, another's turn, an offer made elsewhere, a
  // change stored since by another server: 401, 403, 409) rereads the game on a worker and runs
  // `attempt` once more, whose answer is final.
  void rereading(const std::string& id, std::function<void(Reply<GameViewPtr>)> attempt,
                 Reply<GameViewPtr> done);
  // The changes of the same names, on this server's copy as it stands.
  void move_now(const std::string& id, const std::string& token, const std::string& move,
                std::optional<int> ply, const std::string& client, Reply<GameViewPtr> done);
  void resign_now(const std::string& id, const std::string& token, std::optional<int> seat,
                  Reply<GameViewPtr> done);
  void abort_now(const std::string& id, const std::string& token, Reply<GameViewPtr> done);
  void draw_now(const std::string& id, const std::string& token, const std::string& action,
                Reply<GameViewPtr> done);
  void takeback_now(const std::string& id, const std::string& token, const std::string& action,
                    Reply<GameViewPtr> done);
  void claim_now(const std::string& id, const std::string& token, bool draw,
                 Reply<GameViewPtr> done);
  // hub_sync.cpp: rereads a live game from the store (on a worker) and, when it differs, puts
  // the stored state in its place and broadcasts it.
  void refresh_later(const std::string& id);
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
  // Notes the sessions another server ended (a kSessions notice), for session_ended_since.
  void sessions_ended(const store::GameChange& change);

  // hub_expiry.cpp: the thread that closes abandoned games every so often.
  void expiry_loop();

  std::shared_ptr<store::Store> store_;
  ratings::RatingUpdater ratings_{store_};  // rated games, as they end
  HubOptions options_;
  mutable std::shared_mutex games_mu_;
  struct Slot {
    GamePtr game;
    std::list<std::string>::iterator lru;  // its place in lru_
  };
  std::unordered_map<std::string, Slot> games_;
  std::mutex lru_mu_;           // after games_mu_
  std::list<std::string> lru_;  // ids, most recently used first (games_mu_ and lru_mu_)
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> abandoned_{0};
  store::StoreQueue writes_;
  Lobby lobby_{store_};  // told of every change of a listed game (broadcast_state, create)
  accounts::AddressBook addresses_;
  LegalIndexes legal_;
  AiEngines engines_;  // before pool_: the workers using it stop first
  AiPool pool_;
  WorkPool work_;
  std::mutex expiry_mu_;
  std::condition_variable expiry_wake_;
  std::thread expiry_;
  std::unique_ptr<store::ChangeFeed> feed_;  // shared stores: other servers' changes
  // Sessions ended as the feed told (hub_sync.cpp), with when it told (now_ms()), kept as long
  // as a server keeps a session unread; all_ended_ms_: notices may have been missed then.
  mutable std::mutex ended_mu_;
  std::unordered_map<std::string, int64_t> ended_sessions_;  // by token hash
  std::unordered_map<int64_t, int64_t> ended_accounts_;      // by account id
  int64_t all_ended_ms_ = 0;
  std::mutex flags_mu_;  // after any game's lock
  std::condition_variable flags_wake_;
  std::priority_queue<FlagEntry, std::vector<FlagEntry>, std::greater<>> flags_;
  std::mutex firing_mu_;  // one fire_due_flags() at a time
  std::thread flagger_;
};

}  // namespace arbiter::server
