// A fixed pool of threads for the hub's work that may take long or wait on the disk (loading a
// game from the store, listing, the legal endpoint's click index), so that none of it runs on
// an I/O thread. The queue is bounded: past it, submit() refuses and the caller answers "busy".
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::server {

class WorkPool {
 public:
  WorkPool(int workers, std::size_t capacity);
  ~WorkPool();
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Queues `job`; false (the job dropped) when `capacity` jobs wait already or after shutdown().
  bool submit(std::function<void()> job);
  // Jobs waiting or running.
  std::size_t pending() const;
  std::size_t capacity() const { return capacity_; }
  // Runs what is queued, then joins the threads.
  void shutdown();

 private:
  void work();

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter::server
