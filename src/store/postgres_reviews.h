// The reviews (review_rows.h, Store's "reviews" calls) on PostgreSQL. Each function runs its
// statements in the caller's transaction (postgres_store.cpp opens it and turns the exceptions
// of libpqxx into store Errors). A claim is one UPDATE of the review's row, which PostgreSQL
// locks, so of two servers claiming at once the second sees the first's lease and gets false.
#pragma once

#include <cstdint>
#include <optional>
#include <pqxx/pqxx>
#include <string>
#include <string_view>
#include <vector>

#include "store/review_rows.h"

namespace arbiter::store::postgres_reviews {

// Whether the review was queued (false: the game has one queued, running or done).
bool put(pqxx::transaction_base& w, const ReviewRow& review);
bool claim(pqxx::transaction_base& w, std::string_view game_id, std::string_view owner,
           int64_t now_ms, int64_t until_ms);
// Whether `owner` held the lease (and the review is now done or failed).
bool finish(pqxx::transaction_base& w, std::string_view game_id, std::string_view owner, bool done,
            std::string_view report, int64_t now_ms);
// The review; nullopt when none. `bad_status` gets a stored status this arbiter cannot read.
std::optional<ReviewRow> load(pqxx::transaction_base& w, std::string_view game_id,
                              std::string* bad_status);
std::vector<ReviewRow> claimable(pqxx::transaction_base& w, int64_t now_ms, int limit,
                                 std::string* bad_status);

}  // namespace arbiter::store::postgres_reviews
