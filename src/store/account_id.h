// An account's id: the one type an account is known by in every layer (AccountRow::id, the
// holder of a seat, a listing's filter, the API's caller, the lobby's watchers). 0 for none.
// The seats' column holds it in decimal, "" for none; the store converts at its edge.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/text.h"

namespace arbiter::store {

using AccountId = int64_t;

// The seats' column text of `id`: decimal, "" for none.
inline std::string account_column(AccountId id) { return id == 0 ? "" : std::to_string(id); }

// The id a seats' column `text` holds: 0 for ""; nullopt when it is not the decimal text
// account_column writes of a positive id (no sign, no leading zero).
inline std::optional<AccountId> parse_account_id(std::string_view text) {
  if (text.empty()) return AccountId{0};
  auto id = parse_int(text, 1, INT64_MAX, "account id");
  if (!id || account_column(*id) != text) return std::nullopt;
  return *id;
}

// The key an account's puzzle rating and attempts (puzzle_rows.h) and its reviews' requests
// (review_rows.h) are stored under: "account:ID" (a guest's are "browser:…" and "address:…").
inline std::string account_key(AccountId id) { return "account:" + std::to_string(id); }

}  // namespace arbiter::store
