#include "store/postgres_puzzles.h"

#include <cstdint>
#include <string>

namespace arbiter::store::postgres_puzzles {
namespace {

constexpr const char* kColumns =
    "p.id, p.game, p.params, p.position, p.solution, p.source, p.rating, p.deviation, "
    "p.volatility, p.plays, p.created_ms";

PuzzleRow puzzle_columns(const pqxx::row& r) {
  PuzzleRow p;
  p.id = r[0].as<int64_t>();
  p.game = r[1].as<std::string>();
  p.params = r[2].as<std::string>();
  p.position = r[3].as<std::string>();
  p.solution = r[4].as<std::string>();
  p.source = r[5].as<std::string>();
  p.rating = r[6].as<double>();
  p.deviation = r[7].as<double>();
  p.volatility = r[8].as<double>();
  p.plays = r[9].as<int>();
  p.created_ms = r[10].as<int64_t>();
  return p;
}

std::vector<PuzzleRow> rows(const pqxx::result& result) {
  std::vector<PuzzleRow> out;
  for (const auto& r : result) out.push_back(puzzle_columns(r));
  return out;
}

}  // namespace

std::optional<int64_t> add(pqxx::transaction_base& w, const PuzzleRow& p) {
  const auto r = w.exec_params(
      "INSERT INTO puzzles (game, params, position, solution, source, rating, deviation, "
      "volatility, plays, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
      "ON CONFLICT (game, params, position) DO NOTHING RETURNING id",
      p.game, p.params, p.position, p.solution, p.source, p.rating, p.deviation, p.volatility,
      p.plays, p.created_ms);
  if (r.empty()) return std::nullopt;
  return r[0][0].as<int64_t>();
}

AttemptOutcome rate_attempt(pqxx::transaction_base& w, const PuzzleAttemptRow& a) {
  const auto attempt = w.exec_params(
      "INSERT INTO puzzle_attempts (solver, puzzle_id, solved, at_ms) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (solver, puzzle_id) DO NOTHING",
      a.solver.solver, a.puzzle_id, a.solved, a.at_ms);
  if (attempt.affected_rows() == 0) return AttemptOutcome::kRatedAlready;
  const auto puzzle = w.exec_params(
      "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, plays = plays + 1 "
      "WHERE id = $1 AND plays = $5",
      a.puzzle_id, a.puzzle_rating, a.puzzle_deviation, a.puzzle_volatility, a.puzzle_plays_before);
  if (puzzle.affected_rows() == 0) {
    return by_id(w, a.puzzle_id) ? AttemptOutcome::kPuzzleChanged : AttemptOutcome::kNoPuzzle;
  }
  const PuzzleRatingRow& s = a.solver;
  const auto solver =
      a.solver_before == 0
          ? w.exec_params(
                "INSERT INTO puzzle_ratings (solver, rating, deviation, volatility, solved, "
                "failed, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                "ON CONFLICT (solver) DO NOTHING",
                s.solver, s.rating, s.deviation, s.volatility, s.solved, s.failed, s.updated_ms)
          : w.exec_params(
                "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, "
                "solved = $5, failed = $6, updated_ms = $7 "
                "WHERE solver = $1 AND solved + failed = $8",
                s.solver, s.rating, s.deviation, s.volatility, s.solved, s.failed, s.updated_ms,
                a.solver_before);
  if (solver.affected_rows() == 0) return AttemptOutcome::kSolverChanged;
  return AttemptOutcome::kRated;
}

std::optional<PuzzleRow> by_id(pqxx::transaction_base& w, int64_t id) {
  const auto r =
      w.exec_params(std::string("SELECT ") + kColumns + " FROM puzzles p WHERE p.id = $1", id);
  if (r.empty()) return std::nullopt;
  return puzzle_columns(r[0]);
}

std::vector<PuzzleRow> near(pqxx::transaction_base& w, std::string_view game, double rating,
                            std::string_view solver, int limit) {
  // The solver's attempts sort last, the oldest first; the others by distance from `rating`.
  return rows(w.exec_params(
      std::string("SELECT ") + kColumns +
          " FROM puzzles p LEFT JOIN puzzle_attempts a ON a.puzzle_id = p.id AND a.solver = $3 "
          "WHERE p.game = $1 ORDER BY a.at_ms IS NOT NULL, COALESCE(a.at_ms, 0), "
          "ABS(p.rating - $2), p.id LIMIT $4",
      std::string(game), rating, std::string(solver), limit > 0 ? int64_t{limit} : INT64_MAX));
}

std::vector<PuzzleRow> list(pqxx::transaction_base& w, std::string_view game) {
  return rows(w.exec_params(std::string("SELECT ") + kColumns +
                                " FROM puzzles p WHERE $1 = '' OR p.game = $1 ORDER BY p.id",
                            std::string(game)));
}

std::optional<PuzzleRatingRow> rating(pqxx::transaction_base& w, std::string_view solver) {
  const auto r = w.exec_params(
      "SELECT solver, rating, deviation, volatility, solved, failed, updated_ms "
      "FROM puzzle_ratings WHERE solver = $1",
      std::string(solver));
  if (r.empty()) return std::nullopt;
  return PuzzleRatingRow{r[0][0].as<std::string>(), r[0][1].as<double>(), r[0][2].as<double>(),
                         r[0][3].as<double>(),      r[0][4].as<int>(),    r[0][5].as<int>(),
                         r[0][6].as<int64_t>()};
}

}  // namespace arbiter::store::postgres_puzzles
