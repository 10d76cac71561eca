#include "store/sqlite_store.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "store/row_columns.h"
#include "store/sqlite_ai_jobs.h"
#include "store/sqlite_puzzles.h"
#include "store/sqlite_reviews.h"
#include "store/sqlite_schema.h"
#include "store/sqlite_util.h"
#include "store/wal_checkpointer.h"

namespace arbiter::store {
namespace {

// ?4 and ?5 are the texts of GameStatus::kPlaying and SeatKind::kOpen (game_enums.h).
#define ARBITER_LIST_WHERE                                                              \
  "(?1 = '' OR g.status = ?1) AND (?2 = 0 OR (g.status = ?4 AND EXISTS (SELECT 1 FROM " \
  "seats s WHERE s.game_id = g.id AND s.kind = ?5))) AND (?6 = 0 OR g.listed = 1) AND " \
  "(?7 = '' OR EXISTS (SELECT 1 FROM seats a WHERE a.game_id = g.id AND a.account = ?7))"

enum Sql {
  kBegin,
  kCommit,
  kRollback,
  kInsertGame,
  kUpdateGame,
  kUpsertSeat,
  kTrimSeats,
  kSelectGame,
  kSelectSeats,
  kSelectMoves,
  kNextPly,
  kInsertMove,
  kDeleteMoves,
  kListAll,
  kListOne,
  kSavepoint,
  kRelease,
  kRollbackTo,
  kProbe,
  kSqlCount
};

constexpr std::array<const char*, kSqlCount> kSql = {
    // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on a lock
    // held by another process sharing the file; busy_timeout makes it wait instead.
    "BEGIN IMMEDIATE",
    "COMMIT",
    "ROLLBACK",
    "INSERT INTO games (id, game, params, position, status, result, created_ms, updated_ms, "
    "rematch_of, rematch_id, resigned, listed, time_control, rated, seek_id, draw_offer, "
    "takeback_request, offers_ms) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?16, ?17, ?18, ?19)",
    "UPDATE games SET game = ?2, params = ?3, position = ?4, status = ?5, result = ?6, "
    "created_ms = ?7, updated_ms = ?8, rematch_of = ?9, rematch_id = ?10, resigned = ?11, "
    "listed = ?12, time_control = ?13, rated = ?14, seek_id = ?16, draw_offer = ?17, "
    "takeback_request = ?18, offers_ms = ?19 "
    "WHERE id = ?1 AND (?15 < 0 OR updated_ms = ?15)",
    "INSERT INTO seats (game_id, seat, kind, level, token_hash, time_used_ms, rematch, account, "
    "account_name) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (game_id, seat) DO "
    "UPDATE SET "
    "kind = excluded.kind, level = excluded.level, token_hash = excluded.token_hash, "
    "time_used_ms = excluded.time_used_ms, rematch = excluded.rematch, "
    "account = excluded.account, account_name = excluded.account_name",
    "DELETE FROM seats WHERE game_id = ?1 AND seat >= ?2",
    "SELECT " ARBITER_GAME_COLUMNS " FROM games g WHERE g.id = ?1",
    "SELECT " ARBITER_SEAT_COLUMNS " FROM seats WHERE game_id = ?1 ORDER BY seat",
    "SELECT " ARBITER_MOVE_COLUMNS " FROM moves WHERE game_id = ?1 ORDER BY ply",
    "SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game_id = ?1",
    "INSERT INTO moves (game_id, ply, text, seat, at_ms, elapsed_ms) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
    "SELECT " ARBITER_GAME_COLUMNS " FROM games g WHERE " ARBITER_LIST_WHERE
    " ORDER BY g.updated_ms DESC, g.rowid DESC LIMIT ?3",
    "SELECT " ARBITER_GAME_COLUMNS " FROM games g WHERE g.id = ?3 AND " ARBITER_LIST_WHERE,
    "SAVEPOINT one_write",
    "RELEASE one_write",
    "ROLLBACK TO one_write",
    // Rewrites a row as it is: a real write (a WAL frame at COMMIT) that changes nothing.
    "UPDATE schema_version SET version = version",
};

Error sqlite_failure(ErrorCode code, std::string_view op, std::string_view id,
                     std::string_view why) {
  return make_error(code, std::string(op) + " game " + std::string(id) + ": " + std::string(why));
}

// The row a statement is on, as row_columns.h reads it.
class SqliteColumns {
 public:
  explicit SqliteColumns(const Use& q) : q_(q) {}
  std::string text(int i) const { return q_.col_text(i); }
  int64_t int64(int i) const { return q_.col_num(i); }
  int int32(int i) const { return static_cast<int>(q_.col_num(i)); }
  bool boolean(int i) const { return q_.col_num(i) != 0; }

 private:
  const Use& q_;
};

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(sqlite3* db) : db_(db) {}
  // The checkpointer goes first: it hooks this connection. close_v2 leaves the connection to be
  // freed when the statements (members, destroyed after this body) are finalized; the last
  // close checkpoints the WAL into the main file.
  ~SqliteStore() override {
    checkpointer_.reset();
    sqlite3_close_v2(db_);
  }

  Status init(const std::string& path);

