#include "store/postgres_ai_jobs.h"

#include <string>

#include "store/game_enums.h"

namespace arbiter::store::postgres_ai_jobs {
namespace {

constexpr const char* kColumns =
    "j.game_id, j.ply, j.seat, j.level, j.created_ms, j.lease_owner, j.lease_until_ms, "
    "j.attempts";

AiJobRow job_columns(const pqxx::row& r) {
  return AiJobRow{r[0].as<std::string>(), r[1].as<int>(),     r[2].as<int>(),
                  r[3].as<int>(),         r[4].as<int64_t>(), r[5].as<std::string>(),
                  r[6].as<int64_t>(),     r[7].as<int>()};
}

}  // namespace

void enqueue(pqxx::transaction_base& w, const AiJobRow& job) {
  w.exec_params(
      "INSERT INTO ai_jobs (game_id, ply, seat, level, created_ms) VALUES ($1, $2, $3, $4, $5) "
      "ON CONFLICT (game_id, ply) DO NOTHING",
      job.game_id, job.ply, job.seat, job.level, job.created_ms);
}

std::optional<AiJobRow> claim(pqxx::transaction_base& w, std::string_view owner, int64_t now_ms,
                              int64_t lease_ms) {
  // SKIP LOCKED: a job another worker is claiming right now is passed over, not waited for.
  const auto rows = w.exec_params(
      std::string("UPDATE ai_jobs j SET lease_owner = $1, lease_until_ms = $2::bigint + "
                  "$3::bigint, attempts = j.attempts + 1 FROM (SELECT game_id, ply FROM ai_jobs "
                  "WHERE lease_until_ms <= $2::bigint ORDER BY created_ms, game_id, ply LIMIT 1 "
                  "FOR UPDATE SKIP LOCKED) f WHERE j.game_id = f.game_id AND j.ply = f.ply "
                  "RETURNING ") +
          kColumns,
      std::string(owner), now_ms, lease_ms);
  if (rows.empty()) return std::nullopt;
  return job_columns(rows[0]);
}

bool renew(pqxx::transaction_base& w, std::string_view game_id, int ply, std::string_view owner,
           int64_t until_ms) {
  return w.exec_params(
              "UPDATE ai_jobs SET lease_until_ms = $4 WHERE game_id = $1 AND ply = $2 AND "
              "lease_owner = $3",
              std::string(game_id), ply, std::string(owner), until_ms)
             .affected_rows() > 0;
}

bool finish(pqxx::transaction_base& w, std::string_view game_id, int ply, bool force) {
  const std::string id(game_id);
  // The game's row lock orders this after any write of the game under way (each write updates
  // the row), and the statement below then sees what that write committed (read committed).
  w.exec_params("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", id);
  return w.exec_params(
              "DELETE FROM ai_jobs WHERE game_id = $1 AND ply = $2 AND ($3 OR NOT EXISTS ("
              "SELECT 1 FROM games g WHERE g.id = $1 AND g.status = $4 AND "
              "(SELECT COALESCE(MAX(m.ply) + 1, 0) FROM moves m WHERE m.game_id = $1) = $2))",
              id, ply, force, std::string(to_text(GameStatus::kPlaying)))
             .affected_rows() > 0;
}

std::vector<AiJobRow> list(pqxx::transaction_base& w) {
  std::vector<AiJobRow> out;
  for (const auto& r : w.exec(std::string("SELECT ") + kColumns +
                              " FROM ai_jobs j ORDER BY j.created_ms, j.game_id, j.ply")) {
    out.push_back(job_columns(r));
  }
  return out;
}

}  // namespace arbiter::store::postgres_ai_jobs
