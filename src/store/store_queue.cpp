#include "store/store_queue.h"

#include <algorithm>
#include <vector>

#include "core/log.h"
#include "core/metrics.h"

namespace arbiter::store {
namespace {

// Writes taken into one transaction at most: enough to share a commit among all the games
// moving at once, few enough that one batch never holds the database long.
constexpr std::size_t kMaxBatch = 512;

bool breaks_writing(const Status& st) {
  return st.is(ErrorCode::kIo) || st.is(ErrorCode::kCorrupt);
}

}  // namespace

StoreQueue::StoreQueue(std::shared_ptr<Store> store, std::size_t capacity,
                       std::chrono::milliseconds probe_every)
    : store_(std::move(store)),
      capacity_(std::max<std::size_t>(1, capacity)),
      probe_every_(probe_every) {
  health_.capacity = capacity_;
  // The first probe runs at once: a read-only file shows in health before any move.
  last_ok_ = std::chrono::steady_clock::now() - probe_every_;
  thread_ = std::thread([this] { run(); });
}

StoreQueue::~StoreQueue() { stop(); }

bool StoreQueue::submit(Write write, Done done) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || jobs_.size() + in_flight_ >= capacity_) return false;
    jobs_.push_back({std::move(write), std::move(done), log::current_request()});
    ++submitted_;
  }
  wake_.notify_one();
  return true;
}

bool StoreQueue::has_room(std::size_t n) const {
  std::lock_guard lock(mu_);
  return !stopping_ && jobs_.size() + in_flight_ + n <= capacity_;
}

StoreQueue::Health StoreQueue::health() const {
  std::lock_guard lock(mu_);
  Health h = health_;
  h.queued = jobs_.size() + in_flight_;
  return h;
}

void StoreQueue::flush() {
  std::unique_lock lock(mu_);
  const uint64_t target = submitted_;
  idle_.wait(lock, [&] { return finished_ >= target || !thread_.joinable(); });
}

void StoreQueue::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void StoreQueue::note_locked(const Status& st) {
  if (st.ok()) {
    health_.writable = true;
    health_.error.clear();
    last_ok_ = std::chrono::steady_clock::now();
  } else if (breaks_writing(st)) {
    health_.writable = false;
    health_.error = st.error();
  }
}

void StoreQueue::run() {
  std::unique_lock lock(mu_);
  for (;;) {
    const auto probe_at = last_ok_ + probe_every_;
    wake_.wait_until(lock,
                     health_.writable ? probe_at : std::chrono::steady_clock::now() + probe_every_,
                     [&] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) {
      if (stopping_) break;
      if (std::chrono::steady_clock::now() < last_ok_ + probe_every_ && health_.writable) continue;
      lock.unlock();
      const Status st = store_->probe_write();
      lock.lock();
      note_locked(st);
      if (!st.ok()) last_ok_ = std::chrono::steady_clock::now();  // probe again later, not at once
      continue;
    }
    std::vector<Job> batch;
    const std::size_t n = std::min(kMaxBatch, jobs_.size());
    batch.reserve(n);
    std::vector<Write> writes;
    writes.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      batch.push_back(std::move(jobs_.front()));
      jobs_.pop_front();
      writes.push_back(std::move(batch.back().write));
    }
    in_flight_ = n;
    lock.unlock();
    const auto started = std::chrono::steady_clock::now();
    std::vector<Status> results = store_->write_batch(writes);
    results.resize(n, Status(make_error(ErrorCode::kIo, "write: no status from the store")));
    auto& m = metrics::metrics();
    m.store_seconds.at({}).observe(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    lock.lock();
    ++health_.batches;
    for (const Status& st : results) {
      ++(st.ok() ? health_.written : health_.failed);
      if (!st.ok()) m.store_errors.at({}).add();
      note_locked(st);
    }
    lock.unlock();
    // Told after the commit, in order, outside the lock: a `done` may queue the game's next
    // write.
    for (std::size_t i = 0; i < n; ++i) {
      log::RequestScope scope(std::move(batch[i].request));
      if (!results[i].ok()) log::error("store.error", {{"error", results[i].error()}});
      if (batch[i].done) batch[i].done(results[i]);
    }
    lock.lock();
    in_flight_ = 0;
    finished_ += n;
    idle_.notify_all();
  }
  finished_ = submitted_;
  idle_.notify_all();
}

}  // namespace arbiter::store
