// Per-address token buckets: `rate` requests per second with a burst of 2 × rate. Counts HTTP API
// requests and WebSocket messages (static files are exempt). Thread-safe.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace arbiter::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  explicit RateLimiter(double rate) : rate_(rate), burst_(2 * rate) {}
  bool enabled() const { return rate_ > 0; }
  // Takes one token from `address`'s bucket; false when it is empty (answer 429).
  bool allow(const std::string& address, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point last;
  };
  void prune(Clock::time_point now);

  double rate_;
  double burst_;
  std::mutex mu_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace arbiter::server
