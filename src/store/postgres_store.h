// The PostgreSQL store: the same Store promise as SQLite's (sqlite_store.h) on a database that
// several `arbiter serve` processes and AI workers share.
//
// One connection behind a mutex serves every call; each write is one transaction. The ply check
// of append_move holds across processes: two servers racing to store the same ply both read the
// same count, both insert, and the primary key (game_id, ply) refuses the second insert, which
// comes back as kConflict with nothing written. The schema is versioned like SQLite's (the same
// version numbers, written in PostgreSQL's dialect); migrations run in one transaction under an
// advisory lock, so servers starting together migrate once. A lost connection is reopened on the
// next call; the call that met the loss fails with kIo. Each write notifies other processes when
// it commits (change_feed.h).
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace arbiter::store {

// Opens a store on the database named by `url`: a libpq connection URI or key=value string
// ("postgresql://USER@HOST:PORT/DB", "postgresql:///arbiter?host=/run/sock"); the standard PG*
// environment variables fill in what it leaves out. Creates or migrates the schema. The error
// names the database without its password.
Result<std::unique_ptr<Store>> open_postgres_store(const std::string& url);

// Whether `url` names a PostgreSQL database ("postgresql://…" or "postgres://…").
bool is_postgres_url(std::string_view url);

}  // namespace arbiter::store