  Status create_game(const GameRow& game) override {
    return transaction("create_game", game.id, [&] { return write_game(game, true); });
  }
  Status update_game(const GameRow& game) override {
    return transaction("update_game", game.id, [&] { return write_game(game, false); });
  }
  Status append_move(const GameRow& game, const MoveRow& move) override;
  Status truncate_moves(const GameRow& game, int from_ply) override;
  Result<std::optional<GameRow>> load_game(std::string_view id) override;
  Result<std::vector<MoveRow>> load_moves(std::string_view id) override;
  Result<std::vector<MoveRow>> load_moves_from(std::string_view id, int from_ply) override;
  Result<std::vector<GameRow>> list_games(const GameFilter& filter) override;
  std::vector<Status> write_batch(const std::vector<Write>& writes) override;
  Status probe_write() override;

  Result<AccountRow> create_account(const AccountRow& account) override;
  Result<std::optional<AccountRow>> account_by_id(int64_t id) override;
  Result<std::optional<AccountRow>> account_by_key(std::string_view key) override;
  Result<std::optional<AccountRow>> account_by_skeleton(std::string_view skeleton) override;
  Status set_password(int64_t id, std::string_view hash, std::string_view keep_session) override;
  Status delete_account(int64_t id) override;
  Status create_session(const SessionRow& session) override;
  Result<std::optional<AccountRow>> session_account(std::string_view token_hash,
                                                    int64_t now_ms) override;
  Status delete_session(std::string_view token_hash) override;
  Result<std::vector<RatingRow>> ratings_of(int64_t account_id) override;
  Result<std::vector<RatingRow>> leaderboard(std::string_view pool, int limit) override;
  Status apply_ratings(std::string_view game_id, const std::vector<RatingRow>& rows) override;
  Result<SeekRow> create_seek(const SeekRow& seek) override;
  Result<std::vector<SeekRow>> list_seeks() override;
  Result<bool> delete_seek(int64_t id) override;

  // AI jobs: sqlite_ai_jobs.cpp, in a transaction of this store.
  Status enqueue_ai_job(const AiJobRow& job) override;
  Result<std::optional<AiJobRow>> claim_ai_job(std::string_view owner, int64_t now_ms,
                                               int64_t lease_ms) override;
  Result<bool> renew_ai_lease(std::string_view game_id, int ply, std::string_view owner,
                              int64_t until_ms) override;
  Result<bool> finish_ai_job(std::string_view game_id, int ply, bool force) override;
  Result<std::vector<AiJobRow>> list_ai_jobs() override;

  // Reviews: sqlite_reviews.cpp, each in a transaction of this store.
  Status put_review(const ReviewRow& review) override;
  Result<bool> claim_review(std::string_view game_id, std::string_view owner, int64_t now_ms,
                            int64_t until_ms) override;
  Status finish_review(std::string_view game_id, std::string_view owner, bool done,
                       std::string_view report, int64_t now_ms) override;
  Result<std::optional<ReviewRow>> load_review(std::string_view game_id) override;
  Result<std::vector<ReviewRow>> claimable_reviews(int64_t now_ms, int limit) override;

  // Puzzles: sqlite_puzzles.cpp, the writes in a transaction of this store.
  Result<std::optional<int64_t>> add_puzzle(const PuzzleRow& puzzle) override;
  Result<std::optional<PuzzleRow>> puzzle_by_id(int64_t id) override;
  Result<std::vector<PuzzleRow>> puzzles_near(std::string_view game, double rating,
                                              std::string_view solver, int limit) override;
  Result<std::vector<PuzzleRow>> list_puzzles(std::string_view game) override;
  Result<std::optional<PuzzleRatingRow>> puzzle_rating(std::string_view solver) override;
  Result<bool> rate_puzzle_attempt(const PuzzleAttemptRow& attempt) override;

 private:
  // cached() as sqlite_reviews.h takes it (mu_ held by the caller).
  sqlite_reviews::Prepared review_statements() {
    return [this](const char* sql) -> const Stmt& { return cached(sql); };
  }
  // cached() as sqlite_puzzles.h takes it (mu_ held by the caller).
  sqlite_puzzles::Prepared puzzle_statements() {
    return [this](const char* sql) -> const Stmt& { return cached(sql); };
  }
  // The statements of online play, prepared on first use and kept (mu_ held).
  const Stmt& cached(const char* sql);
  // Runs `q` to its end (a write); false on an error.
  static bool run_write(Use& q) { return q.step() == SQLITE_DONE; }
  // The account row `q` is on: id, username, username_key, password_hash, created_ms, deleted.
  static AccountRow account_columns(const Use& q);
  // One account by `sql` with `bind` applied (mu_ held by the caller).
  template <class Bind>
  Result<std::optional<AccountRow>> one_account(std::string_view op, const char* sql, Bind bind);
  std::map<const char*, std::unique_ptr<Stmt>> cached_;

  // The body of each kind of write, inside a transaction (mu_ held, op_ set).
  Status append_body(const GameRow& game, const MoveRow& move);
  Status truncate_body(const GameRow& game, int from_ply);
  Status write_body(const Write& w);
  Status enqueue_ai_job_body(const AiJobRow& job) {
    return sqlite_ai_jobs::enqueue(db_, prepared(), job);
  }
  // cached() as sqlite_ai_jobs.h takes it.
  sqlite_ai_jobs::Prepared prepared() {
    return [this](const char* sql) -> const Stmt& { return cached(sql); };
  }
  // SQLite's own code and message for the last failed call on this connection (mu_ held).
  Error sql_error(std::string_view op, std::string_view id) const {
    return sqlite_failure(error_code_of(sqlite3_extended_errcode(db_)), op, id,
                          sqlite3_errmsg(db_));
  }
  template <class Body>
  Status transaction(std::string_view op, std::string_view id, Body&& body);
  // transaction() of a step that answers a value (`body` returns Result<T>): the value, once
  // committed.
  template <class T, class Body>
  Result<T> transaction_value(std::string_view op, std::string_view id, Body&& body);
  Status write_game(const GameRow& game, bool insert);
  Status read_seats(GameRow& game);

