// The reviews (review_rows.h, Store's "reviews" calls) on SQLite. Each function runs with the
// SQLite store's lock held, the writes inside a transaction it has opened (sqlite_store.cpp);
// `prepared` gives a statement prepared once per connection. SQLite has one writer at a time,
// so a claim is exclusive as PostgreSQL's row lock makes it there (postgres_reviews.h).
#pragma once

#include <sqlite3.h>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "store/sqlite_util.h"
#include "store/store.h"

namespace arbiter::store::sqlite_reviews {

using Prepared = std::function<const Stmt&(const char* sql)>;

Status put(sqlite3* db, const Prepared& prepared, const ReviewRow& review);
Result<bool> claim(sqlite3* db, const Prepared& prepared, std::string_view game_id,
                   std::string_view owner, int64_t now_ms, int64_t until_ms);
Status finish(sqlite3* db, const Prepared& prepared, std::string_view game_id,
              std::string_view owner, bool done, std::string_view report, int64_t now_ms);
Result<std::optional<ReviewRow>> load(sqlite3* db, const Prepared& prepared,
                                      std::string_view game_id);
Result<std::vector<ReviewRow>> claimable(sqlite3* db, const Prepared& prepared, int64_t now_ms,
                                         int limit);

}  // namespace arbiter::store::sqlite_reviews
