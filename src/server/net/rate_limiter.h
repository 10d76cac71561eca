// Per-key token buckets: `rate` tokens per second into a bucket that holds `burst`. The API keeps
// two: requests (HTTP API requests and WebSocket messages; static files are exempt) at
// --rate-limit with a burst of twice that, and game creations at --create-limit per hour with a
// burst of ten minutes' worth. Keys are client addresses (client_address.h). Thread-safe.
#pragma once

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace arbiter::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  // `rate` tokens per second, a burst of 2 × rate; 0 turns the limiter off.
  explicit RateLimiter(double rate) : RateLimiter(rate, 2 * rate) {}
  RateLimiter(double rate, double burst) : rate_(rate), burst_(std::max(1.0, burst)) {}
  bool enabled() const { return rate_ > 0; }
  // Takes one token from `key`'s bucket; false when it is empty (answer 429).
  bool allow(const std::string& key, Clock::time_point now = Clock::now()) {
    return take(key, now) == 0;
  }
  // Takes one token from `key`'s bucket: 0 when it had one, else the whole seconds until it has
  // (the Retry-After of the 429 answered instead), at least 1.
  int take(const std::string& key, Clock::time_point now = Clock::now());

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
