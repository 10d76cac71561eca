#include "store/store.h"

#include "store/postgres_store.h"
#include "store/sqlite_store.h"

namespace arbiter::store {

std::vector<Status> Store::write_batch(const std::vector<Write>& writes) {
  std::vector<Status> out;
  out.reserve(writes.size());
  for (const Write& w : writes) {
    switch (w.kind) {
      case Write::Kind::kCreate:
        out.push_back(create_game(w.game));
        break;
      case Write::Kind::kUpdate:
        out.push_back(update_game(w.game));
        break;
      case Write::Kind::kAppendMove:
        out.push_back(append_move(w.game, w.move));
        break;
      case Write::Kind::kTruncateMoves:
        out.push_back(truncate_moves(w.game, w.from_ply));
        break;
    }
  }
  return out;
}

Result<std::unique_ptr<Store>> open_store(std::string_view url) {
  if (is_postgres_url(url)) return open_postgres_store(std::string(url));
  constexpr std::string_view kSqlite = "sqlite:";
  if (url.starts_with(kSqlite)) url.remove_prefix(kSqlite.size());
  if (url.empty()) return make_error(ErrorCode::kInvalid, "--db: empty database path");
  if (url.find("://") != std::string_view::npos) {
    return make_error(ErrorCode::kInvalid,
                      "--db: unsupported store '" + std::string(url) +
                          "' (use sqlite:PATH, a file path or postgresql://...)");
  }
  return open_sqlite_store(std::string(url));
}

}  // namespace arbiter::store
