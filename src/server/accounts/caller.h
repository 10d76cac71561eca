// How the API tells the hub that a logged-in account is calling: in place of a seat token it
// passes "account:ID:NAME", which no client can send (the API drops any bearer or WebSocket
// token of that form). The hub then counts the seats that account holds as the caller's, and a
// seat it takes (create, join) is held by the account (store::SeatRow::account).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/store.h"

namespace arbiter::server::accounts {

inline constexpr std::string_view kCallerPrefix = "account:";

struct CallerAccount {
  store::AccountId id = 0;
  std::string name;  // its username
};

inline std::string account_caller(int64_t id, std::string_view name) {
  return std::string(kCallerPrefix) + std::to_string(id) + ":" + std::string(name);
}

inline bool is_account_caller(std::string_view token) { return token.starts_with(kCallerPrefix); }

// The account a caller token names; nullopt for a seat token or "".
inline std::optional<CallerAccount> caller_account(std::string_view token) {
  if (!is_account_caller(token)) return std::nullopt;
  token.remove_prefix(kCallerPrefix.size());
  const auto colon = token.find(':');
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  const auto id = store::parse_account_id(token.substr(0, colon));
  if (!id || *id == 0) return std::nullopt;
  return CallerAccount{*id, std::string(token.substr(colon + 1))};
}

// A seat taken by `token`'s caller: held by its account when it is one (else left as it is).
inline void hold_seat(store::SeatRow& seat, std::string_view token) {
  if (auto account = caller_account(token)) {
    seat.account = account->id;
    seat.account_name = account->name;
  }
}

// The account ids holding the row's seats, in seat order (0: a seat no account holds).
inline std::vector<store::AccountId> seat_accounts(const store::GameRow& row) {
  std::vector<store::AccountId> out;
  for (const store::SeatRow& seat : row.seats) out.push_back(seat.account);
  return out;
}

}  // namespace arbiter::server::accounts
