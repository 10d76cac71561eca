#include "worker/ai_turn.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <utility>

#include "ai/levels.h"
#include "core/wall_clock.h"
#include "replay/ai_movetime.h"
#include "replay/stored_game.h"
#include "worker/ai_move_rows.h"

namespace arbiter::worker {
namespace {

// A turn read again this many times (each time the game changed under the search) is given up.
constexpr int kMaxRounds = 3;
// How often a running search looks at its lease and the stop flag.
constexpr auto kLeaseCheck = std::chrono::milliseconds(20);
// The least time between two progress notices of a search: a few a second for the watchers, and
// no more for the database's sake.
constexpr auto kThinkingEvery = std::chrono::milliseconds(200);

TurnReport report(TurnOutcome outcome, std::string detail) {
  return TurnReport{outcome, std::move(detail)};
}

}  // namespace

const char* to_text(TurnOutcome outcome) {
  switch (outcome) {
    case TurnOutcome::kMoved:
      return "moved";
    case TurnOutcome::kDropped:
      return "dropped";
    case TurnOutcome::kLost:
      return "lost";
    case TurnOutcome::kStopped:
      return "stopped";
    case TurnOutcome::kFailed:
      return "failed";
  }
  return "?";
}

TurnRunner::TurnRunner(store::Store& store, TurnOptions options, const std::atomic<bool>& stopping)
    : store_(store), options_(std::move(options)), stopping_(stopping) {}

int64_t TurnRunner::now() const { return options_.clock ? options_.clock() : now_ms(); }

TurnReport TurnRunner::give_back(const store::AiJobRow& job, TurnOutcome outcome,
                                 std::string detail) {
  // A failure leaves the lease to run out instead.
  (void)store_.renew_ai_lease(job.game_id, job.ply, options_.owner, 0);
  return report(outcome, std::move(detail));
}

TurnReport TurnRunner::run(const store::AiJobRow& job) {
  for (int round = 0; round < kMaxRounds; ++round) {
    auto row = store_.load_game(job.game_id);
    if (!row) return give_back(job, TurnOutcome::kFailed, row.error());
    if (!*row) {
      (void)store_.finish_ai_job(job.game_id, job.ply, true);
      return report(TurnOutcome::kDropped, "no such game");
    }
    auto moves = store_.load_moves(job.game_id);
    if (!moves) return give_back(job, TurnOutcome::kFailed, moves.error());
    replay::StoredGame g;
    if (Status replayed = replay::replay_stored(g, **row, *moves); !replayed) {
      // The servers skip such a game too: nobody can play it.
      (void)store_.finish_ai_job(job.game_id, job.ply, true);
      return report(TurnOutcome::kDropped, "the game does not replay: " + replayed.error());
    }
    if (!g.playing() || g.state->is_terminal() || g.ply() != job.ply) {
      auto done = store_.finish_ai_job(job.game_id, job.ply);
      if (!done) return give_back(job, TurnOutcome::kFailed, done.error());
      if (*done) {
        return report(TurnOutcome::kDropped,
                      g.playing() ? "the game moved on to ply " + std::to_string(g.ply())
                                  : "the game is over");
      }
      continue;  // back at this turn since it was read (an undo): read it again
    }
    const int seat = g.state->to_move();
    const store::SeatRow& seat_row = g.row.seats[static_cast<std::size_t>(seat)];
    if (seat_row.kind != store::SeatKind::kAi) {
      (void)store_.finish_ai_job(job.game_id, job.ply, true);
      return report(TurnOutcome::kDropped, g.state->player_name(seat) + " is not an AI seat");
    }
    const double movetime = replay::ai_movetime(g, options_.movetime, now());
    bool lost = false;
    const engine::EngineResult result = search(job, *g.state, seat_row.level, movetime, lost);
    if (stopping_) return give_back(job, TurnOutcome::kStopped, "the worker is stopping");
    if (lost) return report(TurnOutcome::kLost, "another worker holds the lease");
    if (result.best_move.empty()) {
      return give_back(job, TurnOutcome::kFailed, "the engine found no move");
    }
    auto rows = ai_move_rows(g, result.best_move, now());
    // Out of time: the lease is left to run out, by when a server has flagged the seat.
    if (!rows) return report(TurnOutcome::kFailed, rows.error());
    std::vector<store::Write> write;
    write.emplace_back(store::Write::Kind::kAppendMove, rows->row, rows->move);
    write.back().ai_job = rows->next_job;
    const store::Status st = store_.write_batch(write).at(0);
    if (st.is(store::ErrorCode::kConflict)) continue;  // changed since it was read: read again
    if (!st) return give_back(job, TurnOutcome::kFailed, st.error());
    // The turn is over: the job goes (a failure leaves it to a later claim, which drops it).
    (void)store_.finish_ai_job(job.game_id, job.ply);
    return report(TurnOutcome::kMoved, rows->move.text);
  }
  return give_back(job, TurnOutcome::kFailed, "the game kept changing under the search");
}

engine::EngineResult TurnRunner::search(const store::AiJobRow& job, const GameState& position,
                                        int level, double movetime, bool& lost) {
  if (engine_game_ != job.game_id) {
    engine_.clear();
    engine_game_ = job.game_id;
  }
  engine_.set_recipe(ai::level_recipe(level));
  if (Status st = engine_.set_position(position); !st) return {};
  ai::SearchLimits limits;
  limits.movetime = movetime;
  // The search reports its end, so a short search is not held up by the checks below, and its
  // progress, which this thread sends on to the servers (store/thinking_notice.h) while the
  // search goes on: the latest report, at most one each kThinkingEvery.
  std::mutex mu;
  std::condition_variable woken;
  bool done = false;
  std::optional<ai::SearchProgress> progress;
  auto on_progress = [&](const ai::SearchProgress& p) {
    std::lock_guard lock(mu);
    progress = p;
    woken.notify_all();
  };
  auto on_done = [&](const engine::EngineResult&) {
    std::lock_guard lock(mu);
    done = true;
    woken.notify_all();
  };
  if (Status st = engine_.go(limits, on_progress, on_done); !st) return {};
  const int64_t every = std::max<int64_t>(1, options_.lease_ms / 3);
  int64_t renew_at = now() + every;
  auto next_thinking = std::chrono::steady_clock::now();
  for (;;) {
    std::optional<ai::SearchProgress> news;
    {
      std::unique_lock lock(mu);
      const auto due = [&] {
        return progress.has_value() && std::chrono::steady_clock::now() >= next_thinking;
      };
      woken.wait_for(lock, kLeaseCheck, [&] { return done || due(); });
      if (done) break;
      if (due()) news = std::exchange(progress, std::nullopt);
    }
    if (news) {
      next_thinking = std::chrono::steady_clock::now() + kThinkingEvery;
      // A notice lost is no loss: the next one, or the move, follows.
      (void)store_.publish_thinking(
          store::ThinkingNotice{job.game_id, job.ply, job.seat, news->depth, news->score,
                                news->nodes, static_cast<int64_t>(news->nps), std::move(news->pv)});
    }
    if (stopping_) engine_.stop();
    if (now() < renew_at) continue;
    renew_at = now() + every;
    auto kept =
        store_.renew_ai_lease(job.game_id, job.ply, options_.owner, now() + options_.lease_ms);
    // A store that cannot answer is tried again at the next renewal; the lease may run out
    // meanwhile, and a renewal that finds the job taken ends the search.
    if (kept && !*kept) {
      lost = true;
      engine_.stop();
    }
  }
  return engine_.wait();
}

}  // namespace arbiter::worker
