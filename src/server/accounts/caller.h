// Who makes a call to the hub: the bearer of a seat token, a logged-in account, or nobody (a
// guest who sent neither). The API decides which (a session stands in for a seat token when none
// is sent, http/api.cpp); the hub then counts the seats a caller holds as its own: a seat token's
// by its hash, an account's by store::SeatRow::account, and a seat it takes (create, join) is
// held by its account when it is one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/store.h"

namespace arbiter::server::accounts {

struct CallerAccount {
  store::AccountId id = 0;
  std::string name;  // its username
};

class Caller {
 public:
  Caller() = default;  // nobody
  // The bearer of `seat_token` ("" is nobody). Implicit: most callers hold a seat token.
  Caller(std::string_view seat_token) : seat_token_(seat_token) {}
  Caller(const std::string& seat_token) : seat_token_(seat_token) {}
  Caller(const char* seat_token) : seat_token_(seat_token) {}

  static Caller of_account(store::AccountId id, std::string name) {
    Caller out;
    out.account_ = CallerAccount{id, std::move(name)};
    return out;
  }

  bool nobody() const { return seat_token_.empty() && !account_; }
  // "" for an account or nobody.
  const std::string& seat_token() const { return seat_token_; }
  // nullopt for a seat token's bearer or nobody.
  const std::optional<CallerAccount>& account() const { return account_; }

  // A seat this caller takes: held by its account when it is one (else left as it is).
  void hold(store::SeatRow& seat) const {
    if (!account_) return;
    seat.account = account_->id;
    seat.account_name = account_->name;
  }

 private:
  std::string seat_token_;
  std::optional<CallerAccount> account_;
};

// The account ids holding the row's seats, in seat order (0: a seat no account holds).
inline std::vector<store::AccountId> seat_accounts(const store::GameRow& row) {
  std::vector<store::AccountId> out;
  for (const store::SeatRow& seat : row.seats) out.push_back(seat.account);
  return out;
}

}  // namespace arbiter::server::accounts
