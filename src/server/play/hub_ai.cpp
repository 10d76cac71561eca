// AI seats (hub.h): when an AI seat is to move, the game is queued on the AI scheduler
// (ai_pool.h: one pending search per game, fair among clients, bounded); the search is run by
// game id, so a game that left memory while it waited is loaded again. Progress is pushed to
// the watchers (at most ten reports a second) and the move is played through the same path as
// a human's. A change to the game meanwhile (undo, resign) bumps its generation, which stops the
// search and makes its move stale. The search runs on the game's engine, kept between moves by
// engines_ (ai_engines.h).
//
// With remote AI (HubOptions::ai_workers 0) nothing is searched here: the change that leaves an
// AI seat to move (a move, a new game) is stored with a job for that turn (store ai_jobs,
// remote_ai_job_locked), which an `arbiter worker` process takes, searches and answers through
// the store; this server hears of that move like any other server's (hub_sync.cpp).
#include <algorithm>
#include <chrono>
#include <iostream>

#include "replay/ai_movetime.h"
#include "server/play/hub.h"

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

bool Hub::ai_to_move_locked(const LiveGame& g) {
  if (!g.playing() || g.state->is_terminal()) return false;
  const int seat = g.state->to_move();
  return g.row.seats[static_cast<std::size_t>(seat)].kind == store::SeatKind::kAi;
}

double Hub::ai_movetime_locked(const LiveGame& g) const {
  return ai_movetime(g, options_.ai_movetime, now());
}

std::optional<store::AiJobRow> Hub::remote_ai_job_locked(const LiveGame& g) const {
  if (options_.ai_workers > 0 || !ai_to_move_locked(g)) return std::nullopt;
  store::AiJobRow job;
  job.game_id = g.row.id;
  job.ply = g.ply();
  job.seat = g.state->to_move();
  job.level = g.row.seats[static_cast<std::size_t>(job.seat)].level;
  job.created_ms = now();
  return job;
}

void Hub::maybe_start_ai_locked(const GamePtr& g, bool rewrite_job) {
  if (stopping_ || !ai_to_move_locked(*g)) return;
  if (options_.ai_workers == 0) {
    if (rewrite_job) queue_ai_job_locked(*g);
    return;
  }
  // The owner shares the workers fairly with the others: the client that moved last, else the
  // game alone.
  pool_.submit(g->row.id, g->client.empty() ? "game " + g->row.id : g->client);
}

void Hub::queue_ai_job_locked(const LiveGame& g) {
  auto job = remote_ai_job_locked(g);
  if (!job) return;
  store::Write write(store::Write::Kind::kEnqueueAiJob, store::GameRow{});
  write.game.id = g.row.id;
  write.ai_job = std::move(job);
  const bool queued = writes_.submit(std::move(write), [id = g.row.id](const store::Status& st) {
    if (!st) std::cerr << "arbiter: AI job of game " << id << ": " << st.error() << "\n";
  });
  if (!queued) std::cerr << "arbiter: AI job of game " << g.row.id << ": the store is busy\n";
}

void Hub::run_ai(const std::string& id) {
  if (stopping_) return;
  auto found = find(id);  // loads it again when it left memory while it waited
  if (!found) return;
  GamePtr g = *found;
  uint64_t generation = 0;
  int seat = 0;
  int level = 0;
  std::size_t megabytes = 0;
  double movetime = options_.ai_movetime;
  std::shared_ptr<const GameState> position;
  {
    Lock lock(g->mu);
    // Its turn may have passed meanwhile (an undo, a resignation): nothing to do then. While a
    // change is being written, the search is queued again after it.
    if (!ai_to_move_locked(*g)) return;
    if (g->writing) {
      g->waiting.push_back([this, g] { maybe_start_ai_locked(g); });
      return;
    }
    generation = g->generation;
    seat = g->state->to_move();
    level = g->row.seats[static_cast<std::size_t>(seat)].level;
    megabytes = engine_megabytes_of(*g);
    movetime = ai_movetime_locked(*g);
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
    std::cerr << "arbiter: AI for game " << id << ": " << st.error() << "\n";
    return;
  }
  {
    Lock lock(g->mu);
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
    ai_progress(g, generation, seat, p);
  };
  st = engine->go(limits, on_progress);
  {
    // A stop that came before go() started the search was lost: check again.
    Lock lock(g->mu);
    if (g->generation != generation || stopping_) engine->stop();
  }
  const engine::EngineResult result = engine->wait();
  {
    Lock lock(g->mu);
    if (g->engine == engine) g->engine.reset();
  }
  // Given back before the move is played: that move may end the game (which drops the engine)
  // or queue the other AI seat's search, which takes the same engine.
  lease.release();
  if (!st || stopping_ || result.best_move.empty()) return;
  change(g, [this, g, generation, seat, best = result.best_move] {
    if (stopping_ || g->generation != generation || !g->playing()) return;
    // Called with the game's lock held.
    play_locked(g, seat, best, false, [this, g, best](Outcome<GameViewPtr> played) {
      if (played) return;
      std::cerr << "arbiter: AI move " << best << " in game " << g->row.id << ": "
                << played.error().message << "\n";
      // Not stored (the store busy or failing): the turn is searched again, not lost.
      if (played.error().status == 503) maybe_start_ai_locked(g);
    });
  });
}

void Hub::ai_progress(const GamePtr& g, uint64_t generation, int seat,
                      const ai::SearchProgress& p) {
  Lock lock(g->mu);
  if (g->generation != generation || stopping_) return;
  show_thinking_locked(
      *g, Thinking{seat, p.depth, p.score, p.nodes, static_cast<int64_t>(p.nps), p.pv});
}

void Hub::show_thinking_locked(LiveGame& g, Thinking t) {
  g.thinking = t;
  g.view_cache.reset();
  broadcast(g, std::make_shared<const GameEvent>(std::move(t)));
}

}  // namespace arbiter::server
