// The SQLite store: one database file in WAL mode (or ":memory:"), schema created on open.
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace arbiter::store {

// Opens or creates the database at `path`, creating its folder when missing.
Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path);

}  // namespace arbiter::store
