#include "store/sqlite_puzzles.h"

#include <string>

#include "store/sqlite_schema.h"

namespace arbiter::store::sqlite_puzzles {
namespace {

Error failure(ErrorCode code, std::string_view op, std::string_view what, std::string_view why) {
  return make_error(code, std::string(op) + " " + std::string(what) + ": " + std::string(why));
}

Error sql_error(sqlite3* db, std::string_view op, std::string_view what) {
  return failure(error_code_of(sqlite3_extended_errcode(db)), op, what, sqlite3_errmsg(db));
}

std::string puzzle_name(int64_t id) { return "puzzle " + std::to_string(id); }

#define ARBITER_PUZZLE_COLUMNS                                                        \
  "p.id, p.game, p.params, p.position, p.solution, p.source, p.rating, p.deviation, " \
  "p.volatility, p.plays, p.created_ms"

PuzzleRow puzzle_columns(const Use& q) {
  PuzzleRow p;
  p.id = q.col_num(0);
  p.game = q.col_text(1);
  p.params = q.col_text(2);
  p.position = q.col_text(3);
  p.solution = q.col_text(4);
  p.source = q.col_text(5);
  p.rating = q.col_real(6);
  p.deviation = q.col_real(7);
  p.volatility = q.col_real(8);
  p.plays = static_cast<int>(q.col_num(9));
  p.created_ms = q.col_num(10);
  return p;
}

Result<std::vector<PuzzleRow>> all_rows(sqlite3* db, Use& q, std::string_view op,
                                        std::string_view what) {
  std::vector<PuzzleRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(puzzle_columns(q));
  if (rc != SQLITE_DONE) return sql_error(db, op, what);
  return out;
}

}  // namespace

Result<std::optional<int64_t>> add(sqlite3* db, const Prepared& prepared, const PuzzleRow& p) {
  Use q(
      prepared("INSERT INTO puzzles (game, params, position, solution, source, rating, deviation, "
               "volatility, plays, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) "
               "ON CONFLICT (game, params, position) DO NOTHING"));
  q.text(1, p.game).text(2, p.params).text(3, p.position).text(4, p.solution).text(5, p.source);
  q.real(6, p.rating).real(7, p.deviation).real(8, p.volatility).num(9, p.plays);
  q.num(10, p.created_ms);
  if (q.step() != SQLITE_DONE) return sql_error(db, "add_puzzle", p.game);
  if (sqlite3_changes(db) == 0) return std::optional<int64_t>();
  return std::optional<int64_t>(sqlite3_last_insert_rowid(db));
}

Result<bool> rate_attempt(sqlite3* db, const Prepared& prepared, const PuzzleAttemptRow& a) {
  constexpr std::string_view kOp = "rate_puzzle_attempt";
  const std::string name = puzzle_name(a.puzzle_id);
  {
    Use q(prepared(
        "INSERT INTO puzzle_attempts (solver, puzzle_id, solved, at_ms) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (solver, puzzle_id) DO NOTHING"));
    q.text(1, a.solver.solver).num(2, a.puzzle_id).num(3, a.solved ? 1 : 0).num(4, a.at_ms);
    if (q.step() != SQLITE_DONE) return sql_error(db, kOp, name);
    if (sqlite3_changes(db) == 0) return false;  // rated already: nothing was written
  }
  {
    Use q(prepared(
        "UPDATE puzzles SET rating = ?2, deviation = ?3, volatility = ?4, plays = plays + 1 "
        "WHERE id = ?1 AND plays = ?5"));
    q.num(1, a.puzzle_id).real(2, a.puzzle_rating).real(3, a.puzzle_deviation);
    q.real(4, a.puzzle_volatility).num(5, a.puzzle_plays_before);
    if (q.step() != SQLITE_DONE) return sql_error(db, kOp, name);
    if (sqlite3_changes(db) == 0) {
      auto found = by_id(db, prepared, a.puzzle_id);
      if (!found) return found.failure();
      if (!*found) return failure(ErrorCode::kNotFound, kOp, name, "no such puzzle");
      return failure(ErrorCode::kConflict, kOp, name, "conflict: the puzzle changed since read");
    }
  }
  const PuzzleRatingRow& s = a.solver;
  Use q(prepared(a.solver_before == 0
                     ? "INSERT INTO puzzle_ratings (solver, rating, deviation, volatility, solved, "
                       "failed, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
                       "ON CONFLICT (solver) DO NOTHING"
                     : "UPDATE puzzle_ratings SET rating = ?2, deviation = ?3, volatility = ?4, "
                       "solved = ?5, failed = ?6, updated_ms = ?7 "
                       "WHERE solver = ?1 AND solved + failed = ?8"));
  q.text(1, s.solver).real(2, s.rating).real(3, s.deviation).real(4, s.volatility);
  q.num(5, s.solved).num(6, s.failed).num(7, s.updated_ms);
  if (a.solver_before != 0) q.num(8, a.solver_before);
  if (q.step() != SQLITE_DONE) return sql_error(db, kOp, name);
  if (sqlite3_changes(db) == 0) {
    return failure(ErrorCode::kConflict, kOp, name,
                   "conflict: the solver's rating changed since read");
  }
  return true;
}

Result<std::optional<PuzzleRow>> by_id(sqlite3* db, const Prepared& prepared, int64_t id) {
  Use q(prepared("SELECT " ARBITER_PUZZLE_COLUMNS " FROM puzzles p WHERE p.id = ?1"));
  q.num(1, id);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return std::optional<PuzzleRow>(puzzle_columns(q));
  if (rc != SQLITE_DONE) return sql_error(db, "puzzle_by_id", puzzle_name(id));
  return std::optional<PuzzleRow>();
}

Result<std::vector<PuzzleRow>> near(sqlite3* db, const Prepared& prepared, std::string_view game,
                                    double rating, std::string_view solver, int limit) {
  // The solver's attempts sort last, the oldest first; the others by distance from `rating`.
  Use q(prepared("SELECT " ARBITER_PUZZLE_COLUMNS
                 " FROM puzzles p LEFT JOIN puzzle_attempts a ON a.puzzle_id = p.id AND "
                 "a.solver = ?3 WHERE p.game = ?1 ORDER BY a.at_ms IS NOT NULL, "
                 "COALESCE(a.at_ms, 0), ABS(p.rating - ?2), p.id LIMIT ?4"));
  q.text(1, game).real(2, rating).text(3, solver).num(4, limit > 0 ? limit : -1);
  return all_rows(db, q, "puzzles_near", game);
}

Result<std::vector<PuzzleRow>> list(sqlite3* db, const Prepared& prepared, std::string_view game) {
  Use q(prepared("SELECT " ARBITER_PUZZLE_COLUMNS
                 " FROM puzzles p WHERE ?1 = '' OR p.game = ?1 ORDER BY p.id"));
  q.text(1, game);
  return all_rows(db, q, "list_puzzles", game.empty() ? "*" : game);
}

Result<std::optional<PuzzleRatingRow>> rating(sqlite3* db, const Prepared& prepared,
                                              std::string_view solver) {
  Use q(
      prepared("SELECT solver, rating, deviation, volatility, solved, failed, updated_ms "
               "FROM puzzle_ratings WHERE solver = ?1"));
  q.text(1, solver);
  const int rc = q.step();
  if (rc == SQLITE_ROW) {
    return std::optional<PuzzleRatingRow>(PuzzleRatingRow{
        q.col_text(0), q.col_real(1), q.col_real(2), q.col_real(3), static_cast<int>(q.col_num(4)),
        static_cast<int>(q.col_num(5)), q.col_num(6)});
  }
  if (rc != SQLITE_DONE) return sql_error(db, "puzzle_rating", solver);
  return std::optional<PuzzleRatingRow>();
}

}  // namespace arbiter::store::sqlite_puzzles
