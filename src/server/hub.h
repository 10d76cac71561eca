// The hub: every live game, and the operations of docs/api.md on them, independent of any
// transport (the HTTP and WebSocket sessions and the request fuzzer all call it).
//
// Games are kept in memory (id → LiveGame) and in the Store. Each change runs under the game's
// lock: validate, apply with the rules core, write to the store (a move is appended in a
// transaction), then broadcast to the subscribers and, when an AI seat is to move, queue its
// search on the AI pool. A failed step changes nothing.
//
// The hub answers with plain data (game_view.h); the API (api.h, api_json.h) writes it as JSON.
//
// Files: hub.cpp (registry, loading, create/get/list, subscribers), hub_actions.cpp (move,
// join, resign, undo, rematch), hub_ai.cpp (AI searches), hub_queries.cpp (catalog, board,
// legal, record); ai_engines.h keeps the AI seats' engines between moves.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/ai_engines.h"
#include "server/ai_pool.h"
#include "server/game_view.h"
#include "server/live_game.h"
#include "server/outcome.h"
#include "store/store.h"

namespace arbiter::server {

struct HubOptions {
  double ai_movetime = 0.5;  // seconds per AI move
  int ai_workers = 2;        // concurrent AI searches
  // Games kept in memory; past this, idle ones (nobody watching, no request or search using
  // them) are dropped, least recently changed first, and loaded from the store when asked for.
  std::size_t max_live_games = 4096;
  // Megabytes the AI engines kept between moves may take together (ai_engines.h); at least
  // AiEngines::largest_engine_megabytes().
  std::size_t ai_memory_mb = 256;
};

class Hub {
 public:
  Hub(std::shared_ptr<store::Store> store, HubOptions options);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Loads every playing game from the store, replaying its moves; AI seats to move start
  // thinking. A game that no longer replays is reported in the returned list and skipped.
  Result<std::vector<std::string>> load();
  // Stops every search and the AI pool; later AI results are dropped.
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
  Outcome<LegalClicks> legal(std::string_view id, const std::vector<std::string>& clicks);
  // The game record (docs/records.md), as text.
  Outcome<std::string> record(std::string_view id);

  // Changes. `token` is the bearer token ("" when none was sent).
  Outcome<Seated> create(const NewGame& request);
  Outcome<GameViewPtr> move(std::string_view id, std::string_view token, std::string_view move,
                            std::optional<int> ply);
  Outcome<Seated> join(std::string_view id, int seat, std::string_view token);
  Outcome<GameViewPtr> resign(std::string_view id, std::string_view token, std::optional<int> seat);
  Outcome<GameViewPtr> undo(std::string_view id, std::string_view token);
  Outcome<GameViewPtr> rematch(std::string_view id, std::string_view token);

  // Adds a watcher; it is sent the game's state at once and after every change. Watchers are
  // held weakly: one that has gone away is dropped at the next broadcast.
  Outcome<bool> subscribe(std::string_view id, const std::weak_ptr<Subscriber>& watcher);

  std::size_t live_games() const;
  AiEngines::Stats ai_engines() const { return engines_.stats(); }

 private:
  using Lock = std::unique_lock<std::mutex>;

  // The live game, loading (and replaying) it from the store when it is not in memory.
  Outcome<std::shared_ptr<LiveGame>> find(std::string_view id);
  Outcome<std::shared_ptr<LiveGame>> find(const store::GameRow& row);  // row already loaded
  // Adds a game unless one with its id is live already; returns the live one.
  std::shared_ptr<LiveGame> insert(std::shared_ptr<LiveGame> g);
  // Under games_mu_ (exclusive): drops idle games other than `keep` while over the cap.
  void evict_idle_locked(const std::string& keep);
  // Writes a new game's row, drawing another id while the store reports a conflict.
  store::Status create_row(store::GameRow& row);
  // The seats `token` holds in `g`; 401 when it is missing or holds none.
  Outcome<std::vector<int>> held_seats(const LiveGame& g, std::string_view token) const;
  // The common start of a seat holder's action: finds game `id`, locks it, checks `token` and
  // runs `action(game, seats held)` under the lock; a failure of any step is the answer.
  template <class Action>
  Outcome<GameViewPtr> with_held_seats(std::string_view id, std::string_view token,
                                       Action&& action) {
    auto found = find(id);
    if (!found) return found.error();
    LiveGame& g = **found;
    Lock lock(g.mu);
    auto held = held_seats(g, token);
    if (!held) return held.error();
    return action(g, *held);
  }

  // After a change (state, seats or status) under the game's lock: invalidates caches and
  // pushes the new state to every watcher.
  void broadcast_state(LiveGame& g);
  void broadcast(LiveGame& g, const std::shared_ptr<const GameEvent>& event);
  // Plays `text` for `seat` and stores it; the common path of human and AI moves.
  Outcome<GameViewPtr> play_locked(LiveGame& g, int seat, std::string_view text);
  // Stops a running search and makes any result of it stale.
  void cancel_ai_locked(LiveGame& g);
  // After the game's status became finished: its engine is not needed any more.
  void game_over_locked(LiveGame& g);

  // hub_ai.cpp
  void maybe_start_ai_locked(const std::shared_ptr<LiveGame>& g);
  void run_ai(const std::weak_ptr<LiveGame>& weak, uint64_t generation, int seat, int level,
              const std::shared_ptr<const GameState>& position);
  void ai_progress(const std::shared_ptr<LiveGame>& g, uint64_t generation, int seat,
                   const ai::SearchProgress& p);

  std::shared_ptr<store::Store> store_;
  HubOptions options_;
  mutable std::shared_mutex games_mu_;
  std::unordered_map<std::string, std::shared_ptr<LiveGame>> games_;
  std::atomic<bool> stopping_{false};
  AiEngines engines_;  // before pool_: the workers using it stop first
  AiPool pool_;
};

}  // namespace arbiter::server
