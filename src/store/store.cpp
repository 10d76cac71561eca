#include "store/store.h"

#include "store/sqlite_store.h"

namespace arbiter::store {

Result<std::unique_ptr<Store>> open_store(std::string_view url) {
  constexpr std::string_view kSqlite = "sqlite:";
  if (url.starts_with(kSqlite)) url.remove_prefix(kSqlite.size());
  if (url.empty()) return make_error(ErrorCode::kInvalid, "--db: empty database path");
  if (url.find("://") != std::string_view::npos) {
    return make_error(ErrorCode::kInvalid, "--db: unsupported store '" + std::string(url) +
                                               "' (use sqlite:PATH or a file path)");
  }
  return open_sqlite_store(std::string(url));
}

}  // namespace arbiter::store