  std::mutex mu_;
  sqlite3* db_;
  std::array<Stmt, kSqlCount> stmts_;
  std::string_view op_;  // the operation under way, for error messages (mu_ held)
  std::unique_ptr<WalCheckpointer> checkpointer_;  // file databases in WAL mode only
};

Status SqliteStore::init(const std::string& path) {
  // WAL with synchronous=NORMAL: a COMMIT returns once its pages are written to the WAL file,
  // without fsync. Those pages are in the kernel's page cache, so a killed process (kill -9, a
  // crash) loses nothing that was committed: "durable before broadcast" holds. Only a power cut
  // or kernel crash can drop the last few commits (never corrupt the file); FULL would fsync on
  // every move and cap the server at the disk's flush rate.
  auto sql_failure = [&] {
    return make_error(error_code_of(sqlite3_extended_errcode(db_)), sqlite3_errmsg(db_));
  };
  if (sqlite3_exec(db_,
                   "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA journal_mode = "
                   "WAL; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 67108864;",
                   nullptr, nullptr, nullptr) != SQLITE_OK) {
    return sql_failure();
  }
  // ":memory:" (journal_mode "memory") has no WAL and nothing to checkpoint.
  Stmt mode;
  if (mode.prepare(db_, "PRAGMA journal_mode") == SQLITE_OK) {
    Use q(mode);
    if (q.step() == SQLITE_ROW && q.col_text(0) == "wal") {
      checkpointer_ = WalCheckpointer::start(db_, path);
    }
  }
  if (Status s = migrate_schema(db_); !s.ok()) return s;
  for (int i = 0; i < kSqlCount; ++i) {
    if (stmts_[i].prepare(db_, kSql[i]) != SQLITE_OK) return sql_failure();
  }
  return {};
}

template <class Body>
Status SqliteStore::transaction(std::string_view op, std::string_view id, Body&& body) {
  std::lock_guard lock(mu_);
  op_ = op;
  if (Use(stmts_[kBegin]).step() != SQLITE_DONE) return sql_error(op, id);
  Status status = body();
  if (status.ok()) {
    if (Use(stmts_[kCommit]).step() == SQLITE_DONE) return status;
    status = sql_error(op, id);
  }
  // Undo whatever the body wrote; a failed COMMIT may already have rolled back on its own.
  if (!sqlite3_get_autocommit(db_)) Use(stmts_[kRollback]).step();
  return status;
}

template <class T, class Body>
Result<T> SqliteStore::transaction_value(std::string_view op, std::string_view id, Body&& body) {
  std::optional<T> out;
  Status st = transaction(op, id, [&]() -> Status {
    Result<T> r = body();
    if (!r) return r.failure();
    out = std::move(*r);
    return {};
  });
  if (!st.ok()) return st.failure();
  return std::move(*out);
}

Status SqliteStore::write_game(const GameRow& g, bool insert) {
  {
    Use q(stmts_[insert ? kInsertGame : kUpdateGame]);
    q.text(1, g.id).text(2, g.game).text(3, g.params).text(4, g.position);
    q.text(5, to_text(g.status)).text(6, g.result).num(7, g.created_ms).num(8, g.updated_ms);
    q.text(9, g.rematch_of).text(10, g.rematch_id).num(11, g.resigned).num(12, g.listed ? 1 : 0);
    q.text(13, g.time_control).num(14, g.rated ? 1 : 0);
    if (!insert) q.num(15, g.expected_updated_ms);
    q.num(16, g.seek_id).num(17, g.draw_offer).num(18, g.takeback_request).num(19, g.offers_ms);
    const int rc = q.step();
    if (insert && rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
      return sqlite_failure(ErrorCode::kConflict, op_, g.id,
                            "conflict: a game with this id exists");
    }
    if (rc != SQLITE_DONE) return sql_error(op_, g.id);
    if (!insert && sqlite3_changes(db_) == 0) {
      if (g.expected_updated_ms >= 0) {
        Use exists(stmts_[kSelectGame]);
        exists.text(1, g.id);
        if (exists.step() == SQLITE_ROW) {
          return sqlite_failure(ErrorCode::kConflict, op_, g.id,
                                "conflict: the game changed since it was read");
        }
      }
      return sqlite_failure(ErrorCode::kNotFound, op_, g.id, "no such game");
    }
  }
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    const SeatRow& s = g.seats[i];
    // Bound without a copy (SQLITE_STATIC): it must outlive the statement's step.
    const std::string account = account_column(s.account);
    Use q(stmts_[kUpsertSeat]);
    q.text(1, g.id).num(2, static_cast<int64_t>(i)).text(3, to_text(s.kind)).num(4, s.level);
    q.text(5, s.token_hash).num(6, s.time_used_ms).num(7, s.rematch ? 1 : 0).text(8, account);
    q.text(9, s.account_name);
    if (q.step() != SQLITE_DONE) return sql_error(op_, g.id);
  }
  Use trim(stmts_[kTrimSeats]);
  trim.text(1, g.id).num(2, static_cast<int64_t>(g.seats.size()));
  if (trim.step() != SQLITE_DONE) return sql_error(op_, g.id);
  return {};
}

