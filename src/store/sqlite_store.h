// The SQLite store: one database file in WAL mode (or ":memory:"), schema created on open.
//
// One connection behind a mutex serves every call; each write is one transaction
// (BEGIN IMMEDIATE … COMMIT) through cached prepared statements, so a move costs a single WAL
// append. Tables: schema_version, games, seats (game_id, seat) and moves (game_id, ply), the
// last two deleted with their game. The schema is versioned: a file of an older version is
// migrated in place, step by step, in one transaction on open; a file written by a newer schema
// is refused (kCorrupt), not guessed at.
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace arbiter::store {

// Opens or creates the database at `path`, whose folder must exist (a missing one is an error
// naming it, kIo). An unreadable or corrupt file, or one from a newer arbiter, is an error
// naming the path (kIo or kCorrupt).
Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path);

}  // namespace arbiter::store
