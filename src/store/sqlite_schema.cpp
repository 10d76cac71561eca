#include "store/sqlite_schema.h"

#include <array>
#include <string>

#include "store/sqlite_util.h"

namespace arbiter::store {
namespace {

// Version 1. Every move rewrites its game's row, so games carry the one index that listing needs
// (newest first; a status filter walks it too and stops at the limit): each more would cost a
// WAL page per move.
//
// Plies of a game are 0, 1, … with no gaps: append_move only adds the next one and
// truncate_moves only cuts a suffix, so MAX(ply) + 1 is the count of stored moves.
constexpr const char* kTablesV1 = R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY NOT NULL, game TEXT NOT NULL, params TEXT NOT NULL,
  position TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
  rematch_of TEXT NOT NULL, rematch_id TEXT NOT NULL);
CREATE INDEX games_by_updated ON games (updated_ms);
CREATE TABLE seats (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  kind TEXT NOT NULL, level INTEGER NOT NULL, token_hash TEXT NOT NULL,
  time_used_ms INTEGER NOT NULL, rematch INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  text TEXT NOT NULL, seat INTEGER NOT NULL, at_ms INTEGER NOT NULL,
  elapsed_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
)sql";

// Version 5: online play. A deleted account keeps its row (its id stays in the seats it held)
// with username_key '#ID', which no username can be; `rated_games` marks the games whose
// rating update is written, so it is applied once whichever server sees the game end.
// seats.account_name is the name a game shows for the seat ("deleted" once it is).
constexpr const char* kTablesV5 = R"sql(
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL,
  username_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY NOT NULL, account_id INTEGER NOT NULL REFERENCES accounts (id),
  created_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE TABLE ratings (
  account_id INTEGER NOT NULL REFERENCES accounts (id), pool TEXT NOT NULL,
  rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  games INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, pool)) WITHOUT ROWID;
CREATE INDEX ratings_by_pool ON ratings (pool, rating);
CREATE TABLE rated_games (game_id TEXT PRIMARY KEY NOT NULL, rated_ms INTEGER NOT NULL)
  WITHOUT ROWID;
CREATE TABLE seeks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL REFERENCES accounts (id),
  game TEXT NOT NULL, params TEXT NOT NULL, time_control TEXT NOT NULL,
  rated INTEGER NOT NULL, min_rating INTEGER NOT NULL, max_rating INTEGER NOT NULL,
  created_ms INTEGER NOT NULL, challenged INTEGER NOT NULL DEFAULT 0);
ALTER TABLE seats ADD COLUMN account_name TEXT NOT NULL DEFAULT '';
CREATE INDEX seats_by_account ON seats (account) WHERE account <> '';
)sql";

