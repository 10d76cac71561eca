#include "store/postgres_store.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <pqxx/pqxx>
#include <random>
#include <utility>

#include "store/change_feed.h"
#include "store/postgres_ai_jobs.h"
#include "store/postgres_puzzles.h"
#include "store/postgres_reviews.h"
#include "store/row_columns.h"
#include "store/sqlite_schema.h"  // kSchemaVersion: one version number for both dialects

namespace arbiter::store {
namespace {

// The tables of each schema version, in PostgreSQL's dialect; the same columns as SQLite's
// (sqlite_schema.cpp). `seq` orders games stored in the same millisecond, as SQLite's rowid does.
constexpr const char* kMigrations[] = {
    R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, position TEXT NOT NULL,
  status TEXT NOT NULL, result TEXT NOT NULL, created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL, rematch_of TEXT NOT NULL, rematch_id TEXT NOT NULL,
  seq BIGSERIAL NOT NULL);
CREATE INDEX games_by_updated ON games (updated_ms, seq);
CREATE TABLE seats (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  kind TEXT NOT NULL, level INTEGER NOT NULL, token_hash TEXT NOT NULL,
  time_used_ms BIGINT NOT NULL, rematch BOOLEAN NOT NULL, PRIMARY KEY (game_id, seat));
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  text TEXT NOT NULL, seat INTEGER NOT NULL, at_ms BIGINT NOT NULL, elapsed_ms BIGINT NOT NULL,
  PRIMARY KEY (game_id, ply));
)sql",
    "ALTER TABLE games ADD COLUMN resigned INTEGER NOT NULL DEFAULT -1;",
    "ALTER TABLE games ADD COLUMN listed BOOLEAN NOT NULL DEFAULT TRUE;",
    "ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';"
    "ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;"
    "ALTER TABLE seats ADD COLUMN account TEXT NOT NULL DEFAULT '';",
    // 5: online play (sqlite_schema.cpp says what each table keeps).
    R"sql(
CREATE TABLE accounts (
  id BIGSERIAL PRIMARY KEY, username TEXT NOT NULL, username_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL, created_ms BIGINT NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT FALSE);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY, account_id BIGINT NOT NULL REFERENCES accounts (id),
  created_ms BIGINT NOT NULL, expires_ms BIGINT NOT NULL);
CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE TABLE ratings (
  account_id BIGINT NOT NULL REFERENCES accounts (id), pool TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, updated_ms BIGINT NOT NULL,
  PRIMARY KEY (account_id, pool));
CREATE INDEX ratings_by_pool ON ratings (pool, rating);
CREATE TABLE rated_games (game_id TEXT PRIMARY KEY, rated_ms BIGINT NOT NULL);
CREATE TABLE seeks (
  id BIGSERIAL PRIMARY KEY, account_id BIGINT NOT NULL REFERENCES accounts (id),
  game TEXT NOT NULL, params TEXT NOT NULL, time_control TEXT NOT NULL, rated BOOLEAN NOT NULL,
  min_rating INTEGER NOT NULL, max_rating INTEGER NOT NULL, created_ms BIGINT NOT NULL,
  challenged BIGINT NOT NULL DEFAULT 0);
ALTER TABLE seats ADD COLUMN account_name TEXT NOT NULL DEFAULT '';
CREATE INDEX seats_by_account ON seats (account) WHERE account <> '';
)sql",
    // 6: AI jobs, reviews and puzzles (sqlite_schema.cpp says what each table keeps).
    R"sql(
CREATE TABLE ai_jobs (
  game_id TEXT NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL, level INTEGER NOT NULL,
  created_ms BIGINT NOT NULL, lease_owner TEXT NOT NULL DEFAULT '',
  lease_until_ms BIGINT NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, ply));
CREATE INDEX ai_jobs_by_lease ON ai_jobs (lease_until_ms, created_ms);
CREATE TABLE reviews (
  game_id TEXT PRIMARY KEY, status TEXT NOT NULL, requester TEXT NOT NULL,
  requested_ms BIGINT NOT NULL, finished_ms BIGINT NOT NULL DEFAULT 0,
  lease_owner TEXT NOT NULL DEFAULT '', lease_until_ms BIGINT NOT NULL DEFAULT 0,
  report TEXT NOT NULL DEFAULT '');
CREATE INDEX reviews_by_requester ON reviews (requester, requested_ms);
CREATE TABLE puzzles (
  id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, position TEXT NOT NULL,
  solution TEXT NOT NULL, source TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
  plays INTEGER NOT NULL DEFAULT 0, created_ms BIGINT NOT NULL);
CREATE UNIQUE INDEX puzzles_by_position ON puzzles (game, params, position);
CREATE INDEX puzzles_by_rating ON puzzles (game, rating);
CREATE TABLE puzzle_ratings (
  solver TEXT PRIMARY KEY, rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL, solved INTEGER NOT NULL, failed INTEGER NOT NULL,
  updated_ms BIGINT NOT NULL);
CREATE TABLE puzzle_attempts (
  solver TEXT NOT NULL, puzzle_id BIGINT NOT NULL, solved BOOLEAN NOT NULL, at_ms BIGINT NOT NULL,
  PRIMARY KEY (solver, puzzle_id));
)sql",
    // 7: the seek a game was made from, and the open offers (sqlite_schema.cpp).
    "ALTER TABLE games ADD COLUMN seek_id BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN takeback_request INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN offers_ms BIGINT NOT NULL DEFAULT 0;",
};
static_assert(std::size(kMigrations) == kSchemaVersion, "one migration per schema version");

// Any number that no other program on the database uses for pg_advisory_xact_lock.
constexpr int64_t kMigrationLock = 0x61726269746572;  // "arbiter"

struct Statement {
  const char* name;
  std::string sql;
};

