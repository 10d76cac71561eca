// The AI seats of the games (hub.h): when an AI seat is to move, the game is queued on the AI
// scheduler (ai_pool.h: one pending search per game, fair among clients, bounded); the search is
// run by game id, so a game that left memory while it waited is loaded again. Progress is pushed
// to the watchers (at most ten reports a second) and the move is played through the same path
// as a human's (`play`, Moves::play_locked). A change to the game meanwhile (undo, resign) bumps
// its generation, which stops the search and makes its move stale. The search runs on the
// game's engine, kept between moves by the engines (ai_engines.h).
//
// With remote AI (HubOptions::ai_workers 0) nothing is searched here: the change that leaves an
// AI seat to move (a move, a new game) is stored with a job for that turn (store ai_jobs,
// remote_job_locked), which an `arbiter worker` process takes, searches and answers through
// the store; this server hears of that move like any other server's (store_sync.h).
//
// Locking: the `_locked` calls are made under the game's lock; the pool's and the engines'
// mutexes come after it. A search runs with no lock held; it takes the game's lock to start,
// to report and to finish, and acquires its engine with no game lock held.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/ai_seats/ai_engines.h"
#include "server/ai_seats/ai_pool.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/hub_options.h"
#include "server/play/live_game.h"
#include "server/play/play_parts.h"
#include "store/store_queue.h"
#include "store/thinking_notice.h"

namespace arbiter::server {

class AiSeats {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;
  // Under the game's lock: plays `text` for the AI `seat` and stores it (Moves::play_locked).
  using Play =
      std::function<void(const GamePtr&, int seat, std::string_view text, Reply<GameViewPtr>)>;

  AiSeats(const HubOptions& options, const PlayParts& parts, const std::atomic<bool>& stopping,
          store::StoreQueue& writes, Play play);
  AiSeats(const AiSeats&) = delete;
  AiSeats& operator=(const AiSeats&) = delete;

  // Whether an AI seat is to move in `g` (under its lock).
  static bool to_move_locked(const LiveGame& g);
  // Stops a running search and makes any result of it stale (under the game's lock).
  static void cancel_locked(LiveGame& g);
  // Queues the AI's search when an AI seat is to move. With remote AI the turn's job was stored
  // with the change that left it, and nothing is done here unless `rewrite_job` (load: a game
  // whose job may never have been written) writes it again.
  void maybe_start_locked(const GamePtr& g, bool rewrite_job = false);
  // With remote AI: the job for the AI seat to move in `g` as it stands (state, row, ply), to be
  // stored with the change that leaves it so (store::Write::ai_job); nullopt when no AI seat is
  // to move or the AI searches here.
  std::optional<store::AiJobRow> remote_job_locked(const LiveGame& g) const;
  // Queues game `id`'s search by its id alone (a game not loaded: it is loaded, and its turn
  // checked, when the search's turn comes); nothing with remote AI.
  void queue_unloaded(const std::string& id);
  // Whether another search may be queued within the bound, and whether `id`'s is queued.
  bool has_room() const { return pool_.has_room(); }
  bool queued(const std::string& id) const { return pool_.queued(id); }
  // An AI worker's search progress (store/thinking_notice.h), for the watchers of the game
  // when it is live here and still at the turn searched.
  void worker_thinking(const store::ThinkingNotice& notice);
  // The game's engine is not needed any more (it ended, or left memory).
  void drop(const std::string& id) { engines_.drop(id); }

  AiPool::Stats pool_stats() const { return pool_.stats(); }
  AiEngines::Stats engine_stats() const { return engines_.stats(); }
  // After `stopping` is set: stops the searches of `games`, then the engines and the scheduler.
  void shutdown(const std::vector<GamePtr>& games);

 private:
  // The AI to move's search time: --ai-movetime, less when its clock has little left.
  double movetime_locked(const LiveGame& g) const;
  // With remote AI: writes the job of the AI seat to move (idempotent per turn).
  void queue_job_locked(const LiveGame& g);
  void run(const std::string& id);
  void progress(const GamePtr& g, uint64_t generation, int seat, const ai::SearchProgress& p);
  // The AI seat's latest progress, kept for the game's view and sent to its watchers.
  void show_thinking_locked(LiveGame& g, Thinking t);

  const HubOptions& options_;
  const PlayParts parts_;
  const std::atomic<bool>& stopping_;
  store::StoreQueue& writes_;
  const Play play_;
  AiEngines engines_;  // before pool_: the workers using it stop first
  AiPool pool_;
};

}  // namespace arbiter::server