Status SqliteStore::append_move(const GameRow& game, const MoveRow& move) {
  return transaction("append_move", game.id, [&] { return append_body(game, move); });
}

Status SqliteStore::truncate_moves(const GameRow& game, int from_ply) {
  return transaction("truncate_moves", game.id, [&] { return truncate_body(game, from_ply); });
}

Status SqliteStore::append_body(const GameRow& game, const MoveRow& move) {
  int64_t stored = 0;
  {
    Use q(stmts_[kNextPly]);
    q.text(1, game.id);
    if (q.step() != SQLITE_ROW) return sql_error(op_, game.id);
    stored = q.col_num(0);
  }
  if (move.ply != stored) {
    return sqlite_failure(ErrorCode::kConflict, op_, game.id,
                          "conflict: move " + move.text + " is for ply " +
                              std::to_string(move.ply) + " but " + std::to_string(stored) +
                              " moves are stored");
  }
  // The game row first: an unknown game is "no such game", not a foreign-key failure.
  if (Status s = write_game(game, false); !s.ok()) return s;
  Use q(stmts_[kInsertMove]);
  q.text(1, game.id).num(2, move.ply).text(3, move.text).num(4, move.seat);
  q.num(5, move.at_ms).num(6, move.elapsed_ms);
  if (q.step() != SQLITE_DONE) return sql_error(op_, game.id);
  return {};
}

Status SqliteStore::truncate_body(const GameRow& game, int from_ply) {
  if (from_ply < 0) {
    return sqlite_failure(ErrorCode::kInvalid, op_, game.id,
                          "negative ply " + std::to_string(from_ply));
  }
  if (Status s = write_game(game, false); !s.ok()) return s;
  Use q(stmts_[kDeleteMoves]);
  q.text(1, game.id).num(2, from_ply);
  if (q.step() != SQLITE_DONE) return sql_error(op_, game.id);
  return {};
}

Status SqliteStore::write_body(const Write& w) {
  switch (w.kind) {
    case Write::Kind::kCreate:
      op_ = "create_game";
      return write_game(w.game, true);
    case Write::Kind::kUpdate:
      op_ = "update_game";
      return write_game(w.game, false);
    case Write::Kind::kAppendMove:
      op_ = "append_move";
      return append_body(w.game, w.move);
    case Write::Kind::kTruncateMoves:
      op_ = "truncate_moves";
      return truncate_body(w.game, w.from_ply);
    case Write::Kind::kEnqueueAiJob:
      op_ = "enqueue_ai_job";
      return w.ai_job ? enqueue_ai_job_body(*w.ai_job) : Status();
  }
  return sqlite_failure(ErrorCode::kInvalid, "write", w.game.id, "unknown kind of write");
}

std::vector<Status> SqliteStore::write_batch(const std::vector<Write>& writes) {
  std::lock_guard lock(mu_);
  op_ = "write";
  const std::string_view first = writes.empty() ? "*" : std::string_view(writes[0].game.id);
  if (Use(stmts_[kBegin]).step() != SQLITE_DONE) {
    const Error e = sql_error("write", first);
    return std::vector<Status>(writes.size(), Status(e));
  }
  std::vector<Status> out;
  out.reserve(writes.size());
  for (const Write& w : writes) {
    Status st;
    if (Use(stmts_[kSavepoint]).step() != SQLITE_DONE) {
      st = sql_error("write", w.game.id);
    } else {
      st = write_body(w);
      // The AI turn the change leaves, in the change's savepoint.
      if (st.ok() && w.ai_job && w.kind != Write::Kind::kEnqueueAiJob) {
        st = enqueue_ai_job_body(*w.ai_job);
      }
      // A failed write is undone alone; the savepoint is released either way.
      if (!st.ok()) Use(stmts_[kRollbackTo]).step();
      Use(stmts_[kRelease]).step();
    }
    out.push_back(std::move(st));
  }
  if (Use(stmts_[kCommit]).step() != SQLITE_DONE) {
    const Error e = sql_error("commit", first);
    if (!sqlite3_get_autocommit(db_)) Use(stmts_[kRollback]).step();
    for (Status& st : out) {
      if (st.ok()) st = Status(e);
    }
  }
  return out;
}

Status SqliteStore::probe_write() {
  return transaction("probe_write", "*", [&]() -> Status {
    if (sqlite3_db_readonly(db_, "main") == 1) {
      return sqlite_failure(ErrorCode::kIo, op_, "*", "the database is read-only");
    }
    if (Use(stmts_[kProbe]).step() != SQLITE_DONE) return sql_error(op_, "*");
    return {};
  });
}

Status SqliteStore::read_seats(GameRow& game) {
  Use q(stmts_[kSelectSeats]);
  q.text(1, game.id);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    auto seat = seat_from_columns(SqliteColumns(q), 0, op_, game.id);
    if (!seat) return seat.failure();
    game.seats.push_back(std::move(*seat));
  }
  if (rc != SQLITE_DONE) return sql_error(op_, game.id);
  return {};
}

