// Sessions other servers sharing the store have ended (a logout, a password change, a
// deletion), as the change feed tells (store/change_feed.h, a kSessions notice): remembered for
// a while, so that a server keeping a session it has read (online_api.cpp, a minute) reads it
// again at once instead of trusting it (ended_since). A lost feed connection (notices may have
// been missed) makes every session read before it suspect.
//
// Locking: one mutex of its own, taken alone (never with a game's or the hub's).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "store/change_feed.h"

namespace arbiter::server {

class SessionRevocations {
 public:
  // A kSessions notice: the session it names ended, or (no session named) every session of
  // its account; noted at now_ms(). Notes older than the memory are forgotten.
  void ended(const store::GameChange& change);
  // The feed's connection was lost and is back: any session may have ended meanwhile.
  void all_may_have_ended();
  // Whether the session whose token hashes to `token_hash` (held by `account_id`) may have
  // ended at or after `since_ms` (now_ms()).
  bool ended_since(std::string_view token_hash, int64_t account_id, int64_t since_ms) const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, int64_t> sessions_;  // by token hash: when told
  std::unordered_map<int64_t, int64_t> accounts_;      // by account id: when told
  int64_t all_ms_ = 0;                                 // notices may have been missed then
};

}  // namespace arbiter::server
