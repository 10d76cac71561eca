// The store a command opens from its --db URL (store/store.h). Only the default store's folder,
// ./arbiter-data/, is made when missing: any other SQLite path must be in a folder that exists,
// so a mistyped --db is an error naming the missing folder instead of new folders.
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace arbiter::cli {

inline constexpr const char* kDefaultStoreUrl = "sqlite:./arbiter-data/arbiter.db";

store::Result<std::unique_ptr<store::Store>> open_command_store(const std::string& url);

}  // namespace arbiter::cli
