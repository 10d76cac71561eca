#include "store/sqlite_reviews.h"

#include <string>

#include "store/sqlite_schema.h"

namespace arbiter::store::sqlite_reviews {
namespace {

// The statuses are bound as parameters (their one spelling is review_rows.h's): ?Q queued,
// ?R running, as each statement numbers them.
constexpr std::string_view kQueued = to_text(ReviewStatus::kQueued);
constexpr std::string_view kRunning = to_text(ReviewStatus::kRunning);

Error failure(ErrorCode code, std::string_view op, std::string_view game_id, std::string_view why) {
  return make_error(code,
                    std::string(op) + " game " + std::string(game_id) + ": " + std::string(why));
}

// SQLite's own code and message for the last failed call.
Error sql_error(sqlite3* db, std::string_view op, std::string_view game_id) {
  return failure(error_code_of(sqlite3_extended_errcode(db)), op, game_id, sqlite3_errmsg(db));
}

constexpr const char* kColumns =
    "game_id, status, requester, requested_ms, finished_ms, lease_owner, lease_until_ms";

// The row `q` is on (kColumns, then the report when `with_report`).
Result<ReviewRow> review_columns(const Use& q, bool with_report) {
  ReviewRow r;
  r.game_id = q.col_text(0);
  const auto status = parse_review_status(q.col_text(1));
  if (!status) {
    return failure(ErrorCode::kCorrupt, "load_review", r.game_id,
                   "unknown review status '" + q.col_text(1) + "'");
  }
  r.status = *status;
  r.requester = q.col_text(2);
  r.requested_ms = q.col_num(3);
  r.finished_ms = q.col_num(4);
  r.lease_owner = q.col_text(5);
  r.lease_until_ms = q.col_num(6);
  if (with_report) r.report = q.col_text(7);
  return r;
}

}  // namespace

Status put(sqlite3* db, const Prepared& prepared, const ReviewRow& review) {
  Use q(prepared(
      "INSERT INTO reviews (game_id, status, requester, requested_ms) VALUES (?1, ?4, ?2, ?3) "
      "ON CONFLICT (game_id) DO UPDATE SET status = ?4, requester = excluded.requester, "
      "requested_ms = excluded.requested_ms, finished_ms = 0, lease_owner = '', "
      "lease_until_ms = 0, report = '' WHERE reviews.status = ?5"));
  q.text(1, review.game_id).text(2, review.requester).num(3, review.requested_ms);
  q.text(4, kQueued).text(5, to_text(ReviewStatus::kFailed));
  if (q.step() != SQLITE_DONE) return sql_error(db, "put_review", review.game_id);
  if (sqlite3_changes(db) == 0) {
    return failure(ErrorCode::kConflict, "put_review", review.game_id,
                   "conflict: the game has a review already");
  }
  return {};
}

Result<bool> claim(sqlite3* db, const Prepared& prepared, std::string_view game_id,
                   std::string_view owner, int64_t now_ms, int64_t until_ms) {
  Use q(prepared(
      "UPDATE reviews SET status = ?6, lease_owner = ?2, lease_until_ms = ?4 WHERE game_id = ?1 "
      "AND (status = ?5 OR (status = ?6 AND (lease_until_ms <= ?3 OR lease_owner = ?2)))"));
  q.text(1, game_id).text(2, owner).num(3, now_ms).num(4, until_ms);
  q.text(5, kQueued).text(6, kRunning);
  if (q.step() != SQLITE_DONE) return sql_error(db, "claim_review", game_id);
  return sqlite3_changes(db) > 0;
}

Status finish(sqlite3* db, const Prepared& prepared, std::string_view game_id,
              std::string_view owner, bool done, std::string_view report, int64_t now_ms) {
  Use q(
      prepared("UPDATE reviews SET status = ?3, report = ?4, finished_ms = ?5, lease_owner = '', "
               "lease_until_ms = 0 WHERE game_id = ?1 AND status = ?6 AND lease_owner = ?2"));
  q.text(1, game_id).text(2, owner);
  q.text(3, to_text(done ? ReviewStatus::kDone : ReviewStatus::kFailed));
  q.text(4, report).num(5, now_ms).text(6, kRunning);
  if (q.step() != SQLITE_DONE) return sql_error(db, "finish_review", game_id);
  if (sqlite3_changes(db) == 0) {
    return failure(ErrorCode::kConflict, "finish_review", game_id,
                   "conflict: " + std::string(owner) + " holds no lease of it");
  }
  return {};
}

Result<std::optional<ReviewRow>> load(sqlite3* db, const Prepared& prepared,
                                      std::string_view game_id) {
  static const std::string sql =
      "SELECT " + std::string(kColumns) + ", report FROM reviews WHERE game_id = ?1";
  Use q(prepared(sql.c_str()));
  q.text(1, game_id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<ReviewRow>();
  if (rc != SQLITE_ROW) return sql_error(db, "load_review", game_id);
  auto row = review_columns(q, true);
  if (!row) return row.failure();
  return std::optional<ReviewRow>(std::move(*row));
}

Result<std::vector<ReviewRow>> claimable(sqlite3* db, const Prepared& prepared, int64_t now_ms,
                                         int limit) {
  static const std::string sql = "SELECT " + std::string(kColumns) +
                                 " FROM reviews WHERE status = ?2 OR (status = ?3 AND "
                                 "lease_until_ms <= ?1) ORDER BY requested_ms, game_id LIMIT ?4";
  Use q(prepared(sql.c_str()));
  q.num(1, now_ms).text(2, kQueued).text(3, kRunning).num(4, limit);
  std::vector<ReviewRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    auto row = review_columns(q, false);
    if (!row) return row.failure();
    out.push_back(std::move(*row));
  }
  if (rc != SQLITE_DONE) return sql_error(db, "claimable_reviews", "*");
  return out;
}

}  // namespace arbiter::store::sqlite_reviews