// Prepared once per connection.
const std::array<Statement, 12>& statements() {
  static const std::array<Statement, 12> list = {{
      {"insert_game",
       "INSERT INTO games (id, game, params, position, status, result, created_ms, updated_ms, "
       "rematch_of, rematch_id, resigned, listed, time_control, rated, seek_id, draw_offer, "
       "takeback_request, offers_ms) "
       "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) "
       "ON CONFLICT (id) DO NOTHING"},
      {"update_game",
       "UPDATE games SET game = $2, params = $3, position = $4, status = $5, result = $6, "
       "created_ms = $7, updated_ms = $8, rematch_of = $9, rematch_id = $10, resigned = $11, "
       "listed = $12, time_control = $13, rated = $14, seek_id = $16, draw_offer = $17, "
       "takeback_request = $18, offers_ms = $19 "
       "WHERE id = $1 AND ($15::bigint < 0 OR updated_ms = $15::bigint)"},
      {"upsert_seat",
       "INSERT INTO seats (game_id, seat, kind, level, token_hash, time_used_ms, rematch, "
       "account, account_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
       "ON CONFLICT (game_id, seat) DO UPDATE "
       "SET kind = excluded.kind, level = excluded.level, token_hash = excluded.token_hash, "
       "time_used_ms = excluded.time_used_ms, rematch = excluded.rematch, "
       "account = excluded.account, account_name = excluded.account_name"},
      {"trim_seats", "DELETE FROM seats WHERE game_id = $1 AND seat >= $2"},
      {"select_game", "SELECT " ARBITER_GAME_COLUMNS " FROM games g WHERE g.id = $1"},
      {"select_seats", "SELECT game_id, " ARBITER_SEAT_COLUMNS
                       " FROM seats WHERE game_id = ANY ($1::text[]) ORDER BY game_id, seat"},
      {"select_moves",
       "SELECT " ARBITER_MOVE_COLUMNS " FROM moves WHERE game_id = $1 ORDER BY ply"},
      {"next_ply", "SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game_id = $1"},
      {"insert_move",
       "INSERT INTO moves (game_id, ply, text, seat, at_ms, elapsed_ms) "
       "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, ply) DO NOTHING"},
      {"delete_moves", "DELETE FROM moves WHERE game_id = $1 AND ply >= $2"},
      // Delivered to listeners (change_feed.h) when the transaction commits.
      {"notify", "SELECT pg_notify($1, $2)"},
      // $1: status ('' = any); $2: open seats only; $3: limit (NULL = none); $4, $5: the texts
      // of kPlaying and kOpen; $6: ids (NULL = any); $7: listed games only; $8: only games
      // with a seat of this account ('' = any).
      {"list_games",
       "SELECT " ARBITER_GAME_COLUMNS
       " FROM games g WHERE ($1 = '' OR g.status = $1) AND (NOT $2 OR (g.status = $4 AND "
       "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = $5))) AND "
       "($6::text[] IS NULL OR g.id = ANY ($6::text[])) AND (NOT $7 OR g.listed) AND "
       "($8 = '' OR EXISTS (SELECT 1 FROM seats a WHERE a.game_id = g.id AND a.account = $8)) "
       "ORDER BY g.updated_ms DESC, g.seq DESC LIMIT $3"},
  }};
  return list;
}

Error failure(ErrorCode code, std::string_view op, std::string_view id, std::string_view why) {
  return make_error(code, std::string(op) + " game " + std::string(id) + ": " + std::string(why));
}

// The first line of a server or library message.
std::string first_line(std::string_view text) {
  const auto end = text.find('\n');
  std::string line(text.substr(0, end));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  return line;
}

