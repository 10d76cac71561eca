// AI seats (hub.h): when an AI seat is to move, its search is queued on the AI pool; progress
// is pushed to the watchers (at most ten reports a second) and the move is played through the
// same path as a human's. A change to the game meanwhile (undo, resign) bumps its generation,
// which stops the search and makes its move stale. The search runs on the game's engine, kept
// between moves by engines_ (ai_engines.h).
#include <algorithm>
#include <chrono>
#include <iostream>

#include "server/hub.h"

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

void Hub::maybe_start_ai_locked(const std::shared_ptr<LiveGame>& g) {
  if (stopping_ || !g->playing() || g->state->is_terminal()) return;
  const int seat = g->state->to_move();
  const store::SeatRow& row = g->row.seats[static_cast<std::size_t>(seat)];
  if (row.kind != store::SeatKind::kAi) return;
  std::shared_ptr<const GameState> position = g->state->clone();
  pool_.submit([this, weak = std::weak_ptr<LiveGame>(g), generation = g->generation, seat,
                level = row.level, position] { run_ai(weak, generation, seat, level, position); });
}

void Hub::run_ai(const std::weak_ptr<LiveGame>& weak, uint64_t generation, int seat, int level,
                 const std::shared_ptr<const GameState>& position) {
  auto g = weak.lock();
  if (!g || stopping_) return;
  std::string id;
  std::size_t megabytes = 0;
  {
    Lock lock(g->mu);
    if (g->generation != generation || !g->playing()) return;
    id = g->row.id;
    megabytes = engine_megabytes_of(*g);
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
  limits.movetime = options_.ai_movetime;
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
  Lock lock(g->mu);
  if (g->engine == engine) g->engine.reset();
  // Given back before the move is played: that move may end the game (which drops the engine)
  // or queue the other AI seat's search, which takes the same engine.
  lease.release();
  if (!st || stopping_ || g->generation != generation || !g->playing()) return;
  if (result.best_move.empty()) return;
  auto played = play_locked(*g, seat, result.best_move);
  if (!played) {
    std::cerr << "arbiter: AI move " << result.best_move << " in game " << g->row.id << ": "
              << played.error().message << "\n";
  }
}

void Hub::ai_progress(const std::shared_ptr<LiveGame>& g, uint64_t generation, int seat,
                      const ai::SearchProgress& p) {
  Thinking t{seat, p.depth, p.score, p.nodes, static_cast<int64_t>(p.nps), p.pv};
  Lock lock(g->mu);
  if (g->generation != generation || stopping_) return;
  g->thinking = t;
  g->view_cache.reset();
  broadcast(*g, std::make_shared<const GameEvent>(std::move(t)));
}

}  // namespace arbiter::server
