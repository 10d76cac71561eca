#include "server/net/connection_limits.h"

#include <sys/resource.h>

namespace arbiter::server {

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
  if (this == &other) return *this;
  release();
  limits_ = other.limits_;
  key_ = std::move(other.key_);
  kind_ = other.kind_;
  other.limits_ = nullptr;
  other.kind_ = Kind::kNone;
  return *this;
}

void ConnectionSlot::release() {
  if (limits_ && kind_ != Kind::kNone) limits_->release(key_, kind_);
  limits_ = nullptr;
  kind_ = Kind::kNone;
}

ConnectionLimits::Verdict ConnectionLimits::admit(const std::string& key, bool per_address,
                                                  ConnectionSlot& slot) {
  std::lock_guard lock(mu_);
  Verdict verdict = Verdict::kAdmitted;
  if (open_ >= max_total_) {
    verdict = Verdict::kServerFull;
  } else if (per_address && max_per_address_ > 0) {
    auto it = per_key_.find(key);
    if (it != per_key_.end() && it->second >= max_per_address_) {
      verdict = Verdict::kTooManyFromAddress;
    }
  }
  if (verdict == Verdict::kAdmitted) {
    ++open_;
    if (per_address) ++per_key_[key];
    slot = ConnectionSlot(this, per_address ? key : std::string(), ConnectionSlot::Kind::kAdmitted);
    return verdict;
  }
  if (refusing_ >= max_refusing_) return Verdict::kDropped;
  ++refusing_;
  slot = ConnectionSlot(this, "", ConnectionSlot::Kind::kRefusing);
  return verdict;
}

void ConnectionLimits::release(const std::string& key, ConnectionSlot::Kind kind) {
  std::lock_guard lock(mu_);
  if (kind == ConnectionSlot::Kind::kRefusing) {
    --refusing_;
    return;
  }
  --open_;
  if (key.empty()) return;
  auto it = per_key_.find(key);
  if (it != per_key_.end() && --it->second == 0) per_key_.erase(it);
}

bool ConnectionLimits::crowded() const {
  std::lock_guard lock(mu_);
  return open_ * 4 >= max_total_ * 3;
}

std::size_t ConnectionLimits::open() const {
  std::lock_guard lock(mu_);
  return open_;
}

std::size_t raise_descriptor_limit() {
  // Past this many a map of connections is not what runs out first; the kernel's default
  // ceiling (fs.nr_open) is the same number.
  constexpr rlim_t kPlenty = 1 << 20;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  const rlim_t target = limit.rlim_max == RLIM_INFINITY ? kPlenty : limit.rlim_max;
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < target) {
    rlimit raised = limit;
    raised.rlim_cur = target;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return static_cast<std::size_t>(
      limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > kPlenty ? kPlenty : limit.rlim_cur);
}

}  // namespace arbiter::server
