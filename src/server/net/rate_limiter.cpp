#include "server/net/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace arbiter::server {
namespace {
// Above this many tracked addresses, buckets that have refilled completely are forgotten (a
// full bucket is what a new address gets anyway), so the map cannot grow without bound.
constexpr std::size_t kPruneAbove = 10'000;
}  // namespace

int RateLimiter::take(const std::string& key, Clock::time_point now) {
  if (!enabled()) return 0;
  std::lock_guard lock(mu_);
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double seconds = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + std::max(0.0, seconds) * rate_);
    b.last = now;
  }
  const bool ok = b.tokens >= 1;
  if (ok) b.tokens -= 1;
  if (fresh && buckets_.size() > kPruneAbove) prune(now);
  if (ok) return 0;
  return std::max(1, static_cast<int>(std::ceil((1 - b.tokens) / rate_)));
}

void RateLimiter::prune(Clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& entry) {
    const Bucket& b = entry.second;
    const double seconds = std::chrono::duration<double>(now - b.last).count();
    return b.tokens + seconds * rate_ >= burst_;
  });
}

}  // namespace arbiter::server
