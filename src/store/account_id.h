// An account's id: the one type an account is known by in every layer (AccountRow::id, the
// holder of a seat, a listing's filter, the API's caller, the lobby's watchers). 0 for none.
// The seats' column holds it in decimal, "" for none; the store converts at its edge.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::store {

using AccountId = int64_t;

// The seats' column text of `id`: decimal, "" for none.
inline std::string account_column(AccountId id) { return id == 0 ? "" : std::to_string(id); }

// The id `text` (a seats' column, or a caller's) holds: 0 for ""; nullopt when it is not a
// positive decimal id of at most 18 digits.
inline std::optional<AccountId> parse_account_id(std::string_view text) {
  if (text.empty()) return AccountId{0};
  if (text.size() > 18 || text.front() == '0') return std::nullopt;
  AccountId id = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    id = id * 10 + (c - '0');
  }
  return id;
}

// The key an account's puzzle rating and attempts (puzzle_rows.h) and its reviews' requests
// (review_rows.h) are stored under: "account:ID" (a guest's are "browser:…" and "address:…").
inline std::string account_key(AccountId id) { return "account:" + std::to_string(id); }

}  // namespace arbiter::store
