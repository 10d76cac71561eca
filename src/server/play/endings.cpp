#include "server/play/endings.h"

#include <utility>

#include "core/log.h"
#include "server/play/game_start.h"
#include "server/play/refusals.h"

namespace arbiter::server {
namespace {

// A flag the store could not take now is tried again this much later.
constexpr int64_t kFlagRetryMs = 1000;

}  // namespace

Endings::Endings(const PlayParts& parts, const std::atomic<bool>& stopping, FlagScheduler& flags,
                 WorkPool& work)
    : parts_(parts), stopping_(stopping), flags_(flags), work_(work) {}

bool Endings::has_draws(const LiveGame& g) { return g.state->game().has_draws(); }

void Endings::finish_locked(const GamePtr& g, store::GameRow row, Reply<GameViewPtr> done) {
  abort_if_unplayed(*g, row);
  row.status = store::GameStatus::kFinished;
  row.updated_ms = parts_.clock.now();
  row.draw_offer = row.takeback_request = -1;
  store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
  const bool queued = parts_.changes.write_locked(
      g, std::move(write), [this, g, row, done](const store::Status& st) mutable {
        if (!st) return done(write_failure(st));
        g->row = std::move(row);
        AiSeats::cancel_locked(*g);
        parts_.broadcast.ended_locked(*g);
        parts_.broadcast.state_locked(*g);
        done(g->view());
      });
  if (!queued) done(busy_store());
}

void Endings::resign(const std::string& id, const accounts::Caller& caller, std::optional<int> seat,
                     Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
      [this, seat, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        int who = holds(held, g->state->to_move()) ? g->state->to_move() : held.front();
        if (seat) {
          if (!holds(held, *seat)) {
            return done(forbidden("seat " + std::to_string(*seat) + " is not held by this token"));
          }
          who = *seat;
        }
        store::GameRow row = g->row;
        row.result = replay::resigned_text(*g->state, who);
        row.resigned = who;
        finish_locked(g, std::move(row), done);
      });
}

void Endings::abort(const std::string& id, const accounts::Caller& caller,
                    Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
      [this, done](const GamePtr& g, const std::vector<int>&) {
        if (!g->playing()) return done(game_over(*g));
        if (unmoved_seat(*g) < 0) {
          return done(conflict("game " + g->row.id +
                               " cannot be aborted: every seat has moved (resign instead)"));
        }
        if (!between_people(*g)) {
          return done(conflict("game " + g->row.id +
                               " cannot be aborted: one player holds every human seat (resign "
                               "instead)"));
        }
        store::GameRow row = g->row;
        mark_aborted(row);
        finish_locked(g, std::move(row), done);
      });
}

void Endings::claim(const std::string& id, const accounts::Caller& caller, bool draw,
                    Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
      [this, draw, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        if (draw && !has_draws(*g)) {
          return done(bad_request(g->row.game + " has no draws: claim the win"));
        }
        if (g->clocks.control().kind != clocks::TimeControl::Kind::kRealTime) {
          return done(conflict("only real-time games can be claimed; game " + g->row.id +
                               " has time control " + g->clocks.control().text()));
        }
        const int seat = g->state->to_move();
        const std::string name = g->state->player_name(seat);
        if (holds(held, seat)) return done(conflict("it is your own turn: nothing to claim"));
        const auto at = g->claim_at_ms();
        if (!at) {
          return done(
              conflict(g->row.seats[static_cast<std::size_t>(seat)].kind == store::SeatKind::kHuman
                           ? name + " is connected"
                           : name + " is not a person's seat"));
        }
        const int64_t t = parts_.clock.now();
        if (t < *at) {
          return done(conflict(name + " has been away " +
                               std::to_string((t - (*at - g->disconnect_grace_ms)) / 1000) +
                               " s; a claim needs " +
                               std::to_string(g->disconnect_grace_ms / 1000) + " s"));
        }
        store::GameRow row = g->row;
        row.result = claimed_text(*g->state, seat, draw);
        row.resigned = draw ? -1 : seat;
        finish_locked(g, std::move(row), done);
      });
}

void Endings::check_flag(const std::string& id) {
  if (stopping_) return;
  if (GamePtr g = parts_.registry.live(id)) {
    parts_.changes.change(g, [this, g] { flag_if_due_locked(g); });
    return;
  }
  // Not in memory: loaded on a worker (it reads the store), then checked.
  const bool queued = work_.submit([this, id] {
    auto g = parts_.registry.find(id);
    if (!g) return;
    parts_.changes.change(*g, [this, g = *g] { flag_if_due_locked(g); });
  });
  if (!queued) flags_.schedule(parts_.clock.now() + kFlagRetryMs, id);
}

void Endings::flag_if_due_locked(const GamePtr& g) {
  if (stopping_) return;
  const int64_t at = g->flag_at_ms();
  if (at == INT64_MAX) return;
  if (at > parts_.clock.now()) return flags_.schedule_locked(*g);  // stale entry: the game moved on
  flag_locked(g, [this, id = g->row.id](Outcome<GameViewPtr> out) {
    if (out) return;
    log::warn("game.flag_failed", {{"game_id", id}, {"error", out.error().message}});
    if (out.error().status == 503) flags_.schedule(parts_.clock.now() + kFlagRetryMs, id);
  });
}

void Endings::flag_locked(const GamePtr& g, Reply<GameViewPtr> done) {
  const int seat = g->state->to_move();
  store::GameRow row = g->row;
  row.result = on_time_text(*g->state, seat);
  // Stored as the losing seat, as a resignation is: −1 for it, the others share (docs/online.md).
  row.resigned = seat;
  finish_locked(g, std::move(row), std::move(done));
}

}  // namespace arbiter::server
