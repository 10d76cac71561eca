// Clocks on the server (hub.h, docs/online.md): the flag scheduler, presence and claims.
//
// Every change of a game hands its deadline (the seat to move's time plus the lag allowance,
// clocks/time_control.h) to one scheduler: a min-heap of (deadline, game id) and a thread that
// sleeps until the earliest. A due entry is checked against the game under its lock (the game
// may have moved on since, which makes the entry stale), so the heap needs no removals; a
// game changes its deadline only by a change, and each change pushes at most one entry. A flag
// ends the game through the store like a resignation. A game not in memory is loaded when its
// entry comes due; after a restart Hub::load schedules every playing game with a clock.
//
// Presence: a WebSocket that sends its seat token (hello, or a move), or whose upgrade carried
// the session of an account (ws_session.cpp, announced as the account's caller token), marks the
// seats it holds present while it is connected; when the last one holding a seat goes, the seat
// is away from then. The seat to move, away past the disconnect grace in a real-time game, may be
// claimed.
#include <algorithm>
#include <chrono>
#include <iostream>

#include "server/play/hub.h"

namespace arbiter::server {
namespace {

// The longest the flag thread sleeps before looking again (a clock that jumps, a test's clock).
constexpr int64_t kMaxSleepMs = 1000;
// A flag the store could not take now is tried again this much later.
constexpr int64_t kRetryMs = 1000;

std::vector<int> present_seats(const LiveGame& g) {
  std::vector<int> out;
  for (int seat = 0; seat < static_cast<int>(g.row.seats.size()); ++seat) {
    if (g.seat_present(seat)) out.push_back(seat);
  }
  return out;
}

}  // namespace

void Hub::schedule_flag_locked(LiveGame& g) {
  const int64_t at = g.flag_at_ms();
  if (at == INT64_MAX || at == g.flag_scheduled_ms || g.row.id.empty()) return;
  g.flag_scheduled_ms = at;
  schedule_flag(at, g.row.id);
}

void Hub::schedule_flag(int64_t at, std::string id) {
  std::lock_guard lock(flags_mu_);
  const bool earliest = flags_.empty() || at < flags_.top().at;
  flags_.push(FlagEntry{at, std::move(id)});
  if (earliest) flags_wake_.notify_one();
}

std::size_t Hub::fire_due_flags() {
  std::lock_guard firing(firing_mu_);
  std::vector<std::string> due;
  {
    std::lock_guard lock(flags_mu_);
    const int64_t t = now();
    while (!flags_.empty() && flags_.top().at <= t) {
      due.push_back(flags_.top().id);
      flags_.pop();
    }
  }
  std::sort(due.begin(), due.end());
  due.erase(std::unique(due.begin(), due.end()), due.end());
  for (const std::string& id : due) check_flag(id);
  return due.size();
}

void Hub::flag_loop() {
  std::unique_lock lock(flags_mu_);
  while (!stopping_) {
    const int64_t wait =
        flags_.empty() ? kMaxSleepMs : std::clamp<int64_t>(flags_.top().at - now(), 0, kMaxSleepMs);
    if (wait > 0) {
      flags_wake_.wait_for(lock, std::chrono::milliseconds(wait));
      continue;
    }
    lock.unlock();
    fire_due_flags();
    lock.lock();
  }
}

void Hub::check_flag(const std::string& id) {
  if (stopping_) return;
  if (GamePtr g = live(id)) {
    change(g, [this, g] { flag_if_due_locked(g); });
    return;
  }
  // Not in memory: loaded on a worker (it reads the store), then checked.
  const bool queued = work_.submit([this, id] {
    auto g = find(id);
    if (!g) return;
    change(*g, [this, g = *g] { flag_if_due_locked(g); });
  });
  if (!queued) schedule_flag(now() + kRetryMs, id);
}

void Hub::flag_if_due_locked(const GamePtr& g) {
  if (stopping_) return;
  const int64_t at = g->flag_at_ms();
  if (at == INT64_MAX) return;
  if (at > now()) return schedule_flag_locked(*g);  // stale entry: the game moved on
  flag_locked(g, [this, id = g->row.id](Outcome<GameViewPtr> out) {
    if (out) return;
    std::cerr << "arbiter: flag in game " << id << ": " << out.error().message << "\n";
    if (out.error().status == 503) schedule_flag(now() + kRetryMs, id);
  });
}

void Hub::flag_locked(const GamePtr& g, Reply<GameViewPtr> done) {
  const int seat = g->state->to_move();
  store::GameRow row = g->row;
  row.result = on_time_text(*g->state, seat);
  // Stored as the losing seat, as a resignation is: −1 for it, the others share (docs/online.md).
  row.resigned = seat;
  finish_locked(g, std::move(row), std::move(done));
}

Outcome<bool> Hub::announce(std::string_view id, std::string_view token,
                            const std::weak_ptr<Subscriber>& watcher, bool quiet) {
  GamePtr g = live(id);
  if (!g) return not_found("game " + std::string(id) + " is not being watched here");
  Lock lock(g->mu);
  auto held = held_seats(*g, token);
  if (!held) return held.error();
  auto w = watcher.lock();
  if (!w) return false;
  const std::vector<int> before = present_seats(*g);
  auto it = std::find_if(g->present.begin(), g->present.end(),
                         [&](const LiveGame::Presence& p) { return p.watcher == w.get(); });
  if (it == g->present.end()) {
    g->present.push_back({w.get(), watcher, *held});
  } else {
    for (int seat : *held) {
      if (!holds(it->seats, seat)) it->seats.push_back(seat);
    }
  }
  if (present_seats(*g) == before) return true;
  if (quiet) {
    g->changed();  // the next state sent shows it
  } else {
    broadcast_state(*g);
  }
  return true;
}

void Hub::leave(std::string_view id, const Subscriber* watcher) {
  GamePtr g = live(id);
  if (!g) return;
  Lock lock(g->mu);
  const std::vector<int> before = present_seats(*g);
  std::erase_if(g->present, [watcher](const LiveGame::Presence& p) {
    return p.watcher == watcher || p.alive.expired();
  });
  const std::vector<int> after = present_seats(*g);
  if (after == before) return;
  const int64_t t = now();
  for (int seat : before) {
    if (!holds(after, seat)) g->away_since_ms[static_cast<std::size_t>(seat)] = t;
  }
  broadcast_state(*g);
}

void Hub::claim(std::string_view id, std::string_view token, bool draw, Reply<GameViewPtr> done) {
  rereading(
      std::string(id),
      [this, id = std::string(id), token = std::string(token), draw](Reply<GameViewPtr> reply) {
        claim_now(id, token, draw, std::move(reply));
      },
      std::move(done));
}

void Hub::claim_now(const std::string& id, const std::string& token, bool draw,
                    Reply<GameViewPtr> done) {
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, draw, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) {
          return done(conflict("game " + g->row.id + " is over: " + g->row.result));
        }
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
        const int64_t t = now();
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

}  // namespace arbiter::server
