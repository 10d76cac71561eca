// A fixed set of threads that run one job over index ranges together: run(n, job) splits
// [0, n) into one contiguous slice per thread, runs the first slice on the calling thread and
// returns when every slice is done. The threads live as long as the pool, so a call costs a
// wake-up, not a thread start.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::python {

class WorkerPool {
 public:
  using Job = std::function<void(int begin, int end)>;

  explicit WorkerPool(int threads) {
    for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { work(i); });
  }
  ~WorkerPool() {
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  void run(int n, const Job& job) {
    if (workers_.empty() || n < 2) {
      job(0, n);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      job_ = &job;
      n_ = n;
      pending_ = static_cast<int>(workers_.size());
      ++generation_;
    }
    wake_.notify_all();
    const auto [begin, end] = slice(0, n);
    job(begin, end);
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  std::pair<int, int> slice(int index, int n) const {
    const int64_t t = threads();
    return {static_cast<int>(n * index / t), static_cast<int>(n * (index + 1) / t)};
  }

  void work(int index) {
    uint64_t seen = 0;
    for (;;) {
      const Job* job = nullptr;
      int n = 0;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
        if (quit_) return;
        seen = generation_;
        job = job_;
        n = n_;
      }
      const auto [begin, end] = slice(index, n);
      (*job)(begin, end);
      {
        std::lock_guard lock(mutex_);
        if (--pending_ == 0) done_.notify_one();
      }
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const Job* job_ = nullptr;
  int n_ = 0;
  int pending_ = 0;
  uint64_t generation_ = 0;
  bool quit_ = false;
};

}  // namespace arbiter::python