Result<std::optional<GameRow>> SqliteStore::load_game(std::string_view id) {
  std::lock_guard lock(mu_);
  op_ = "load_game";
  std::optional<GameRow> game;
  {
    Use q(stmts_[kSelectGame]);
    q.text(1, id);
    int rc = q.step();
    if (rc == SQLITE_ROW) {
      auto row = game_from_columns(SqliteColumns(q), op_);
      if (!row) return row.failure();
      game = std::move(*row);
    } else if (rc != SQLITE_DONE) {
      return sql_error(op_, id);
    }
  }
  if (game) {
    if (Status s = read_seats(*game); !s.ok()) return s.failure();
  }
  return game;
}

Result<std::vector<MoveRow>> SqliteStore::load_moves(std::string_view id) {
  std::lock_guard lock(mu_);
  op_ = "load_moves";
  std::vector<MoveRow> moves;
  Use q(stmts_[kSelectMoves]);
  q.text(1, id);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    moves.push_back(move_from_columns(SqliteColumns(q)));
  }
  if (rc != SQLITE_DONE) return sql_error(op_, id);
  return moves;
}

Result<std::vector<GameRow>> SqliteStore::list_games(const GameFilter& filter) {
  std::lock_guard lock(mu_);
  op_ = "list_games";
  const int64_t limit = filter.limit > 0 ? filter.limit : -1;  // -1: SQLite's "no limit"
  std::vector<GameRow> games;
  const std::string_view status = filter.status ? to_text(*filter.status) : "";
  const std::string account = account_column(filter.account);  // bound without a copy
  auto run = [&](Use& q) -> Status {
    q.text(1, status).num(2, filter.open_only ? 1 : 0);
    q.text(4, to_text(GameStatus::kPlaying)).text(5, to_text(SeatKind::kOpen));
    q.num(6, filter.listed_only ? 1 : 0).text(7, account);
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) {
      auto row = game_from_columns(SqliteColumns(q), op_);
      if (!row) return row.failure();
      games.push_back(std::move(*row));
    }
    if (rc != SQLITE_DONE) return sql_error(op_, "*");
    return {};
  };
  if (filter.ids.empty()) {
    Use q(stmts_[kListAll]);
    q.num(3, limit);
    if (Status s = run(q); !s.ok()) return s.failure();
  } else {
    // One primary-key lookup per id (the list is short), then the same order and limit.
    for (const std::string& id : filter.ids) {
      bool seen = std::any_of(games.begin(), games.end(), [&](auto& g) { return g.id == id; });
      if (seen) continue;
      Use q(stmts_[kListOne]);
      q.text(3, id);
      if (Status s = run(q); !s.ok()) return s.failure();
    }
    std::stable_sort(games.begin(), games.end(),
                     [](auto& a, auto& b) { return a.updated_ms > b.updated_ms; });
    if (limit > 0 && games.size() > static_cast<std::size_t>(limit)) games.resize(limit);
  }
  for (GameRow& game : games) {
    if (Status s = read_seats(game); !s.ok()) return s.failure();
  }
  return games;
}

// ---- online play ------------------------------------------------------------------------

// The tail of a game's move list by the moves' primary key (game_id, ply): one index range.
Result<std::vector<MoveRow>> SqliteStore::load_moves_from(std::string_view id, int from_ply) {
  std::lock_guard lock(mu_);
  op_ = "load_moves_from";
  std::vector<MoveRow> moves;
  Use q(cached("SELECT " ARBITER_MOVE_COLUMNS " FROM moves WHERE game_id = ?1 AND ply >= ?2 "
               "ORDER BY ply"));
  q.text(1, id).num(2, from_ply);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    moves.push_back(move_from_columns(SqliteColumns(q)));
  }
  if (rc != SQLITE_DONE) return sql_error(op_, id);
  return moves;
}

const Stmt& SqliteStore::cached(const char* sql) {
  auto& slot = cached_[sql];
  if (!slot) {
    slot = std::make_unique<Stmt>();
    if (slot->prepare(db_, sql) != SQLITE_OK) {
      // Left unprepared: the step fails with SQLITE_MISUSE and the caller reports it.
      slot.reset();
      static const Stmt empty;
      return empty;
    }
  }
  return *slot;
}

AccountRow SqliteStore::account_columns(const Use& q) {
  return AccountRow{q.col_num(0),  q.col_text(1), q.col_text(2),
                    q.col_text(3), q.col_num(4),  q.col_num(5) != 0};
}

template <class Bind>
Result<std::optional<AccountRow>> SqliteStore::one_account(std::string_view op, const char* sql,
                                                           Bind bind) {
  std::lock_guard lock(mu_);
  Use q(cached(sql));
  bind(q);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return std::optional<AccountRow>(account_columns(q));
  if (rc != SQLITE_DONE) return sql_error(op, "*");
  return std::optional<AccountRow>();
}

