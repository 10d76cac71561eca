// AI seats (hub.h): when an AI seat is to move, the game is queued on the AI scheduler
// (ai_pool.h: one pending search per game, fair among clients, bounded); the search is run by
// game id, so a game that left memory while it waited is loaded again. Progress is pushed to
// the watchers (at most ten reports a second) and the move is played through the same path as
// a human's. A change to the game meanwhile (undo, resign) bumps its generation, which stops the
// search and makes its move stale. The search runs on the game's engine, kept between moves by
// engines_ (ai_engines.h).
#include <algorithm>
#include <chrono>
#include <iostream>

#include "server/hub.h"

namespace arbiter::server {
namespace {

constexpr auto kProgressInterval = std::chrono::milliseconds(100);
// The least an AI with a clock searches (seconds), however little time it has left.
constexpr double kMinAiMovetime = 0.01;

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
  if (!g.clock_running()) return options_.ai_movetime;
  const clocks::TimeControl& tc = g.clocks.control();
  const int seat = g.state->to_move();
  const int64_t left = std::max<int64_t>(0, g.clocks.remaining_ms(seat, g.turn_started_ms, now()));
  // A thirtieth of what is left plus the increment, never more than half of what is left: the
  // AI manages its own clock and does not flag under normal load.
  const int64_t budget = std::min(left / 30 + tc.increment_ms, left / 2);
  return std::min(options_.ai_movetime,
                  std::max(kMinAiMovetime, static_cast<double>(budget) / 1000.0));
}

void Hub::maybe_start_ai_locked(const GamePtr& g) {
  if (stopping_ || !ai_to_move_locked(*g)) return;
  // The owner shares the workers fairly with the others: the client that moved last, else the
  // game alone.
  pool_.submit(g->row.id, g->client.empty() ? "game " + g->row.id : g->client);
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
  Thinking t{seat, p.depth, p.score, p.nodes, static_cast<int64_t>(p.nps), p.pv};
  Lock lock(g->mu);
  if (g->generation != generation || stopping_) return;
  g->thinking = t;
  g->view_cache.reset();
  broadcast(*g, std::make_shared<const GameEvent>(std::move(t)));
}

}  // namespace arbiter::server
