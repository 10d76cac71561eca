#include "store/store.h"

#include "store/postgres_store.h"
#include "store/sqlite_store.h"

namespace arbiter::store {

Result<std::vector<MoveRow>> GameStore::load_moves_from(std::string_view id, int from_ply) {
  auto moves = load_moves(id);
  if (!moves) return moves;
  std::erase_if(*moves, [from_ply](const MoveRow& m) { return m.ply < from_ply; });
  return moves;
}

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
      case Write::Kind::kEnqueueAiJob:
        out.push_back(w.ai_job ? enqueue_ai_job(*w.ai_job) : Status());
        continue;
    }
    // Not in the change's transaction here: a backend that shares its database overrides this.
    if (w.ai_job && out.back().ok()) out.back() = enqueue_ai_job(*w.ai_job);
  }
  return out;
}

namespace {
Error no_accounts(std::string_view op) {
  return make_error(ErrorCode::kInvalid, std::string(op) + ": this store keeps no accounts");
}
}  // namespace

Result<AccountRow> AccountStore::create_account(const AccountRow&) {
  return no_accounts("create_account");
}
Result<std::optional<AccountRow>> AccountStore::account_by_id(int64_t) {
  return no_accounts("account_by_id");
}
Result<std::optional<AccountRow>> AccountStore::account_by_key(std::string_view) {
  return no_accounts("account_by_key");
}
Result<std::optional<AccountRow>> AccountStore::account_by_skeleton(std::string_view) {
  return no_accounts("account_by_skeleton");
}
Status AccountStore::set_password(int64_t, std::string_view, std::string_view) {
  return no_accounts("set_password");
}
Status AccountStore::delete_account(int64_t) { return no_accounts("delete_account"); }
Status AccountStore::create_session(const SessionRow&) { return no_accounts("create_session"); }
Result<std::optional<AccountRow>> AccountStore::session_account(std::string_view, int64_t) {
  return no_accounts("session_account");
}
Status AccountStore::delete_session(std::string_view) { return no_accounts("delete_session"); }
Result<std::vector<RatingRow>> AccountStore::ratings_of(int64_t) {
  return no_accounts("ratings_of");
}
Result<std::vector<RatingRow>> AccountStore::leaderboard(std::string_view, int) {
  return no_accounts("leaderboard");
}
Status AccountStore::apply_ratings(std::string_view, const std::vector<RatingRow>&) {
  return no_accounts("apply_ratings");
}
Result<SeekRow> AccountStore::create_seek(const SeekRow&) { return no_accounts("create_seek"); }
Result<std::vector<SeekRow>> AccountStore::list_seeks() { return no_accounts("list_seeks"); }
Result<bool> AccountStore::delete_seek(int64_t) { return no_accounts("delete_seek"); }

// ---- AI jobs ----------------------------------------------------------------------------

namespace {
Error no_ai_jobs(std::string_view op) {
  return make_error(ErrorCode::kInvalid, std::string(op) + ": this store keeps no AI jobs");
}
}  // namespace

Status AiJobStore::enqueue_ai_job(const AiJobRow&) { return no_ai_jobs("enqueue_ai_job"); }
Result<std::optional<AiJobRow>> AiJobStore::claim_ai_job(std::string_view, int64_t, int64_t) {
  return no_ai_jobs("claim_ai_job");
}
Result<bool> AiJobStore::renew_ai_lease(std::string_view, int, std::string_view, int64_t) {
  return no_ai_jobs("renew_ai_lease");
}
Result<bool> AiJobStore::finish_ai_job(std::string_view, int, bool) {
  return no_ai_jobs("finish_ai_job");
}
Result<std::vector<AiJobRow>> AiJobStore::list_ai_jobs() { return no_ai_jobs("list_ai_jobs"); }

// ---- reviews ----------------------------------------------------------------------------

namespace {
Error no_reviews(std::string_view op) {
  return make_error(ErrorCode::kInvalid, std::string(op) + ": this store keeps no reviews");
}
}  // namespace

Status ReviewStore::put_review(const ReviewRow&) { return no_reviews("put_review"); }
Result<bool> ReviewStore::claim_review(std::string_view, std::string_view, int64_t, int64_t) {
  return no_reviews("claim_review");
}
Status ReviewStore::finish_review(std::string_view, std::string_view, bool, std::string_view,
                                  int64_t) {
  return no_reviews("finish_review");
}
Result<std::optional<ReviewRow>> ReviewStore::load_review(std::string_view) {
  return no_reviews("load_review");
}
Result<std::vector<ReviewRow>> ReviewStore::claimable_reviews(int64_t, int) {
  return no_reviews("claimable_reviews");
}

// ---- puzzles ----------------------------------------------------------------------------

namespace {
Error no_puzzles(std::string_view op) {
  return make_error(ErrorCode::kInvalid, std::string(op) + ": this store keeps no puzzles");
}
}  // namespace

Result<std::optional<int64_t>> PuzzleStore::add_puzzle(const PuzzleRow&) {
  return no_puzzles("add_puzzle");
}
Result<std::optional<PuzzleRow>> PuzzleStore::puzzle_by_id(int64_t) {
  return no_puzzles("puzzle_by_id");
}
Result<std::vector<PuzzleRow>> PuzzleStore::puzzles_near(std::string_view, double, std::string_view,
                                                         int) {
  return no_puzzles("puzzles_near");
}
Result<std::vector<PuzzleRow>> PuzzleStore::list_puzzles(std::string_view) {
  return no_puzzles("list_puzzles");
}
Result<std::optional<PuzzleRatingRow>> PuzzleStore::puzzle_rating(std::string_view) {
  return no_puzzles("puzzle_rating");
}
Result<bool> PuzzleStore::rate_puzzle_attempt(const PuzzleAttemptRow&) {
  return no_puzzles("rate_puzzle_attempt");
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
