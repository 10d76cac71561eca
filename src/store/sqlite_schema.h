// The SQLite store's schema and its versions: each version is one migration from the one before
// (version 1 creates the tables), and every file, new or old, reaches the current version by the
// same steps, so the upgrade of an old file is the path every new file takes too.
#pragma once

#include <sqlite3.h>

#include "store/store.h"

namespace arbiter::store {

inline constexpr int kSchemaVersion = 7;

// Brings the database to kSchemaVersion in one transaction: creates the tables in an empty file,
// migrates an older one in place; a newer one (or an unreadable one) is refused and left as it
// was. The error says why (kCorrupt for a file this arbiter cannot read, else SQLite's code).
Status migrate_schema(sqlite3* db);

// The store's code for a SQLite result code (extended or primary).
ErrorCode error_code_of(int sqlite_code);

}  // namespace arbiter::store
