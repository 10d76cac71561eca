// AI seats (hub.h): when an AI seat is to move, its search is queued on the AI pool; progress
// is pushed to the watchers (at most ten reports a second) and the move is played through the
// same path as a human's. A change to the game meanwhile (undo, resign) bumps its generation,
// which stops the search and makes its move stale.
#include <chrono>
#include <iostream>

#include "server/hub.h"

namespace arbiter::server {
namespace {
constexpr auto kProgressInterval = std::chrono::milliseconds(100);
}  // namespace

void Hub::maybe_start_ai_locked(const std::shared_ptr<LiveGame>& g) {
  if (stopping_ || !g->playing() || g->state->is_terminal()) return;
  const int seat = g->state->to_move();
  const store::SeatRow& row = g->row.seats[static_cast<std::size_t>(seat)];
  if (row.kind != "ai") return;
  std::shared_ptr<const GameState> position = g->state->clone();
  pool_.submit([this, weak = std::weak_ptr<LiveGame>(g), generation = g->generation, seat,
                level = row.level, position] { run_ai(weak, generation, seat, level, position); });
}

void Hub::run_ai(const std::weak_ptr<LiveGame>& weak, uint64_t generation, int seat, int level,
                 const std::shared_ptr<const GameState>& position) {
  auto g = weak.lock();
  if (!g || stopping_) return;
  auto engine = std::make_shared<engine::Engine>();
  Status st = engine->set_position(*position);
  if (st) st = engine->set_player("level=" + std::to_string(level));
  if (!st) {
    std::cerr << "arbiter: AI for game " << g->row.id << ": " << st.error() << "\n";
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
  nlohmann::json t = {{"seat", seat},
                      {"depth", p.depth},
                      {"score", p.score},
                      {"nodes", p.nodes},
                      {"nps", static_cast<int64_t>(p.nps)},
                      {"pv", p.pv}};
  Lock lock(g->mu);
  if (g->generation != generation || stopping_) return;
  auto message = t;
  message["type"] = "thinking";
  g->thinking = std::move(t);
  g->json.reset();
  broadcast(*g, std::make_shared<const std::string>(message.dump()));
}

}  // namespace arbiter::server
