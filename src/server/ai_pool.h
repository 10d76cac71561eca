// A fixed pool of worker threads for AI searches, so no search ever runs on an I/O thread and
// the number of concurrent searches stays bounded however many AI games are live.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::server {

class AiPool {
 public:
  explicit AiPool(int workers);
  ~AiPool();
  AiPool(const AiPool&) = delete;
  AiPool& operator=(const AiPool&) = delete;

  // Queues a job; dropped silently after shutdown().
  void submit(std::function<void()> job);
  // Drops queued jobs, waits for the running ones (the caller stops their searches first).
  void shutdown();

 private:
  void work();

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter::server