Result<AccountRow> SqliteStore::create_account(const AccountRow& account) {
  AccountRow out = account;
  Status st = transaction("create_account", account.username, [&]() -> Status {
    Use q(
        cached("INSERT INTO accounts (username, username_key, password_hash, created_ms, "
               "deleted) VALUES (?1, ?2, ?3, ?4, 0)"));
    q.text(1, account.username).text(2, account.username_key).text(3, account.password_hash);
    q.num(4, account.created_ms);
    const int rc = q.step();
    if ((rc & 0xff) == SQLITE_CONSTRAINT) {
      return sqlite_failure(ErrorCode::kConflict, op_, account.username,
                            "conflict: the name is taken");
    }
    if (rc != SQLITE_DONE) return sql_error(op_, account.username);
    out.id = sqlite3_last_insert_rowid(db_);
    out.deleted = false;
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::optional<AccountRow>> SqliteStore::account_by_id(int64_t id) {
  return one_account("account_by_id",
                     "SELECT a.id, a.username, a.username_key, a.password_hash, a.created_ms, "
                     "a.deleted FROM accounts a WHERE a.id = ?1",
                     [&](Use& q) { q.num(1, id); });
}

Result<std::optional<AccountRow>> SqliteStore::account_by_key(std::string_view key) {
  return one_account("account_by_key",
                     "SELECT a.id, a.username, a.username_key, a.password_hash, a.created_ms, "
                     "a.deleted FROM accounts a WHERE a.username_key = ?1 AND a.deleted = 0",
                     [&](Use& q) { q.text(1, key); });
}

Result<std::optional<AccountRow>> SqliteStore::account_by_skeleton(std::string_view skeleton) {
  static const std::string sql =
      std::string(
          "SELECT a.id, a.username, a.username_key, a.password_hash, a.created_ms, "
          "a.deleted FROM accounts a WHERE a.deleted = 0 AND ") +
      kSkeletonSql + " = ?1 LIMIT 1";
  return one_account("account_by_skeleton", sql.c_str(), [&](Use& q) { q.text(1, skeleton); });
}

Status SqliteStore::set_password(int64_t id, std::string_view hash, std::string_view keep_session) {
  return transaction("set_password", std::to_string(id), [&]() -> Status {
    {
      Use q(cached("UPDATE accounts SET password_hash = ?2 WHERE id = ?1 AND deleted = 0"));
      q.num(1, id).text(2, hash);
      if (!run_write(q)) return sql_error(op_, std::to_string(id));
      if (sqlite3_changes(db_) == 0) {
        return sqlite_failure(ErrorCode::kNotFound, op_, std::to_string(id), "no such account");
      }
    }
    Use q(cached("DELETE FROM sessions WHERE account_id = ?1 AND token_hash <> ?2"));
    q.num(1, id).text(2, keep_session);
    if (!run_write(q)) return sql_error(op_, std::to_string(id));
    return {};
  });
}

Status SqliteStore::delete_account(int64_t id) {
  const std::string name = std::to_string(id);
  return transaction("delete_account", name, [&]() -> Status {
    {
      Use q(
          cached("UPDATE accounts SET username = '', username_key = '#' || id, "
                 "password_hash = '', deleted = 1 WHERE id = ?1 AND deleted = 0"));
      q.num(1, id);
      if (!run_write(q)) return sql_error(op_, name);
      if (sqlite3_changes(db_) == 0)
        return sqlite_failure(ErrorCode::kNotFound, op_, name, "no such account");
    }
    for (const char* sql :
         {"DELETE FROM sessions WHERE account_id = ?1", "DELETE FROM ratings WHERE account_id = ?1",
          "DELETE FROM seeks WHERE account_id = ?1 OR challenged = ?1",
          // Its puzzle rating and attempts (puzzle_rows.h: the solver "account:ID").
          "DELETE FROM puzzle_ratings WHERE solver = 'account:' || ?1",
          "DELETE FROM puzzle_attempts WHERE solver = 'account:' || ?1"}) {
      Use q(cached(sql));
      q.num(1, id);
      if (!run_write(q)) return sql_error(op_, name);
    }
    Use q(cached("UPDATE seats SET account_name = 'deleted' WHERE account = ?1"));
    q.text(1, name);
    if (!run_write(q)) return sql_error(op_, name);
    return {};
  });
}

Status SqliteStore::create_session(const SessionRow& session) {
  return transaction("create_session", std::to_string(session.account_id), [&]() -> Status {
    Use q(
        cached("INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms) "
               "VALUES (?1, ?2, ?3, ?4)"));
    q.text(1, session.token_hash).num(2, session.account_id);
    q.num(3, session.created_ms).num(4, session.expires_ms);
    if (!run_write(q)) return sql_error(op_, std::to_string(session.account_id));
    return {};
  });
}

Result<std::optional<AccountRow>> SqliteStore::session_account(std::string_view token_hash,
                                                               int64_t now_ms) {
  return one_account("session_account",
                     "SELECT a.id, a.username, a.username_key, a.password_hash, a.created_ms, "
                     "a.deleted FROM sessions s JOIN accounts a ON a.id = s.account_id "
                     "WHERE s.token_hash = ?1 AND s.expires_ms > ?2 AND a.deleted = 0",
                     [&](Use& q) { q.text(1, token_hash).num(2, now_ms); });
}

Status SqliteStore::delete_session(std::string_view token_hash) {
  return transaction("delete_session", "*", [&]() -> Status {
    Use q(cached("DELETE FROM sessions WHERE token_hash = ?1"));
    q.text(1, token_hash);
    if (!run_write(q)) return sql_error(op_, "*");
    return {};
  });
}

namespace {
constexpr const char* kRatingColumns =
    "r.account_id, r.pool, r.rating, r.deviation, r.volatility, r.games, r.updated_ms, "
    "a.username";
RatingRow rating_columns(const Use& q) {
  return RatingRow{q.col_num(0),  q.col_text(1), q.col_real(2),
                   q.col_real(3), q.col_real(4), static_cast<int>(q.col_num(5)),
                   q.col_num(6),  q.col_text(7)};
}
}  // namespace

Result<std::vector<RatingRow>> SqliteStore::ratings_of(int64_t account_id) {
  std::lock_guard lock(mu_);
  static const std::string sql = std::string("SELECT ") + kRatingColumns +
                                 " FROM ratings r JOIN accounts a ON a.id = r.account_id "
                                 "WHERE r.account_id = ?1 ORDER BY r.pool";
  Use q(cached(sql.c_str()));
  q.num(1, account_id);
  std::vector<RatingRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(rating_columns(q));
  if (rc != SQLITE_DONE) return sql_error("ratings_of", std::to_string(account_id));
  return out;
}

Result<std::vector<RatingRow>> SqliteStore::leaderboard(std::string_view pool, int limit) {
  std::lock_guard lock(mu_);
  static const std::string sql = std::string("SELECT ") + kRatingColumns +
                                 " FROM ratings r JOIN accounts a ON a.id = r.account_id "
                                 "WHERE r.pool = ?1 AND a.deleted = 0 "
                                 "ORDER BY r.rating DESC, r.account_id LIMIT ?2";
  Use q(cached(sql.c_str()));
  q.text(1, pool).num(2, limit > 0 ? limit : -1);
  std::vector<RatingRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(rating_columns(q));
  if (rc != SQLITE_DONE) return sql_error("leaderboard", pool);
  return out;
}

Status SqliteStore::apply_ratings(std::string_view game_id, const std::vector<RatingRow>& rows) {
  return transaction("apply_ratings", game_id, [&]() -> Status {
    {
      Use q(
          cached("INSERT INTO rated_games (game_id, rated_ms) VALUES (?1, ?2) "
                 "ON CONFLICT (game_id) DO NOTHING"));
      q.text(1, game_id).num(2, rows.empty() ? 0 : rows.front().updated_ms);
      if (!run_write(q)) return sql_error(op_, game_id);
      if (sqlite3_changes(db_) == 0) {
        return sqlite_failure(ErrorCode::kConflict, op_, game_id,
                              "conflict: the game is rated already");
      }
    }
    for (const RatingRow& r : rows) {
      Use q(
          cached("INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, "
                 "updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (account_id, "
                 "pool) DO UPDATE SET rating = excluded.rating, deviation = "
                 "excluded.deviation, volatility = excluded.volatility, games = "
                 "excluded.games, updated_ms = excluded.updated_ms"));
      q.num(1, r.account_id).text(2, r.pool).real(3, r.rating).real(4, r.deviation);
      q.real(5, r.volatility).num(6, r.games).num(7, r.updated_ms);
      if (!run_write(q)) return sql_error(op_, game_id);
    }
    return {};
  });
}

Result<SeekRow> SqliteStore::create_seek(const SeekRow& seek) {
  SeekRow out = seek;
  Status st = transaction("create_seek", "*", [&]() -> Status {
    Use q(
        cached("INSERT INTO seeks (account_id, game, params, time_control, rated, min_rating, "
               "max_rating, created_ms, challenged) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"));
    q.num(1, seek.account_id).text(2, seek.game).text(3, seek.params).text(4, seek.time_control);
    q.num(5, seek.rated ? 1 : 0).num(6, seek.min_rating).num(7, seek.max_rating);
    q.num(8, seek.created_ms).num(9, seek.challenged);
    if (!run_write(q)) return sql_error(op_, "*");
    out.id = sqlite3_last_insert_rowid(db_);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::vector<SeekRow>> SqliteStore::list_seeks() {
  std::lock_guard lock(mu_);
  Use q(
      cached("SELECT s.id, s.account_id, s.game, s.params, s.time_control, s.rated, "
             "s.min_rating, s.max_rating, s.created_ms, s.challenged, a.username, "
             "COALESCE(c.username, '') FROM seeks s JOIN accounts a ON a.id = s.account_id "
             "LEFT JOIN accounts c ON c.id = s.challenged ORDER BY s.id"));
  std::vector<SeekRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    out.push_back(SeekRow{q.col_num(0), q.col_num(1), q.col_text(2), q.col_text(3), q.col_text(4),
                          q.col_num(5) != 0, static_cast<int>(q.col_num(6)),
                          static_cast<int>(q.col_num(7)), q.col_num(8), q.col_num(9),
                          q.col_text(10), q.col_text(11)});
  }
  if (rc != SQLITE_DONE) return sql_error("list_seeks", "*");
  return out;
}

Result<bool> SqliteStore::delete_seek(int64_t id) {
  bool existed = false;
  Status st = transaction("delete_seek", std::to_string(id), [&]() -> Status {
    Use q(cached("DELETE FROM seeks WHERE id = ?1"));
    q.num(1, id);
    if (!run_write(q)) return sql_error(op_, std::to_string(id));
    existed = sqlite3_changes(db_) > 0;
    return {};
  });
  if (!st.ok()) return st.failure();
  return existed;
}

// ---- AI jobs ----------------------------------------------------------------------------

Status SqliteStore::enqueue_ai_job(const AiJobRow& job) {
  return transaction("enqueue_ai_job", job.game_id, [&] { return enqueue_ai_job_body(job); });
}

Result<std::optional<AiJobRow>> SqliteStore::claim_ai_job(std::string_view owner, int64_t now_ms,
                                                          int64_t lease_ms) {
  return transaction_value<std::optional<AiJobRow>>("claim_ai_job", "*", [&] {
    return sqlite_ai_jobs::claim(db_, prepared(), owner, now_ms, lease_ms);
  });
}

Result<bool> SqliteStore::renew_ai_lease(std::string_view game_id, int ply, std::string_view owner,
                                         int64_t until_ms) {
  return transaction_value<bool>("renew_ai_lease", game_id, [&] {
    return sqlite_ai_jobs::renew(db_, prepared(), game_id, ply, owner, until_ms);
  });
}

Result<bool> SqliteStore::finish_ai_job(std::string_view game_id, int ply, bool force) {
  return transaction_value<bool>("finish_ai_job", game_id, [&] {
    return sqlite_ai_jobs::finish(db_, prepared(), game_id, ply, force);
  });
}

Result<std::vector<AiJobRow>> SqliteStore::list_ai_jobs() {
  std::lock_guard lock(mu_);
  return sqlite_ai_jobs::list(db_, prepared());
}

// ---- reviews ----------------------------------------------------------------------------

Status SqliteStore::put_review(const ReviewRow& review) {
  return transaction("put_review", review.game_id,
                     [&] { return sqlite_reviews::put(db_, review_statements(), review); });
}

Result<bool> SqliteStore::claim_review(std::string_view game_id, std::string_view owner,
                                       int64_t now_ms, int64_t until_ms) {
  return transaction_value<bool>("claim_review", game_id, [&] {
    return sqlite_reviews::claim(db_, review_statements(), game_id, owner, now_ms, until_ms);
  });
}

Status SqliteStore::finish_review(std::string_view game_id, std::string_view owner, bool done,
                                  std::string_view report, int64_t now_ms) {
  return transaction("finish_review", game_id, [&] {
    return sqlite_reviews::finish(db_, review_statements(), game_id, owner, done, report, now_ms);
  });
}

Result<std::optional<ReviewRow>> SqliteStore::load_review(std::string_view game_id) {
  std::lock_guard lock(mu_);
  return sqlite_reviews::load(db_, review_statements(), game_id);
}

Result<std::vector<ReviewRow>> SqliteStore::claimable_reviews(int64_t now_ms, int limit) {
  std::lock_guard lock(mu_);
  return sqlite_reviews::claimable(db_, review_statements(), now_ms, limit);
}

// ---- puzzles ----------------------------------------------------------------------------

Result<std::optional<int64_t>> SqliteStore::add_puzzle(const PuzzleRow& puzzle) {
  std::optional<int64_t> id;
  Status st = transaction("add_puzzle", puzzle.game, [&]() -> Status {
    auto added = sqlite_puzzles::add(db_, puzzle_statements(), puzzle);
    if (!added) return added.failure();
    id = *added;
    return {};
  });
  if (!st.ok()) return st.failure();
  return id;
}

Result<std::optional<PuzzleRow>> SqliteStore::puzzle_by_id(int64_t id) {
  std::lock_guard lock(mu_);
  return sqlite_puzzles::by_id(db_, puzzle_statements(), id);
}

Result<std::vector<PuzzleRow>> SqliteStore::puzzles_near(std::string_view game, double rating,
                                                         std::string_view solver, int limit) {
  std::lock_guard lock(mu_);
  return sqlite_puzzles::near(db_, puzzle_statements(), game, rating, solver, limit);
}

Result<std::vector<PuzzleRow>> SqliteStore::list_puzzles(std::string_view game) {
  std::lock_guard lock(mu_);
  return sqlite_puzzles::list(db_, puzzle_statements(), game);
}

Result<std::optional<PuzzleRatingRow>> SqliteStore::puzzle_rating(std::string_view solver) {
  std::lock_guard lock(mu_);
  return sqlite_puzzles::rating(db_, puzzle_statements(), solver);
}

Result<bool> SqliteStore::rate_puzzle_attempt(const PuzzleAttemptRow& attempt) {
  return transaction_value<bool>("rate_puzzle_attempt", std::to_string(attempt.puzzle_id), [&] {
    return sqlite_puzzles::rate_attempt(db_, puzzle_statements(), attempt);
  });
}

}  // namespace

Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path) {
  auto fail = [&](ErrorCode code, std::string_view why) {
    return make_error(code, "open store '" + path + "': " + std::string(why));
  };
  if (path != ":memory:" && !path.starts_with("file:")) {
    std::error_code ec;
    std::filesystem::path folder = std::filesystem::path(path).parent_path();
    // A folder is never made here: a mistyped path would otherwise leave folders behind (as
    // root, anywhere). The command that owns a default folder makes that one.
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
      const bool exists = std::filesystem::exists(folder, ec);
      return fail(ErrorCode::kIo, exists ? "'" + folder.string() + "' is not a folder"
                                         : "folder '" + folder.string() + "' does not exist");
    }
  }
  sqlite3* db = nullptr;
  // NOMUTEX: the store's own mutex already serialises every use of the connection.
  const int flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (db == nullptr) return fail(ErrorCode::kIo, "out of memory");
  auto store = std::make_unique<SqliteStore>(db);  // closes db on every path from here
  if (rc != SQLITE_OK) return fail(error_code_of(rc), sqlite3_errmsg(db));
  sqlite3_extended_result_codes(db, 1);
  if (Status s = store->init(path); !s.ok()) return fail(s.code(), s.error());
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace arbiter::store