// A text[] literal for the ids: each element quoted, quotes and backslashes escaped.
std::string text_array(const std::vector<std::string>& ids) {
  std::string out = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += '"';
    for (char c : ids[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

// The URL without its password, for messages.
std::string redact(std::string_view url) {
  const auto scheme = url.find("://");
  const auto at = url.find('@');
  if (scheme == std::string_view::npos || at == std::string_view::npos || at < scheme) {
    return std::string(url);
  }
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon)) + ":***" + std::string(url.substr(at));
}

using Tx = pqxx::transaction_base;

// The row a result is on, as row_columns.h reads it.
class PgColumns {
 public:
  explicit PgColumns(const pqxx::row& r) : r_(r) {}
  std::string text(int i) const { return r_[i].as<std::string>(); }
  int64_t int64(int i) const { return r_[i].as<int64_t>(); }
  int int32(int i) const { return r_[i].as<int>(); }
  bool boolean(int i) const { return r_[i].as<bool>(); }

 private:
  const pqxx::row& r_;
};

// What a failed statement means to the caller, as a store Error. A lost connection is not
// classified here: it is rethrown for the caller to reconnect.
Error classify(const std::exception& e, std::string_view op, std::string_view id) {
  if (dynamic_cast<const pqxx::integrity_constraint_violation*>(&e) != nullptr) {
    return failure(ErrorCode::kConflict, op, id, "conflict: " + first_line(e.what()));
  }
  if (dynamic_cast<const pqxx::data_exception*>(&e) != nullptr) {
    return failure(ErrorCode::kInvalid, op, id, first_line(e.what()));
  }
  return failure(ErrorCode::kIo, op, id, first_line(e.what()));
}

// 16 random hex digits: which store object announced a change.
std::string new_origin() {
  std::random_device rd;
  std::string out;
  for (int i = 0; i < 4; ++i) {
    char buf[5];
    std::snprintf(buf, sizeof buf, "%04x", static_cast<unsigned>(rd() & 0xffff));
    out += buf;
  }
  return out;
}

class PostgresStore final : public Store {
 public:
  explicit PostgresStore(std::string url) : url_(std::move(url)), origin_(new_origin()) {}
  std::string origin() const override { return origin_; }

  // Connects and migrates; the error is one line.
  Status open();

  Status create_game(const GameRow& game) override {
    return write("create_game", game.id, [&](Tx& w) {
      Status s = write_game(w, game, true);
      if (s.ok()) notify(w, game.id, 0);
      return s;
    });
  }
  Status update_game(const GameRow& game) override {
    return write("update_game", game.id, [&](Tx& w) {
      Status s = write_game(w, game, false);
      if (s.ok()) notify(w, game.id, -1);
      return s;
    });
  }
  Status append_move(const GameRow& game, const MoveRow& move) override;
  Status truncate_moves(const GameRow& game, int from_ply) override;
  Result<std::optional<GameRow>> load_game(std::string_view id) override;
  Result<std::vector<MoveRow>> load_moves(std::string_view id) override;
  Result<std::vector<MoveRow>> load_moves_from(std::string_view id, int from_ply) override;
  Result<std::vector<GameRow>> list_games(const GameFilter& filter) override;
  // One transaction; each write in its own savepoint (a subtransaction), so a failed write
  // changes nothing and the others commit. A failed commit fails every write.
  std::vector<Status> write_batch(const std::vector<Write>& writes) override;
  // A write that changes nothing: fails on a read-only database or session.
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

  // AI jobs: postgres_ai_jobs.cpp, in a transaction of this store.
  Status enqueue_ai_job(const AiJobRow& job) override;
  Result<std::optional<AiJobRow>> claim_ai_job(std::string_view owner, int64_t now_ms,
                                               int64_t lease_ms) override;
  Result<bool> renew_ai_lease(std::string_view game_id, int ply, std::string_view owner,
                              int64_t until_ms) override;
  Result<bool> finish_ai_job(std::string_view game_id, int ply, bool force) override;
  Result<std::vector<AiJobRow>> list_ai_jobs() override;
  Status publish_thinking(const ThinkingNotice& notice) override {
    // A transaction of its own: heard when it commits, after every change committed before it.
    return write("publish_thinking", notice.game_id, [&](Tx& w) -> Status {
      w.exec_prepared("notify", std::string(kThinkingChannel), write_thinking_notice(notice));
      return {};
    });
  }

  // Reviews: postgres_reviews.cpp, in a transaction of this store.
  Status put_review(const ReviewRow& review) override;
  Result<bool> claim_review(std::string_view game_id, std::string_view owner, int64_t now_ms,
                            int64_t until_ms) override;
  Status finish_review(std::string_view game_id, std::string_view owner, bool done,
                       std::string_view report, int64_t now_ms) override;
  Result<std::optional<ReviewRow>> load_review(std::string_view game_id) override;
  Result<std::vector<ReviewRow>> claimable_reviews(int64_t now_ms, int limit) override;

  // Puzzles: postgres_puzzles.cpp, in a transaction of this store.
  Result<std::optional<int64_t>> add_puzzle(const PuzzleRow& puzzle) override;
  Result<std::optional<PuzzleRow>> puzzle_by_id(int64_t id) override;
  Result<std::vector<PuzzleRow>> puzzles_near(std::string_view game, double rating,
                                              std::string_view solver, int limit) override;
  Result<std::vector<PuzzleRow>> list_puzzles(std::string_view game) override;
  Result<std::optional<PuzzleRatingRow>> puzzle_rating(std::string_view solver) override;
  Result<bool> rate_puzzle_attempt(const PuzzleAttemptRow& attempt) override;

  Status probe_write() override {
    return write("probe_write", "*", [&](Tx& w) -> Status {
      w.exec("UPDATE schema_version SET version = version WHERE false");
      return {};
    });
  }

 private:
  Status write_one(Tx& w, const Write& write);
  Status append_body(Tx& w, const GameRow& game, const MoveRow& move);
  Status truncate_body(Tx& w, const GameRow& game, int from_ply);
  // Runs `body` in a transaction on a live connection (reconnecting once when the last one was
  // lost), commits when it succeeds, and turns every exception into a store Error. mu_ held.
  template <class Body>
  Status run(std::string_view op, std::string_view id, Body&& body);
  template <class Body>
  Status write(std::string_view op, std::string_view id, Body&& body) {
    std::lock_guard lock(mu_);
    return run(op, id, std::forward<Body>(body));
  }
  Status connect();
  Status write_game(Tx& w, const GameRow& game, bool insert);
  // Tells other processes (change_feed.h) that `id` changed: `moves` is its move count after the
  // change, or -1 when only the game's row changed.
  void notify(Tx& w, const std::string& id, int moves) {
    w.exec_prepared("notify", std::string(kGameChannel),
                    id + " " + std::to_string(moves) + " " + origin_);
  }
  // Tells other processes that the seeks changed (seek `id` added or removed, or 0: several).
  void notify_seeks(Tx& w, int64_t id) {
    w.exec_prepared("notify", std::string(kSeekChannel), std::to_string(id) + " " + origin_);
  }
  // Tells other processes that sessions ended: `what` is "token HASH" or "account ID".
  void notify_sessions(Tx& w, const std::string& what) {
    w.exec_prepared("notify", std::string(kSessionChannel), what + " " + origin_);
  }
  Status read_seats(Tx& w, std::vector<GameRow>& games);

  std::mutex mu_;
  std::string url_;
  const std::string origin_;
  std::unique_ptr<pqxx::connection> conn_;
  std::string_view op_;  // the operation under way, for error messages (mu_ held)
};

Status PostgresStore::connect() {
  try {
    conn_ = std::make_unique<pqxx::connection>(url_);
    for (const auto& s : statements()) conn_->prepare(s.name, s.sql);
    return {};
  } catch (const std::exception& e) {
    conn_.reset();
    return make_error(ErrorCode::kIo, "cannot connect: " + first_line(e.what()));
  }
}

Status PostgresStore::open() {
  if (Status s = connect(); !s.ok()) return s;
  try {
    pqxx::work w(*conn_);
    w.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrationLock);
    w.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    const int version =
        w.exec("SELECT COALESCE(MAX(version), 0) FROM schema_version")[0][0].as<int>();
    if (version > kSchemaVersion) {
      return make_error(ErrorCode::kCorrupt, "schema version " + std::to_string(version) +
                                                 " is newer than this arbiter's (" +
                                                 std::to_string(kSchemaVersion) + ")");
    }
    for (int v = version + 1; v <= kSchemaVersion; ++v) {
      try {
        w.exec(kMigrations[static_cast<std::size_t>(v - 1)]);
      } catch (const pqxx::sql_error& e) {
        return make_error(ErrorCode::kCorrupt, "migrating to schema version " + std::to_string(v) +
                                                   ": " + first_line(e.what()));
      }
    }
    if (version < kSchemaVersion) {
      w.exec("DELETE FROM schema_version");
      w.exec_params("INSERT INTO schema_version VALUES ($1)", kSchemaVersion);
    }
    w.commit();
    return {};
  } catch (const std::exception& e) {
    return make_error(ErrorCode::kIo, first_line(e.what()));
  }
}

