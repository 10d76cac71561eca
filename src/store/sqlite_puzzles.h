// The puzzles (puzzle_rows.h, Store's "puzzles" calls) on SQLite. Each function runs with the
// SQLite store's lock held, the writes inside a transaction it has opened (sqlite_store.cpp);
// `prepared` gives a statement prepared once per connection. An attempt's ratings are written
// only over the rows as they were read (PuzzleAttemptRow), as PostgreSQL's do
// (postgres_puzzles.h).
#pragma once

#include <sqlite3.h>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "store/sqlite_util.h"
#include "store/store.h"

namespace arbiter::store::sqlite_puzzles {

using Prepared = std::function<const Stmt&(const char* sql)>;

// In the caller's transaction.
Result<std::optional<int64_t>> add(sqlite3* db, const Prepared& prepared, const PuzzleRow& puzzle);
Result<bool> rate_attempt(sqlite3* db, const Prepared& prepared, const PuzzleAttemptRow& attempt);
// Reads.
Result<std::optional<PuzzleRow>> by_id(sqlite3* db, const Prepared& prepared, int64_t id);
Result<std::vector<PuzzleRow>> near(sqlite3* db, const Prepared& prepared, std::string_view game,
                                    double rating, std::string_view solver, int limit);
Result<std::vector<PuzzleRow>> list(sqlite3* db, const Prepared& prepared, std::string_view game);
Result<std::optional<PuzzleRatingRow>> rating(sqlite3* db, const Prepared& prepared,
                                              std::string_view solver);

}  // namespace arbiter::store::sqlite_puzzles
