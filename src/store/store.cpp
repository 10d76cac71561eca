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

namespace {
Error no_accounts(std::string_view op) {
  return make_error(ErrorCode::kInvalid, std::string(op) + ": this store keeps no accounts");
}
}  // namespace

Result<AccountRow> Store::create_account(const AccountRow&) {
  return no_accounts("create_account");
}
Result<std::optional<AccountRow>> Store::account_by_id(int64_t) {
  return no_accounts("account_by_id");
}
Result<std::optional<AccountRow>> Store::account_by_key(std::string_view) {
  return no_accounts("account_by_key");
}
Status Store::set_password(int64_t, std::string_view, std::string_view) {
  return no_accounts("set_password");
}
Status Store::delete_account(int64_t) { return no_accounts("delete_account"); }
Status Store::create_session(const SessionRow&) { return no_accounts("create_session"); }
Result<std::optional<AccountRow>> Store::session_account(std::string_view, int64_t) {
  return no_accounts("session_account");
}
Status Store::delete_session(std::string_view) { return no_accounts("delete_session"); }
Result<std::vector<RatingRow>> Store::ratings_of(int64_t) { return no_accounts("ratings_of"); }
Result<std::vector<RatingRow>> Store::leaderboard(std::string_view, int) {
  return no_accounts("leaderboard");
}
Status Store::apply_ratings(std::string_view, const std::vector<RatingRow>&) {
  return no_accounts("apply_ratings");
}
Result<SeekRow> Store::create_seek(const SeekRow&) { return no_accounts("create_seek"); }
Result<std::vector<SeekRow>> Store::list_seeks() { return no_accounts("list_seeks"); }
Result<bool> Store::delete_seek(int64_t) { return no_accounts("delete_seek"); }

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
