// The AI jobs (ai_job_rows.h, Store's "AI jobs" calls) on SQLite. Each function runs inside a
// transaction the SQLite store has opened, with its lock held (sqlite_store.cpp); `prepared`
// gives a statement prepared once per connection. SQLite has one writer at a time (BEGIN
// IMMEDIATE), which makes a claim exclusive and a finish atomic with the game's writes, as FOR
// UPDATE SKIP LOCKED and the game row's lock do on PostgreSQL.
#pragma once

#include <sqlite3.h>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "store/sqlite_util.h"
#include "store/store.h"

namespace arbiter::store::sqlite_ai_jobs {

using Prepared = std::function<const Stmt&(const char* sql)>;

Status enqueue(sqlite3* db, const Prepared& prepared, const AiJobRow& job);
Result<std::optional<AiJobRow>> claim(sqlite3* db, const Prepared& prepared, std::string_view owner,
                                      int64_t now_ms, int64_t lease_ms);
Result<bool> renew(sqlite3* db, const Prepared& prepared, std::string_view game_id, int ply,
                   std::string_view owner, int64_t until_ms);
Result<bool> finish(sqlite3* db, const Prepared& prepared, std::string_view game_id, int ply,
                    bool force);
Result<std::vector<AiJobRow>> list(sqlite3* db, const Prepared& prepared);

}  // namespace arbiter::store::sqlite_ai_jobs