template <class Body>
Status PostgresStore::run(std::string_view op, std::string_view id, Body&& body) {
  op_ = op;
  for (int attempt = 0;; ++attempt) {
    if ((!conn_ || !conn_->is_open()) && !connect().ok()) {
      return failure(ErrorCode::kIo, op, id, "database unreachable");
    }
    try {
      pqxx::work w(*conn_);
      Status status = body(w);
      if (status.ok()) w.commit();
      return status;  // a failed body's transaction is rolled back when `w` goes
    } catch (const pqxx::broken_connection& e) {
      // Nothing was committed: the connection went before or during the transaction. A
      // transaction that reached COMMIT and lost its answer is in_doubt_error, below.
      conn_.reset();
      if (attempt == 0) continue;
      return failure(ErrorCode::kIo, op, id, "connection lost: " + first_line(e.what()));
    } catch (const pqxx::in_doubt_error& e) {
      conn_.reset();
      return failure(ErrorCode::kIo, op, id, "commit in doubt: " + first_line(e.what()));
    } catch (const std::exception& e) {
      return classify(e, op, id);
    }
  }
}

Status PostgresStore::write_game(Tx& w, const GameRow& g, bool insert) {
  const auto r =
      insert ? w.exec_prepared("insert_game", g.id, g.game, g.params, g.position,
                               std::string(to_text(g.status)), g.result, g.created_ms, g.updated_ms,
                               g.rematch_of, g.rematch_id, g.resigned, g.listed, g.time_control,
                               g.rated, g.seek_id, g.draw_offer, g.takeback_request, g.offers_ms)
             : w.exec_prepared("update_game", g.id, g.game, g.params, g.position,
                               std::string(to_text(g.status)), g.result, g.created_ms, g.updated_ms,
                               g.rematch_of, g.rematch_id, g.resigned, g.listed, g.time_control,
                               g.rated, g.expected_updated_ms, g.seek_id, g.draw_offer,
                               g.takeback_request, g.offers_ms);
  if (r.affected_rows() == 0) {
    if (insert)
      return failure(ErrorCode::kConflict, op_, g.id, "conflict: a game with this id exists");
    if (g.expected_updated_ms >= 0 && !w.exec_prepared("select_game", g.id).empty()) {
      return failure(ErrorCode::kConflict, op_, g.id,
                     "conflict: the game changed since it was read");
    }
    return failure(ErrorCode::kNotFound, op_, g.id, "no such game");
  }
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    const SeatRow& s = g.seats[i];
    w.exec_prepared("upsert_seat", g.id, static_cast<int>(i), std::string(to_text(s.kind)), s.level,
                    s.token_hash, s.time_used_ms, s.rematch, account_column(s.account),
                    s.account_name);
  }
  w.exec_prepared("trim_seats", g.id, static_cast<int>(g.seats.size()));
  return {};
}

Status PostgresStore::write_one(Tx& w, const Write& write) {
  switch (write.kind) {
    case Write::Kind::kCreate: {
      op_ = "create_game";
      Status s = write_game(w, write.game, true);
      if (s.ok()) notify(w, write.game.id, 0);
      return s;
    }
    case Write::Kind::kUpdate: {
      op_ = "update_game";
      Status s = write_game(w, write.game, false);
      if (s.ok()) notify(w, write.game.id, -1);
      return s;
    }
    case Write::Kind::kAppendMove:
      op_ = "append_move";
      return append_body(w, write.game, write.move);
    case Write::Kind::kTruncateMoves:
      op_ = "truncate_moves";
      return truncate_body(w, write.game, write.from_ply);
    case Write::Kind::kEnqueueAiJob:
      op_ = "enqueue_ai_job";
      if (write.ai_job) postgres_ai_jobs::enqueue(w, *write.ai_job);
      return {};
  }
  return failure(ErrorCode::kInvalid, "write", write.game.id, "unknown kind of write");
}

std::vector<Status> PostgresStore::write_batch(const std::vector<Write>& writes) {
  std::lock_guard lock(mu_);
  std::vector<Status> out;
  const std::string_view first = writes.empty() ? "*" : std::string_view(writes[0].game.id);
  Status whole = run("write", first, [&](Tx& w) -> Status {
    out.clear();
    for (const Write& one : writes) {
      Status st;
      try {
        pqxx::subtransaction sub(dynamic_cast<pqxx::dbtransaction&>(w), "write");
        st = write_one(sub, one);
        // The AI turn the change leaves, in the change's subtransaction.
        if (st.ok() && one.ai_job && one.kind != Write::Kind::kEnqueueAiJob) {
          op_ = "enqueue_ai_job";
          postgres_ai_jobs::enqueue(sub, *one.ai_job);
        }
        if (st.ok()) sub.commit();  // else rolled back to the savepoint when `sub` goes
      } catch (const pqxx::broken_connection&) {
        throw;  // run() reconnects and runs the whole batch again
      } catch (const pqxx::in_doubt_error&) {
        throw;
      } catch (const std::exception& e) {
        st = classify(e, op_, one.game.id);
      }
      out.push_back(std::move(st));
    }
    return {};
  });
  if (!whole.ok()) {
    out.resize(writes.size());
    for (Status& st : out) {
      if (st.ok()) st = whole;
    }
  }
  return out;
}

