// Abandoned games (hub.h, HubOptions::abandon_days, docs/server.md): a playing game that nothing
// changed in for that long is closed, its result "abandoned: ...", so a server does not carry
// forgotten games (and their AI seats) forever. Every change of a game (a move of a person or an
// AI, a join, an undo) sets its updated time, so a game a person moved in within the period is
// never closed: the test is on the stored time, checked again under the game's lock.
#include <chrono>
#include <cstdio>
#include <limits>

#include "server/play/hub.h"

namespace arbiter::server {
namespace {

std::string days_text(double days) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", days);
  return buf;
}

}  // namespace

std::size_t Hub::close_abandoned(int64_t before_ms) {
  store::GameFilter filter;
  filter.status = store::GameStatus::kPlaying;
  filter.limit = std::numeric_limits<int>::max();
  auto rows = store_->list_games(filter);
  if (!rows) return 0;
  const std::string result = "abandoned: nothing happened for " +
                             days_text(options_.abandon_days > 0 ? options_.abandon_days : 0) +
                             " days";
  std::size_t closed = 0;
  for (store::GameRow& row : *rows) {
    if (row.updated_ms >= before_ms) continue;
    const int64_t now = this->now();
    if (GamePtr g = live(row.id)) {
      change(g, [this, g, before_ms, result, now] {
        // Checked again: a change may have come since the listing.
        if (!g->playing() || g->row.updated_ms >= before_ms) return;
        store::GameRow closed_row = g->row;
        closed_row.status = store::GameStatus::kFinished;
        closed_row.result = result;
        closed_row.updated_ms = now;
        store::Write write{store::Write::Kind::kUpdate, closed_row, {}, 0};
        write_locked(g, std::move(write), [this, g, closed_row](const store::Status& st) mutable {
          if (!st) return;
          g->row = std::move(closed_row);
          ++abandoned_;
          cancel_ai_locked(*g);
          game_over_locked(*g);
          broadcast_state(*g);
        });
      });
    } else {
      row.status = store::GameStatus::kFinished;
      row.result = result;
      row.updated_ms = now;
      store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
      while (!writes_.submit(write, [this](const store::Status& st) {
        if (st) ++abandoned_;
      })) {
        if (stopping_) return closed;
        writes_.flush();  // the queue is full: let it drain
      }
    }
    ++closed;
  }
  return closed;
}

void Hub::expiry_loop() {
  const auto period = std::chrono::duration<double>(
      std::min(3600.0, std::max(1.0, options_.abandon_days * 86'400.0 / 24)));
  std::unique_lock lock(expiry_mu_);
  for (;;) {
    expiry_wake_.wait_for(lock, period, [this] { return stopping_.load(); });
    if (stopping_) return;
    lock.unlock();
    close_abandoned(now() - static_cast<int64_t>(options_.abandon_days * 86'400'000.0));
    lock.lock();
  }
}

}  // namespace arbiter::server
