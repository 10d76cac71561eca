#include "server/rate_limiter.h"

#include <algorithm>

namespace arbiter::server {
namespace {
// Above this many tracked addresses, buckets that have refilled completely are forgotten (a
// full bucket is what a new address gets anyway), so the map cannot grow without bound.
constexpr std::size_t kPruneAbove = 10'000;
}  // namespace

bool RateLimiter::allow(const std::string& address, Clock::time_point now) {
  if (!enabled()) return true;
  std::lock_guard lock(mu_);
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double seconds = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + std::max(0.0, seconds) * rate_);
    b.last = now;
  }
  const bool ok = b.tokens >= 1;
  if (ok) b.tokens -= 1;
  if (fresh && buckets_.size() > kPruneAbove) prune(now);
  return ok;
}

void RateLimiter::prune(Clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& entry) {
    const Bucket& b = entry.second;
    const double seconds = std::chrono::duration<double>(now - b.last).count();
    return b.tokens + seconds * rate_ >= burst_;
  });
}

}  // namespace arbiter::server
