#include "server/ai_seats/ai_seats.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "ai/levels.h"
#include "core/log.h"
#include "core/metrics.h"
#include "replay/ai_movetime.h"

namespace arbiter::server {
namespace {

constexpr auto kProgressInterval = std::chrono::milliseconds(100);

// What the game's engine counts: the largest engine of its AI seats (one engine plays them all).
std::size_t engine_megabytes_of(const LiveGame& g) {
  std::size_t most = 0;
  for (const store::SeatRow& seat : g.row.seats) {
    if (seat.kind != store::SeatKind::kAi) continue;
    most = std::max(
        most, AiEngines::engine_megabytes(ai::level_recipe(seat.level), g.state->num_players()));
  }
  return most;
}

}  // namespace

AiSeats::AiSeats(const HubOptions& options, const PlayParts& parts,
                 const std::atomic<bool>& stopping, store::StoreQueue& writes, Play play)
    : options_(options),
      parts_(parts),
      stopping_(stopping),
      writes_(writes),
      play_(std::move(play)),
      engines_(options.ai_memory_mb),
      pool_(options.ai_workers, options.ai_queue, [this](const std::string& id) { run(id); }) {}

bool AiSeats::to_move_locked(const LiveGame& g) {
  if (!g.playing() || g.state->is_terminal()) return false;
  const int seat = g.state->to_move();
  return g.row.seats[static_cast<std::size_t>(seat)].kind == store::SeatKind::kAi;
}

void AiSeats::cancel_locked(LiveGame& g) {
  ++g.generation;
  if (g.engine) g.engine->stop();
  g.thinking.reset();
}

double AiSeats::movetime_locked(const LiveGame& g) const {
  return ai_movetime(g, options_.ai_movetime, parts_.clock.now());
}

std::optional<store::AiJobRow> AiSeats::remote_job_locked(const LiveGame& g) const {
  if (options_.ai_workers > 0 || !to_move_locked(g)) return std::nullopt;
  store::AiJobRow job;
  job.game_id = g.row.id;
  job.ply = g.ply();
  job.seat = g.state->to_move();
  job.level = g.row.seats[static_cast<std::size_t>(job.seat)].level;
  job.created_ms = parts_.clock.now();
  return job;
}

void AiSeats::maybe_start_locked(const GamePtr& g, bool rewrite_job) {
  if (stopping_ || !to_move_locked(*g)) return;
  if (options_.ai_workers == 0) {
    if (rewrite_job) queue_job_locked(*g);
    return;
  }
  // The owner shares the workers fairly with the others: the client that moved last, else the
  // game alone.
  pool_.submit(g->row.id, g->client.empty() ? "game " + g->row.id : g->client);
}

void AiSeats::queue_unloaded(const std::string& id) {
  // Remote AI: the turn's job is in the store already.
  if (options_.ai_workers > 0) pool_.submit(id, id);
}

void AiSeats::queue_job_locked(const LiveGame& g) {
  auto job = remote_job_locked(g);
  if (!job) return;
  store::Write write(store::Write::Kind::kEnqueueAiJob, store::GameRow{});
  write.game.id = g.row.id;
  write.ai_job = std::move(job);
  const bool queued = writes_.submit(std::move(write), [id = g.row.id](const store::Status& st) {
    if (!st) log::error("ai.job_failed", {{"game_id", id}, {"error", st.error()}});
  });
  if (!queued) log::error("ai.job_failed", {{"game_id", g.row.id}, {"error", "the store is busy"}});
}

void AiSeats::run(const std::string& id) {
  if (stopping_) return;
  auto found = parts_.registry.find(id);  // loads it again when it left memory while it waited
  if (!found) return;
  GamePtr g = *found;
  uint64_t generation = 0;
  int seat = 0;
  int level = 0;
  std::size_t megabytes = 0;
  double movetime = options_.ai_movetime;
  std::shared_ptr<const GameState> position;
  {
    std::unique_lock lock(g->mu);
    // Its turn may have passed meanwhile (an undo, a resignation): nothing to do then. While a
    // change is being written, the search is queued again after it.
    if (!to_move_locked(*g)) return;
    if (g->writing) {
      g->waiting.push_back([this, g] { maybe_start_locked(g); });
      return;
    }
    generation = g->generation;
    seat = g->state->to_move();
    level = g->row.seats[static_cast<std::size_t>(seat)].level;
    megabytes = engine_megabytes_of(*g);
    movetime = movetime_locked(*g);
    position = g->state->clone();
  }
  // Not under the game's lock: it may wait for the game's previous search to give the engine
  // back, and that search takes the lock to finish.
  AiEngines::Lease lease = engines_.acquire(id, megabytes);
  if (!lease) return;
  const std::shared_ptr<engine::Engine> engine = lease.engine();
  engine->set_recipe(ai::level_recipe(level));
  Status st = engine->set_position(*position);
  if (!st) {
    log::error("ai.position_refused", {{"game_id", id}, {"error", st.error()}});
    return;
  }
  {
    std::unique_lock lock(g->mu);
    if (g->generation != generation) return;
    g->engine = engine;
  }
  ai::SearchLimits limits;
  limits.movetime = movetime;
  auto last = std::chrono::steady_clock::time_point{};
  auto on_progress = [&](const ai::SearchProgress& p) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < kProgressInterval) return;
    last = now;
    progress(g, generation, seat, p);
  };
  const auto started = std::chrono::steady_clock::now();
  st = engine->go(limits, on_progress);
  {
    // A stop that came before go() started the search was lost: check again.
    std::unique_lock lock(g->mu);
    if (g->generation != generation || stopping_) engine->stop();
  }
  const engine::EngineResult result = engine->wait();
  metrics::metrics()
      .ai_search_seconds.at({g->row.game})
      .observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  {
    std::unique_lock lock(g->mu);
    if (g->engine == engine) g->engine.reset();
  }
  // Given back before the move is played: that move may end the game (which drops the engine)
  // or queue the other AI seat's search, which takes the same engine.
  lease.release();
  if (!st || stopping_ || result.best_move.empty()) return;
  parts_.changes.change(g, [this, g, generation, seat, best = result.best_move] {
    if (stopping_ || g->generation != generation || !g->playing()) return;
    // Called with the game's lock held.
    play_(g, seat, best, [this, g, best](Outcome<GameViewPtr> played) {
      if (played) return;
      log::warn("ai.move_refused",
                {{"game_id", g->row.id}, {"move", best}, {"error", played.error().message}});
      // Not stored (the store busy or failing): the turn is searched again, not lost.
      if (played.error().status == 503) maybe_start_locked(g);
    });
  });
}