// Version 6: work that outlives a request, shared by every process on the database.
// ai_jobs: an AI turn waiting for a searcher (a server's own pool or `arbiter worker`); a
// searcher leases a job until lease_until_ms, and a lease that runs out (its owner died) makes
// the job free again. reviews: one per game, its report (JSON) once done. puzzles: positions
// where exactly one move keeps a decisive advantage, with their Glicko-2 rating;
// puzzle_ratings: one per solver ("account:ID" or "browser:ID"); puzzle_attempts: the attempts
// rated, one per solver and puzzle (a puzzle changes a solver's rating once).
constexpr const char* kTablesV6 = R"sql(
CREATE TABLE ai_jobs (
  game_id TEXT NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL, level INTEGER NOT NULL,
  created_ms INTEGER NOT NULL, lease_owner TEXT NOT NULL DEFAULT '',
  lease_until_ms INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
CREATE INDEX ai_jobs_by_lease ON ai_jobs (lease_until_ms, created_ms);
CREATE TABLE reviews (
  game_id TEXT PRIMARY KEY NOT NULL, status TEXT NOT NULL, requester TEXT NOT NULL,
  requested_ms INTEGER NOT NULL, finished_ms INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT NOT NULL DEFAULT '', lease_until_ms INTEGER NOT NULL DEFAULT 0,
  report TEXT NOT NULL DEFAULT '') WITHOUT ROWID;
CREATE INDEX reviews_by_requester ON reviews (requester, requested_ms);
CREATE TABLE puzzles (
  id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, params TEXT NOT NULL,
  position TEXT NOT NULL, solution TEXT NOT NULL, source TEXT NOT NULL,
  rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
  plays INTEGER NOT NULL DEFAULT 0, created_ms INTEGER NOT NULL);
CREATE UNIQUE INDEX puzzles_by_position ON puzzles (game, params, position);
CREATE INDEX puzzles_by_rating ON puzzles (game, rating);
CREATE TABLE puzzle_ratings (
  solver TEXT PRIMARY KEY NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,
  volatility REAL NOT NULL, solved INTEGER NOT NULL, failed INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE puzzle_attempts (
  solver TEXT NOT NULL, puzzle_id INTEGER NOT NULL, solved INTEGER NOT NULL,
  at_ms INTEGER NOT NULL, PRIMARY KEY (solver, puzzle_id)) WITHOUT ROWID;
)sql";

// kSqliteMigrations[v - 1] takes a database from version v - 1 to v.
constexpr std::array<const char*, kSchemaVersion> kSqliteMigrations = {
    kTablesV1,
    // 2: the seat that resigned, as data (-1: nobody). Rows of version 1 read -1; a resignation
    // among them is named only by its result text, which the server reads when it loads the
    // game (server/play/live_game.h).
    "ALTER TABLE games ADD COLUMN resigned INTEGER NOT NULL DEFAULT -1;",
    // 3: whether the game is listed (created public); every game before was.
    "ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;",
    // 4: time controls, rated games and the account holding a seat (online play).
    "ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';"
    "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE seats ADD COLUMN account TEXT NOT NULL DEFAULT '';",
    kTablesV5,
    kTablesV6,
    // 7: the seek a game was made from (the lobby names the game to the seek's author on every
    // server) and the open offers, stored so they survive a restart and reach other servers.
    "ALTER TABLE games ADD COLUMN seek_id INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN takeback_request INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN offers_ms INTEGER NOT NULL DEFAULT 0;",
};

}  // namespace

ErrorCode error_code_of(int sqlite_code) {
  switch (sqlite_code & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
    case SQLITE_FORMAT:
      return ErrorCode::kCorrupt;
    case SQLITE_CONSTRAINT:
      return ErrorCode::kConflict;
    default:
      return ErrorCode::kIo;
  }
}

Status migrate_schema(sqlite3* db) {
  auto exec = [&](const char* sql) {
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
  };
  auto sql_failure = [&] {
    return make_error(error_code_of(sqlite3_extended_errcode(db)), sqlite3_errmsg(db));
  };
  if (!exec("BEGIN IMMEDIATE")) return sql_failure();
  Status status;
  int version = -1;
  if (!exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")) {
    status = sql_failure();
  } else {
    Stmt read;
    if (read.prepare(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version") == SQLITE_OK) {
      Use q(read);
      if (q.step() == SQLITE_ROW) version = static_cast<int>(q.col_num(0));
    }
    if (version < 0) status = sql_failure();
  }
  if (status.ok() && version > kSchemaVersion) {
    status = make_error(ErrorCode::kCorrupt, "schema version " + std::to_string(version) +
                                                 " is newer than this arbiter's (" +
                                                 std::to_string(kSchemaVersion) + ")");
  }
  for (int v = version + 1; status.ok() && v <= kSchemaVersion; ++v) {
    if (!exec(kSqliteMigrations[static_cast<std::size_t>(v - 1)])) {
      status = make_error(
          error_code_of(sqlite3_extended_errcode(db)),
          "migrating to schema version " + std::to_string(v) + ": " + sqlite3_errmsg(db));
    }
  }
  if (status.ok() && version < kSchemaVersion) {
    const std::string write = "DELETE FROM schema_version; INSERT INTO schema_version VALUES (" +
                              std::to_string(kSchemaVersion) + ")";
    if (!exec(write.c_str())) status = sql_failure();
  }
  if (status.ok() && !exec("COMMIT")) status = sql_failure();
  if (!status.ok()) exec("ROLLBACK");
  return status;
}

}  // namespace arbiter::store
