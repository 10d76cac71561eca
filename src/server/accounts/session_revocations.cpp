#include "server/accounts/session_revocations.h"

#include "server/play/live_game.h"

namespace arbiter::server {
namespace {

// How long an ended session is remembered: past the longest a server keeps a session it has read
// without reading it again (online_api.cpp), with room for a slow notice.
constexpr int64_t kEndedSessionMemoryMs = 120'000;

}  // namespace

void SessionRevocations::ended(const store::GameChange& change) {
  const int64_t t = now_ms();
  std::lock_guard lock(mu_);
  if (!change.session_hash.empty()) {
    sessions_[change.session_hash] = t;
  } else {
    accounts_[change.account_id] = t;
  }
  std::erase_if(sessions_, [t](const auto& e) { return t - e.second > kEndedSessionMemoryMs; });
  std::erase_if(accounts_, [t](const auto& e) { return t - e.second > kEndedSessionMemoryMs; });
}

void SessionRevocations::all_may_have_ended() {
  std::lock_guard lock(mu_);
  all_ms_ = now_ms();
}

bool SessionRevocations::ended_since(std::string_view token_hash, int64_t account_id,
                                     int64_t since_ms) const {
  std::lock_guard lock(mu_);
  if (all_ms_ >= since_ms) return true;
  auto s = sessions_.find(std::string(token_hash));
  if (s != sessions_.end() && s->second >= since_ms) return true;
  auto a = accounts_.find(account_id);
  return a != accounts_.end() && a->second >= since_ms;
}

}  // namespace arbiter::server
