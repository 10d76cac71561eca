// The addresses each account has been seen on (its requests' limit keys, client_address.h: an
// IPv6 client by its /64), so that two accounts of one person, or of one household, cannot rate
// each other (docs/online.md "Ratings"): accounts seen on one address play casual games only,
// unless the server is started with --rated-same-address (a club whose players share one).
//
// Kept in memory by each server, from the requests it answered (a login, a registration, any
// request carrying a session): a restart forgets it, and servers sharing a store each know
// their own. Bounded: an account keeps its kMaxPerAccount latest addresses, and past
// kMaxAccounts accounts the book starts afresh. Thread-safe.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace arbiter::server::accounts {

class AddressBook {
 public:
  static constexpr std::size_t kMaxPerAccount = 32;
  static constexpr std::size_t kMaxAccounts = 200'000;

  // Account `account` made a request from `address` ("" is ignored: no address known).
  void seen(int64_t account, std::string_view address);
  // Whether `a` and `b` (different accounts) have been seen on one address.
  bool shared(int64_t a, int64_t b) const;
  // The first two of `accounts` (0s ignored) seen on one address, nullopt when none are.
  std::optional<std::pair<int64_t, int64_t>> first_shared(
      const std::vector<int64_t>& accounts) const;

 private:
  bool shared_locked(int64_t a, int64_t b) const;

  mutable std::mutex mu_;
  std::unordered_map<int64_t, std::deque<std::string>> addresses_;  // newest last
};

}  // namespace arbiter::server::accounts
