#include "server/play/flag_scheduler.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace arbiter::server {
namespace {

// The longest the flag thread sleeps before looking again (a clock that jumps, a test's clock).
constexpr int64_t kMaxFlagSleepMs = 1000;

}  // namespace

FlagScheduler::FlagScheduler(const HubClock& clock, const std::atomic<bool>& stopping, Check check)
    : clock_(clock), stopping_(stopping), check_(std::move(check)) {}

void FlagScheduler::start() {
  if (!clock_.supplied()) thread_ = std::thread([this] { loop(); });
}

void FlagScheduler::stop() {
  {
    std::lock_guard lock(mu_);
    wake_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
}

void FlagScheduler::schedule_locked(LiveGame& g) {
  const int64_t at = g.flag_at_ms();
  if (at == INT64_MAX || at == g.flag_scheduled_ms || g.row.id.empty()) return;
  g.flag_scheduled_ms = at;
  schedule(at, g.row.id);
}

void FlagScheduler::schedule(int64_t at, std::string id) {
  std::lock_guard lock(mu_);
  const bool earliest = heap_.empty() || at < heap_.top().at;
  heap_.push(Entry{at, std::move(id)});
  if (earliest) wake_.notify_one();
}

std::size_t FlagScheduler::fire_due() {
  std::lock_guard firing(firing_mu_);
  std::vector<std::string> due;
  {
    std::lock_guard lock(mu_);
    const int64_t t = clock_.now();
    while (!heap_.empty() && heap_.top().at <= t) {
      due.push_back(heap_.top().id);
      heap_.pop();
    }
  }
  std::sort(due.begin(), due.end());
  due.erase(std::unique(due.begin(), due.end()), due.end());
  for (const std::string& id : due) check_(id);
  return due.size();
}

void FlagScheduler::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    const int64_t wait =
        heap_.empty() ? kMaxFlagSleepMs
                      : std::clamp<int64_t>(heap_.top().at - clock_.now(), 0, kMaxFlagSleepMs);
    if (wait > 0) {
      wake_.wait_for(lock, std::chrono::milliseconds(wait));
      continue;
    }
    lock.unlock();
    fire_due();
    lock.lock();
  }
}

}  // namespace arbiter::server