Status PostgresStore::append_move(const GameRow& game, const MoveRow& move) {
  return write("append_move", game.id, [&](Tx& w) -> Status { return append_body(w, game, move); });
}

Status PostgresStore::append_body(Tx& w, const GameRow& game, const MoveRow& move) {
  {
    const int64_t stored = w.exec_prepared1("next_ply", game.id)[0].as<int64_t>();
    auto stale = [&](int64_t count) {
      return failure(ErrorCode::kConflict, op_, game.id,
                     "conflict: move " + move.text + " is for ply " + std::to_string(move.ply) +
                         " but " + std::to_string(count) + " moves are stored");
    };
    if (move.ply != stored) return stale(stored);
    // The game row first: an unknown game is "no such game", not a foreign-key failure.
    if (Status s = write_game(w, game, false); !s.ok()) return s;
    // Another server may have stored this ply since the count was read: the key refuses the
    // second row, and this transaction (the game row too) is rolled back.
    const auto r = w.exec_prepared("insert_move", game.id, move.ply, move.text, move.seat,
                                   move.at_ms, move.elapsed_ms);
    if (r.affected_rows() == 0) return stale(move.ply + 1);
    notify(w, game.id, move.ply + 1);
    return {};
  }
}

Status PostgresStore::truncate_moves(const GameRow& game, int from_ply) {
  return write("truncate_moves", game.id,
               [&](Tx& w) -> Status { return truncate_body(w, game, from_ply); });
}

Status PostgresStore::truncate_body(Tx& w, const GameRow& game, int from_ply) {
  {
    if (from_ply < 0) {
      return failure(ErrorCode::kInvalid, op_, game.id, "negative ply " + std::to_string(from_ply));
    }
    if (Status s = write_game(w, game, false); !s.ok()) return s;
    w.exec_prepared("delete_moves", game.id, from_ply);
    notify(w, game.id, from_ply);
    return {};
  }
}

Status PostgresStore::read_seats(Tx& w, std::vector<GameRow>& games) {
  if (games.empty()) return {};
  std::vector<std::string> ids;
  for (const GameRow& g : games) ids.push_back(g.id);
  const auto rows = w.exec_prepared("select_seats", text_array(ids));
  for (const auto& r : rows) {
    const auto game_id = r[0].as<std::string>();
    auto seat = seat_from_columns(PgColumns(r), 1, op_, game_id);
    if (!seat) return seat.failure();
    for (GameRow& g : games) {
      if (g.id == game_id) g.seats.push_back(*seat);
    }
  }
  return {};
}

Result<std::optional<GameRow>> PostgresStore::load_game(std::string_view id) {
  std::lock_guard lock(mu_);
  std::optional<GameRow> game;
  Status s = run("load_game", id, [&](Tx& w) -> Status {
    game.reset();
    const auto rows = w.exec_prepared("select_game", std::string(id));
    if (rows.empty()) return {};
    auto row = game_from_columns(PgColumns(rows[0]), op_);
    if (!row) return row.failure();
    std::vector<GameRow> one = {std::move(*row)};
    if (Status st = read_seats(w, one); !st.ok()) return st;
    game = std::move(one.front());
    return {};
  });
  if (!s.ok()) return s.failure();
  return game;
}

Result<std::vector<MoveRow>> PostgresStore::load_moves(std::string_view id) {
  std::lock_guard lock(mu_);
  std::vector<MoveRow> moves;
  Status s = run("load_moves", id, [&](Tx& w) -> Status {
    moves.clear();
    for (const auto& r : w.exec_prepared("select_moves", std::string(id))) {
      moves.push_back(move_from_columns(PgColumns(r)));
    }
    return {};
  });
  if (!s.ok()) return s.failure();
  return moves;
}

// The tail of a game's move list by the moves' primary key (game_id, ply): one index range.
Result<std::vector<MoveRow>> PostgresStore::load_moves_from(std::string_view id, int from_ply) {
  std::lock_guard lock(mu_);
  std::vector<MoveRow> moves;
  Status s = run("load_moves_from", id, [&](Tx& w) -> Status {
    moves.clear();
    const auto rows = w.exec_params("SELECT " ARBITER_MOVE_COLUMNS
                                    " FROM moves WHERE game_id = $1 AND ply >= $2 ORDER BY ply",
                                    std::string(id), from_ply);
    for (const auto& r : rows) {
      moves.push_back(move_from_columns(PgColumns(r)));
    }
    return {};
  });
  if (!s.ok()) return s.failure();
  return moves;
}

Result<std::vector<GameRow>> PostgresStore::list_games(const GameFilter& filter) {
  std::lock_guard lock(mu_);
  std::vector<GameRow> games;
  Status s = run("list_games", "*", [&](Tx& w) -> Status {
    games.clear();
    const std::string status = filter.status ? std::string(to_text(*filter.status)) : "";
    const int64_t limit = filter.limit > 0 ? filter.limit : INT64_MAX;
    const std::optional<std::string> ids =
        filter.ids.empty() ? std::nullopt : std::optional<std::string>(text_array(filter.ids));
    const auto rows = w.exec_prepared("list_games", status, filter.open_only, limit,
                                      std::string(to_text(GameStatus::kPlaying)),
                                      std::string(to_text(SeatKind::kOpen)), ids,
                                      filter.listed_only, account_column(filter.account));
    for (const auto& r : rows) {
      auto row = game_from_columns(PgColumns(r), op_);
      if (!row) return row.failure();
      games.push_back(std::move(*row));
    }
    return read_seats(w, games);
  });
  if (!s.ok()) return s.failure();
  return games;
}