void AiSeats::progress(const GamePtr& g, uint64_t generation, int seat,
                       const ai::SearchProgress& p) {
  std::unique_lock lock(g->mu);
  if (g->generation != generation || stopping_) return;
  show_thinking_locked(
      *g, Thinking{seat, p.depth, p.score, p.nodes, static_cast<int64_t>(p.nps), p.pv});
}

void AiSeats::worker_thinking(const store::ThinkingNotice& n) {
  GamePtr g = parts_.registry.held(n.game_id);
  if (!g) return;  // no one watches it here
  std::unique_lock lock(g->mu);
  // The turn searched, as this server holds the game: a notice of a turn over (its move heard
  // before it) or not yet reached here is dropped. The move clears it (cancel_locked).
  if (g->ply() != n.ply || !to_move_locked(*g) || g->state->to_move() != n.seat) return;
  show_thinking_locked(*g, Thinking{n.seat, n.depth, n.score, n.nodes, n.nps, n.pv});
}

void AiSeats::show_thinking_locked(LiveGame& g, Thinking t) {
  g.thinking = t;
  g.view_cache.reset();
  GameBroadcast::send_locked(g, std::make_shared<const GameEvent>(std::move(t)));
}

void AiSeats::shutdown(const std::vector<GamePtr>& games) {
  for (const auto& g : games) {
    std::unique_lock lock(g->mu);
    if (g->engine) g->engine->stop();
  }
  engines_.shutdown();
  pool_.shutdown();
}

}  // namespace arbiter::server
