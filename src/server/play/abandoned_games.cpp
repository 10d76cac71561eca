#include "server/play/abandoned_games.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

#include "server/ai_seats/ai_seats.h"

namespace arbiter::server {
namespace {

std::string days_text(double days) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", days);
  return buf;
}

}  // namespace

AbandonedGames::AbandonedGames(std::shared_ptr<store::Store> store, double abandon_days,
                               const PlayParts& parts, const std::atomic<bool>& stopping,
                               store::StoreQueue& writes)
    : store_(std::move(store)),
      abandon_days_(abandon_days),
      parts_(parts),
      stopping_(stopping),
      writes_(writes) {}

void AbandonedGames::start() {
  if (enabled()) thread_ = std::thread([this] { loop(); });
}

void AbandonedGames::stop() {
  {
    std::lock_guard lock(mu_);
    wake_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
}

std::size_t AbandonedGames::close_due() {
  return close(parts_.clock.now() - static_cast<int64_t>(abandon_days_ * 86'400'000.0));
}

std::size_t AbandonedGames::close(int64_t before_ms) {
  store::GameFilter filter;
  filter.status = store::GameStatus::kPlaying;
  filter.limit = std::numeric_limits<int>::max();
  auto rows = store_->list_games(filter);
  if (!rows) return 0;
  const std::string result = "abandoned: nothing happened for " +
                             days_text(abandon_days_ > 0 ? abandon_days_ : 0) + " days";
  std::size_t count = 0;
  for (store::GameRow& row : *rows) {
    if (row.updated_ms >= before_ms) continue;
    const int64_t now = parts_.clock.now();
    if (auto g = parts_.registry.live(row.id)) {
      parts_.changes.change(g, [this, g, before_ms, result, now] {
        // Checked again: a change may have come since the listing.
        if (!g->playing() || g->row.updated_ms >= before_ms) return;
        store::GameRow closed_row = g->row;
        closed_row.status = store::GameStatus::kFinished;
        closed_row.result = result;
        closed_row.updated_ms = now;
        store::Write write{store::Write::Kind::kUpdate, closed_row, {}, 0};
        parts_.changes.write_locked(g, std::move(write),
                                    [this, g, closed_row](const store::Status& st) mutable {
                                      if (!st) return;
                                      g->row = std::move(closed_row);
                                      ++closed_;
                                      AiSeats::cancel_locked(*g);
                                      parts_.broadcast.ended_locked(*g);
                                      parts_.broadcast.state_locked(*g);
                                    });
      });
    } else {
      row.status = store::GameStatus::kFinished;
      row.result = result;
      row.updated_ms = now;
      store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
      while (!writes_.submit(write, [this](const store::Status& st) {
        if (st) ++closed_;
      })) {
        if (stopping_) return count;
        writes_.flush();  // the queue is full: let it drain
      }
    }
    ++count;
  }
  return count;
}

void AbandonedGames::loop() {
  const auto period =
      std::chrono::duration<double>(std::min(3600.0, std::max(1.0, abandon_days_ * 86'400.0 / 24)));
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait_for(lock, period, [this] { return stopping_.load(); });
    if (stopping_) return;
    lock.unlock();
    close_due();
    lock.lock();
  }
}

}  // namespace arbiter::server