// ---- online play ------------------------------------------------------------------------

constexpr const char* kAccountSelect =
    "SELECT a.id, a.username, a.username_key, a.password_hash, a.created_ms, a.deleted "
    "FROM accounts a ";

std::optional<AccountRow> first_account(const pqxx::result& rows) {
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return AccountRow{r[0].as<int64_t>(),     r[1].as<std::string>(), r[2].as<std::string>(),
                    r[3].as<std::string>(), r[4].as<int64_t>(),     r[5].as<bool>()};
}

Result<AccountRow> PostgresStore::create_account(const AccountRow& account) {
  AccountRow out = account;
  Status st = write("create_account", account.username, [&](Tx& w) -> Status {
    const auto rows = w.exec_params(
        "INSERT INTO accounts (username, username_key, password_hash, created_ms) "
        "VALUES ($1, $2, $3, $4) ON CONFLICT (username_key) DO NOTHING RETURNING id",
        account.username, account.username_key, account.password_hash, account.created_ms);
    if (rows.empty()) {
      return failure(ErrorCode::kConflict, op_, account.username, "conflict: the name is taken");
    }
    out.id = rows[0][0].as<int64_t>();
    out.deleted = false;
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::optional<AccountRow>> PostgresStore::account_by_id(int64_t id) {
  std::optional<AccountRow> out;
  Status st = write("account_by_id", std::to_string(id), [&](Tx& w) -> Status {
    out = first_account(w.exec_params(std::string(kAccountSelect) + "WHERE a.id = $1", id));
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::optional<AccountRow>> PostgresStore::account_by_key(std::string_view key) {
  std::optional<AccountRow> out;
  Status st = write("account_by_key", key, [&](Tx& w) -> Status {
    out = first_account(
        w.exec_params(std::string(kAccountSelect) + "WHERE a.username_key = $1 AND NOT a.deleted",
                      std::string(key)));
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::optional<AccountRow>> PostgresStore::account_by_skeleton(std::string_view skeleton) {
  std::optional<AccountRow> out;
  Status st = write("account_by_skeleton", skeleton, [&](Tx& w) -> Status {
    out = first_account(w.exec_params(
        std::string(kAccountSelect) + "WHERE NOT a.deleted AND " + kSkeletonSql + " = $1 LIMIT 1",
        std::string(skeleton)));
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Status PostgresStore::set_password(int64_t id, std::string_view hash,
                                   std::string_view keep_session) {
  return write("set_password", std::to_string(id), [&](Tx& w) -> Status {
    const auto r =
        w.exec_params("UPDATE accounts SET password_hash = $2 WHERE id = $1 AND NOT deleted", id,
                      std::string(hash));
    if (r.affected_rows() == 0) {
      return failure(ErrorCode::kNotFound, op_, std::to_string(id), "no such account");
    }
    w.exec_params("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2", id,
                  std::string(keep_session));
    notify_sessions(w, "account " + std::to_string(id));
    return {};
  });
}

Status PostgresStore::delete_account(int64_t id) {
  const std::string name = std::to_string(id);
  return write("delete_account", name, [&](Tx& w) -> Status {
    const auto r = w.exec_params(
        "UPDATE accounts SET username = '', username_key = '#' || id::text, password_hash = '', "
        "deleted = TRUE WHERE id = $1 AND NOT deleted",
        id);
    if (r.affected_rows() == 0) return failure(ErrorCode::kNotFound, op_, name, "no such account");
    w.exec_params("DELETE FROM sessions WHERE account_id = $1", id);
    notify_sessions(w, "account " + std::to_string(id));
    w.exec_params("DELETE FROM ratings WHERE account_id = $1", id);
    // Its puzzle rating and attempts (puzzle_rows.h: the solver "account:ID").
    w.exec_params("DELETE FROM puzzle_ratings WHERE solver = $1", account_key(id));
    w.exec_params("DELETE FROM puzzle_attempts WHERE solver = $1", account_key(id));
    w.exec_params("DELETE FROM seeks WHERE account_id = $1 OR challenged = $1", id);
    notify_seeks(w, 0);
    w.exec_params("UPDATE seats SET account_name = 'deleted' WHERE account = $1", name);
    return {};
  });
}

Status PostgresStore::create_session(const SessionRow& s) {
  return write("create_session", std::to_string(s.account_id), [&](Tx& w) -> Status {
    w.exec_params(
        "INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms) "
        "VALUES ($1, $2, $3, $4)",
        s.token_hash, s.account_id, s.created_ms, s.expires_ms);
    return {};
  });
}

Result<std::optional<AccountRow>> PostgresStore::session_account(std::string_view token_hash,
                                                                 int64_t now_ms) {
  std::optional<AccountRow> out;
  Status st = write("session_account", "*", [&](Tx& w) -> Status {
    out = first_account(
        w.exec_params(std::string(kAccountSelect) +
                          "JOIN sessions s ON s.account_id = a.id WHERE s.token_hash = $1 AND "
                          "s.expires_ms > $2 AND NOT a.deleted",
                      std::string(token_hash), now_ms));
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Status PostgresStore::delete_session(std::string_view token_hash) {
  return write("delete_session", "*", [&](Tx& w) -> Status {
    w.exec_params("DELETE FROM sessions WHERE token_hash = $1", std::string(token_hash));
    notify_sessions(w, "token " + std::string(token_hash));
    return {};
  });
}

constexpr const char* kRatingSelect =
    "SELECT r.account_id, r.pool, r.rating, r.deviation, r.volatility, r.games, r.updated_ms, "
    "a.username FROM ratings r JOIN accounts a ON a.id = r.account_id ";

std::vector<RatingRow> rating_rows(const pqxx::result& rows) {
  std::vector<RatingRow> out;
  for (const auto& r : rows) {
    out.push_back(RatingRow{r[0].as<int64_t>(), r[1].as<std::string>(), r[2].as<double>(),
                            r[3].as<double>(), r[4].as<double>(), r[5].as<int>(),
                            r[6].as<int64_t>(), r[7].as<std::string>()});
  }
  return out;
}

Result<std::vector<RatingRow>> PostgresStore::ratings_of(int64_t account_id) {
  std::vector<RatingRow> out;
  Status st = write("ratings_of", std::to_string(account_id), [&](Tx& w) -> Status {
    out = rating_rows(w.exec_params(
        std::string(kRatingSelect) + "WHERE r.account_id = $1 ORDER BY r.pool", account_id));
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::vector<RatingRow>> PostgresStore::leaderboard(std::string_view pool, int limit) {
  std::vector<RatingRow> out;
  Status st = write("leaderboard", pool, [&](Tx& w) -> Status {
    out = rating_rows(w.exec_params(std::string(kRatingSelect) +
                                        "WHERE r.pool = $1 AND NOT a.deleted ORDER BY r.rating "
                                        "DESC, r.account_id LIMIT $2",
                                    std::string(pool), limit > 0 ? int64_t{limit} : INT64_MAX));
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Status PostgresStore::apply_ratings(std::string_view game_id, const std::vector<RatingRow>& rows) {
  return write("apply_ratings", game_id, [&](Tx& w) -> Status {
    const auto claimed = w.exec_params(
        "INSERT INTO rated_games (game_id, rated_ms) VALUES ($1, $2) "
        "ON CONFLICT (game_id) DO NOTHING",
        std::string(game_id), rows.empty() ? int64_t{0} : rows.front().updated_ms);
    if (claimed.affected_rows() == 0) {
      return failure(ErrorCode::kConflict, op_, game_id, "conflict: the game is rated already");
    }
    for (const RatingRow& r : rows) {
      w.exec_params(
          "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games, "
          "updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, pool) DO "
          "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = "
          "excluded.volatility, games = excluded.games, updated_ms = excluded.updated_ms",
          r.account_id, r.pool, r.rating, r.deviation, r.volatility, r.games, r.updated_ms);
    }
    return {};
  });
}

Result<SeekRow> PostgresStore::create_seek(const SeekRow& seek) {
  SeekRow out = seek;
  Status st = write("create_seek", "*", [&](Tx& w) -> Status {
    const auto rows = w.exec_params(
        "INSERT INTO seeks (account_id, game, params, time_control, rated, min_rating, "
        "max_rating, created_ms, challenged) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
        "RETURNING id",
        seek.account_id, seek.game, seek.params, seek.time_control, seek.rated, seek.min_rating,
        seek.max_rating, seek.created_ms, seek.challenged);
    out.id = rows[0][0].as<int64_t>();
    notify_seeks(w, out.id);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::vector<SeekRow>> PostgresStore::list_seeks() {
  std::vector<SeekRow> out;
  Status st = write("list_seeks", "*", [&](Tx& w) -> Status {
    out.clear();
    for (const auto& r :
         w.exec("SELECT s.id, s.account_id, s.game, s.params, s.time_control, s.rated, "
                "s.min_rating, s.max_rating, s.created_ms, s.challenged, a.username, "
                "COALESCE(c.username, '') FROM seeks s JOIN accounts a ON a.id = s.account_id "
                "LEFT JOIN accounts c ON c.id = s.challenged ORDER BY s.id")) {
      out.push_back(SeekRow{r[0].as<int64_t>(), r[1].as<int64_t>(), r[2].as<std::string>(),
                            r[3].as<std::string>(), r[4].as<std::string>(), r[5].as<bool>(),
                            r[6].as<int>(), r[7].as<int>(), r[8].as<int64_t>(), r[9].as<int64_t>(),
                            r[10].as<std::string>(), r[11].as<std::string>()});
    }
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<bool> PostgresStore::delete_seek(int64_t id) {
  bool existed = false;
  Status st = write("delete_seek", std::to_string(id), [&](Tx& w) -> Status {
    existed = w.exec_params("DELETE FROM seeks WHERE id = $1", id).affected_rows() > 0;
    if (existed) notify_seeks(w, id);
    return {};
  });
  if (!st.ok()) return st.failure();
  return existed;
}

// ---- AI jobs ----------------------------------------------------------------------------

Status PostgresStore::enqueue_ai_job(const AiJobRow& job) {
  return write("enqueue_ai_job", job.game_id, [&](Tx& w) -> Status {
    postgres_ai_jobs::enqueue(w, job);
    return {};
  });
}

Result<std::optional<AiJobRow>> PostgresStore::claim_ai_job(std::string_view owner, int64_t now_ms,
                                                            int64_t lease_ms) {
  std::optional<AiJobRow> out;
  Status st = write("claim_ai_job", "*", [&](Tx& w) -> Status {
    out = postgres_ai_jobs::claim(w, owner, now_ms, lease_ms);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<bool> PostgresStore::renew_ai_lease(std::string_view game_id, int ply,
                                           std::string_view owner, int64_t until_ms) {
  bool renewed = false;
  Status st = write("renew_ai_lease", game_id, [&](Tx& w) -> Status {
    renewed = postgres_ai_jobs::renew(w, game_id, ply, owner, until_ms);
    return {};
  });
  if (!st.ok()) return st.failure();
  return renewed;
}

Result<bool> PostgresStore::finish_ai_job(std::string_view game_id, int ply, bool force) {
  bool deleted = false;
  Status st = write("finish_ai_job", game_id, [&](Tx& w) -> Status {
    deleted = postgres_ai_jobs::finish(w, game_id, ply, force);
    return {};
  });
  if (!st.ok()) return st.failure();
  return deleted;
}

Result<std::vector<AiJobRow>> PostgresStore::list_ai_jobs() {
  std::vector<AiJobRow> out;
  Status st = write("list_ai_jobs", "*", [&](Tx& w) -> Status {
    out = postgres_ai_jobs::list(w);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

// ---- reviews ----------------------------------------------------------------------------

Status PostgresStore::put_review(const ReviewRow& review) {
  return write("put_review", review.game_id, [&](Tx& w) -> Status {
    if (postgres_reviews::put(w, review)) return {};
    return failure(ErrorCode::kConflict, op_, review.game_id,
                   "conflict: the game has a review already");
  });
}

Result<bool> PostgresStore::claim_review(std::string_view game_id, std::string_view owner,
                                         int64_t now_ms, int64_t until_ms) {
  bool claimed = false;
  Status st = write("claim_review", game_id, [&](Tx& w) -> Status {
    claimed = postgres_reviews::claim(w, game_id, owner, now_ms, until_ms);
    return {};
  });
  if (!st.ok()) return st.failure();
  return claimed;
}

Status PostgresStore::finish_review(std::string_view game_id, std::string_view owner, bool done,
                                    std::string_view report, int64_t now_ms) {
  return write("finish_review", game_id, [&](Tx& w) -> Status {
    if (postgres_reviews::finish(w, game_id, owner, done, report, now_ms)) return {};
    return failure(ErrorCode::kConflict, op_, game_id,
                   "conflict: " + std::string(owner) + " holds no lease of it");
  });
}

Result<std::optional<ReviewRow>> PostgresStore::load_review(std::string_view game_id) {
  std::optional<ReviewRow> out;
  Status st = write("load_review", game_id, [&](Tx& w) -> Status {
    std::string bad;
    out = postgres_reviews::load(w, game_id, &bad);
    if (!bad.empty()) {
      return failure(ErrorCode::kCorrupt, op_, game_id, "unknown review status '" + bad + "'");
    }
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::vector<ReviewRow>> PostgresStore::claimable_reviews(int64_t now_ms, int limit) {
  std::vector<ReviewRow> out;
  Status st = write("claimable_reviews", "*", [&](Tx& w) -> Status {
    std::string bad;
    out = postgres_reviews::claimable(w, now_ms, limit, &bad);
    if (!bad.empty()) {
      return failure(ErrorCode::kCorrupt, op_, "*", "unknown review status '" + bad + "'");
    }
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

// ---- puzzles ----------------------------------------------------------------------------

Result<std::optional<int64_t>> PostgresStore::add_puzzle(const PuzzleRow& puzzle) {
  std::optional<int64_t> id;
  Status st = write("add_puzzle", puzzle.game, [&](Tx& w) -> Status {
    id = postgres_puzzles::add(w, puzzle);
    return {};
  });
  if (!st.ok()) return st.failure();
  return id;
}

Result<std::optional<PuzzleRow>> PostgresStore::puzzle_by_id(int64_t id) {
  std::optional<PuzzleRow> out;
  Status st = write("puzzle_by_id", std::to_string(id), [&](Tx& w) -> Status {
    out = postgres_puzzles::by_id(w, id);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::vector<PuzzleRow>> PostgresStore::puzzles_near(std::string_view game, double rating,
                                                           std::string_view solver, int limit) {
  std::vector<PuzzleRow> out;
  Status st = write("puzzles_near", game, [&](Tx& w) -> Status {
    out = postgres_puzzles::near(w, game, rating, solver, limit);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::vector<PuzzleRow>> PostgresStore::list_puzzles(std::string_view game) {
  std::vector<PuzzleRow> out;
  Status st = write("list_puzzles", game.empty() ? "*" : game, [&](Tx& w) -> Status {
    out = postgres_puzzles::list(w, game);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<std::optional<PuzzleRatingRow>> PostgresStore::puzzle_rating(std::string_view solver) {
  std::optional<PuzzleRatingRow> out;
  Status st = write("puzzle_rating", solver, [&](Tx& w) -> Status {
    out = postgres_puzzles::rating(w, solver);
    return {};
  });
  if (!st.ok()) return st.failure();
  return out;
}

Result<bool> PostgresStore::rate_puzzle_attempt(const PuzzleAttemptRow& attempt) {
  using Outcome = postgres_puzzles::AttemptOutcome;
  const std::string name = "puzzle " + std::to_string(attempt.puzzle_id);
  bool rated = false;
  Status st = write("rate_puzzle_attempt", name, [&](Tx& w) -> Status {
    auto fail = [&](ErrorCode code, const char* why) {
      return make_error(code, "rate_puzzle_attempt " + name + ": " + why);
    };
    switch (postgres_puzzles::rate_attempt(w, attempt)) {
      case Outcome::kRated:
        rated = true;
        return {};
      case Outcome::kRatedAlready:
        return {};
      case Outcome::kNoPuzzle:
        return fail(ErrorCode::kNotFound, "no such puzzle");
      case Outcome::kPuzzleChanged:
        return fail(ErrorCode::kConflict, "conflict: the puzzle changed since read");
      case Outcome::kSolverChanged:
        return fail(ErrorCode::kConflict, "conflict: the solver's rating changed since read");
    }
    return {};
  });
  if (!st.ok()) return st.failure();
  return rated;
}

}  // namespace

bool is_postgres_url(std::string_view url) {
  return url.starts_with("postgresql://") || url.starts_with("postgres://");
}

Result<std::unique_ptr<Store>> open_postgres_store(const std::string& url) {
  auto store = std::make_unique<PostgresStore>(url);
  if (Status s = store->open(); !s.ok()) {
    return make_error(s.code(), "open store '" + redact(url) + "': " + s.error());
  }
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace arbiter::store
