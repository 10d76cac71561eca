#include "server/play/work_pool.h"

#include <algorithm>

namespace arbiter::server {

WorkPool::WorkPool(int workers, std::size_t capacity)
    : capacity_(std::max<std::size_t>(1, capacity)) {
  for (int i = 0; i < std::max(1, workers); ++i) threads_.emplace_back([this] { work(); });
}

WorkPool::~WorkPool() { shutdown(); }

bool WorkPool::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || jobs_.size() >= capacity_) return false;
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
  return true;
}

std::size_t WorkPool::pending() const {
  std::lock_guard lock(mu_);
  return jobs_.size() + running_;
}

void WorkPool::shutdown() {
  {
    std::lock_guard lock(mu_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
  threads_.clear();
}

void WorkPool::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, nothing left
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++running_;
    }
    job();
    std::lock_guard lock(mu_);
    --running_;
  }
}

}  // namespace arbiter::server
