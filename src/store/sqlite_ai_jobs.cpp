#include "store/sqlite_ai_jobs.h"

#include <string>

#include "store/sqlite_schema.h"

namespace arbiter::store::sqlite_ai_jobs {
namespace {

constexpr const char* kColumns =
    "game_id, ply, seat, level, created_ms, lease_owner, lease_until_ms, attempts";

// SQLite's own code and message for the last failed call, naming the operation and the game.
Error sql_error(sqlite3* db, std::string_view op, std::string_view game_id) {
  return make_error(error_code_of(sqlite3_extended_errcode(db)),
                    std::string(op) + " game " + std::string(game_id) + ": " + sqlite3_errmsg(db));
}

AiJobRow job_columns(const Use& q) {
  return AiJobRow{q.col_text(0),
                  static_cast<int>(q.col_num(1)),
                  static_cast<int>(q.col_num(2)),
                  static_cast<int>(q.col_num(3)),
                  q.col_num(4),
                  q.col_text(5),
                  q.col_num(6),
                  static_cast<int>(q.col_num(7))};
}

}  // namespace

Status enqueue(sqlite3* db, const Prepared& prepared, const AiJobRow& job) {
  Use q(prepared(
      "INSERT INTO ai_jobs (game_id, ply, seat, level, created_ms) VALUES (?1, ?2, ?3, ?4, ?5) "
      "ON CONFLICT (game_id, ply) DO NOTHING"));
  q.text(1, job.game_id).num(2, job.ply).num(3, job.seat).num(4, job.level);
  q.num(5, job.created_ms);
  if (q.step() != SQLITE_DONE) return sql_error(db, "enqueue_ai_job", job.game_id);
  return {};
}

Result<std::optional<AiJobRow>> claim(sqlite3* db, const Prepared& prepared, std::string_view owner,
                                      int64_t now_ms, int64_t lease_ms) {
  static const std::string sql =
      "UPDATE ai_jobs SET lease_owner = ?1, lease_until_ms = ?2 + ?3, attempts = attempts + 1 "
      "WHERE (game_id, ply) = (SELECT game_id, ply FROM ai_jobs WHERE lease_until_ms <= ?2 "
      "ORDER BY created_ms, game_id, ply LIMIT 1) RETURNING " +
      std::string(kColumns);
  Use q(prepared(sql.c_str()));
  q.text(1, owner).num(2, now_ms).num(3, lease_ms);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<AiJobRow>();
  if (rc != SQLITE_ROW) return sql_error(db, "claim_ai_job", "*");
  AiJobRow job = job_columns(q);
  if (q.step() != SQLITE_DONE) return sql_error(db, "claim_ai_job", job.game_id);
  return std::optional<AiJobRow>(std::move(job));
}

Result<bool> renew(sqlite3* db, const Prepared& prepared, std::string_view game_id, int ply,
                   std::string_view owner, int64_t until_ms) {
  Use q(
      prepared("UPDATE ai_jobs SET lease_until_ms = ?4 WHERE game_id = ?1 AND ply = ?2 AND "
               "lease_owner = ?3"));
  q.text(1, game_id).num(2, ply).text(3, owner).num(4, until_ms);
  if (q.step() != SQLITE_DONE) return sql_error(db, "renew_ai_lease", game_id);
  return sqlite3_changes(db) > 0;
}

Result<bool> finish(sqlite3* db, const Prepared& prepared, std::string_view game_id, int ply,
                    bool force) {
  // ?4 is the text of GameStatus::kPlaying (game_enums.h).
  Use q(
      prepared("DELETE FROM ai_jobs WHERE game_id = ?1 AND ply = ?2 AND (?3 = 1 OR NOT EXISTS ("
               "SELECT 1 FROM games g WHERE g.id = ?1 AND g.status = ?4 AND "
               "(SELECT COALESCE(MAX(m.ply) + 1, 0) FROM moves m WHERE m.game_id = ?1) = ?2))"));
  q.text(1, game_id).num(2, ply).num(3, force ? 1 : 0).text(4, to_text(GameStatus::kPlaying));
  if (q.step() != SQLITE_DONE) return sql_error(db, "finish_ai_job", game_id);
  return sqlite3_changes(db) > 0;
}

Result<std::vector<AiJobRow>> list(sqlite3* db, const Prepared& prepared) {
  static const std::string sql =
      "SELECT " + std::string(kColumns) + " FROM ai_jobs ORDER BY created_ms, game_id, ply";
  Use q(prepared(sql.c_str()));
  std::vector<AiJobRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(job_columns(q));
  if (rc != SQLITE_DONE) return sql_error(db, "list_ai_jobs", "*");
  return out;
}

}  // namespace arbiter::store::sqlite_ai_jobs
