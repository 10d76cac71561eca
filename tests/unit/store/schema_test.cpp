// The store's versioned schema and its typed rows and errors: a file written by schema 1 (before
// the resigned seat was a column) upgrades in place; the resigned seat round-trips; every error
// carries a code (conflict, not found, invalid, corrupt), so no caller reads the message.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "store/sqlite_schema.h"
#include "store/sqlite_store.h"
#include "unit/store/store_backends.h"

namespace arbiter::store {
namespace {

namespace fs = std::filesystem;

// Schema version 1 as arbiter wrote it, verbatim, and one game in it: a resignation (named only
// by its result text then), a playing game with moves, and the seat kinds as text.
constexpr const char* kSchemaOneFile = R"sql(
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY NOT NULL, game TEXT NOT NULL, params TEXT NOT NULL,
  position TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
  rematch_of TEXT NOT NULL, rematch_id TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS games_by_updated ON games (updated_ms);
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  kind TEXT NOT NULL, level INTEGER NOT NULL, token_hash TEXT NOT NULL,
  time_used_ms INTEGER NOT NULL, rematch INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  text TEXT NOT NULL, seat INTEGER NOT NULL, at_ms INTEGER NOT NULL,
  elapsed_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
INSERT INTO schema_version VALUES (1);
INSERT INTO games VALUES ('old1', 'traverse', 'players=2', '', 'finished', 'north resigned',
  100, 200, '', '');
INSERT INTO seats VALUES ('old1', 0, 'human', 0, 'aa', 5, 0), ('old1', 1, 'human', 0, 'aa', 7, 0);
INSERT INTO moves VALUES ('old1', 0, 'c1-b2', 0, 150, 5);
INSERT INTO games VALUES ('old2', 'trap', '', '', 'playing', '', 300, 400, '', '');
INSERT INTO seats VALUES ('old2', 0, 'open', 0, '', 0, 0), ('old2', 1, 'ai', 4, '', 9, 1);
INSERT INTO moves VALUES ('old2', 0, 'm0', 1, 350, 9), ('old2', 1, 'm1', 0, 390, 0);
)sql";

class TempFile {
 public:
  explicit TempFile(const std::string& name) {
    static int counter = 0;
    dir_ = fs::temp_directory_path() /
           ("arbiter_schema_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    path_ = (dir_ / name).string();
  }
  ~TempFile() { fs::remove_all(dir_); }
  const std::string& path() const { return path_; }

  // Runs `sql` on the file with a plain connection (as another program would).
  void exec(const char* sql) const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << message;
  }
  int64_t number(const char* sql) const {
    sqlite3* db = nullptr;
    sqlite3_stmt* q = nullptr;
    int64_t out = -1;
    if (sqlite3_open(path_.c_str(), &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, sql, -1, &q, nullptr) == SQLITE_OK &&
        sqlite3_step(q) == SQLITE_ROW) {
      out = sqlite3_column_int64(q, 0);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return out;
  }

 private:
  fs::path dir_;
  std::string path_;
};

// Migration: a schema-1 file opens, reaches the current version in place, and keeps every row.
TEST(SqliteSchema, SchemaOneFileUpgradesInPlace) {
  TempFile file("old.db");
  file.exec(kSchemaOneFile);
  {
    auto store = testing::open_sqlite_ok(file.path());
    ASSERT_TRUE(store);
    auto resigned = store->load_game("old1");
    ASSERT_TRUE(resigned.ok() && resigned->has_value()) << resigned.error();
    const GameRow& r = **resigned;
    EXPECT_EQ(r.status, GameStatus::kFinished);
    EXPECT_EQ(r.result, "north resigned");
    EXPECT_EQ(r.resigned, -1);  // not recorded by schema 1 (the server reads the result text)
    ASSERT_EQ(r.seats.size(), 2u);
    EXPECT_EQ(r.seats[1].time_used_ms, 7);
    EXPECT_EQ(store->load_moves("old1")->size(), 1u);

    auto playing = store->load_game("old2");
    ASSERT_TRUE(playing.ok() && playing->has_value());
    const GameRow& p = **playing;
    EXPECT_EQ(p.status, GameStatus::kPlaying);
    ASSERT_EQ(p.seats.size(), 2u);
    EXPECT_EQ(p.seats[0].kind, SeatKind::kOpen);
    EXPECT_EQ(p.seats[1].kind, SeatKind::kAi);
    EXPECT_EQ(p.seats[1].level, 4);
    EXPECT_TRUE(p.seats[1].rematch);
    GameFilter open;
    open.open_only = true;
    auto listed = store->list_games(open);
    ASSERT_TRUE(listed.ok());
    ASSERT_EQ(listed->size(), 1u);
    EXPECT_EQ((*listed)[0].id, "old2");

    // The upgraded file takes the new column like a new one.
    GameRow next = p;
    next.status = GameStatus::kFinished;
    next.resigned = 1;
    next.updated_ms = 500;
    ASSERT_TRUE(store->append_move(next, MoveRow{2, "m2", 1, 500, 3}).ok());
  }
  EXPECT_EQ(file.number("SELECT MAX(version) FROM schema_version"), kSchemaVersion);
  EXPECT_EQ(file.number("SELECT COUNT(*) FROM schema_version"), 1);
  auto store = testing::open_sqlite_ok(file.path());  // a second open finds nothing to migrate
  ASSERT_TRUE(store);
  auto again = store->load_game("old2");
  ASSERT_TRUE(again.ok() && again->has_value());
  EXPECT_EQ((*again)->resigned, 1);
  EXPECT_EQ(store->load_moves("old2")->size(), 3u);
}

TEST(SqliteSchema, ResignedSeatRoundTrips) {
  auto store = testing::open_sqlite_ok(":memory:");
  ASSERT_TRUE(store);
  GameRow g;
  g.id = "r1";
  g.game = "trap";
  g.seats.resize(2);
  ASSERT_TRUE(store->create_game(g).ok());
  EXPECT_EQ((*store->load_game("r1"))->resigned, -1);
  g.status = GameStatus::kFinished;
  g.result = "blue resigned";
  g.resigned = 1;
  ASSERT_TRUE(store->update_game(g).ok());
  EXPECT_EQ((*store->load_game("r1"))->resigned, 1);
  GameFilter finished;
  finished.status = GameStatus::kFinished;
  auto listed = store->list_games(finished);
  ASSERT_TRUE(listed.ok() && listed->size() == 1u);
  EXPECT_EQ((*listed)[0].resigned, 1);
}

// Store errors with codes: callers tell a conflict from a missing game or a fault by the code.
TEST(SqliteSchema, ErrorsCarryCodes) {
  auto store = testing::open_sqlite_ok(":memory:");
  ASSERT_TRUE(store);
  GameRow g;
  g.id = "e1";
  g.game = "trap";
  g.seats.resize(2);
  ASSERT_TRUE(store->create_game(g).ok());
  EXPECT_EQ(store->create_game(g).code(), ErrorCode::kConflict);
  EXPECT_EQ(store->append_move(g, MoveRow{1, "x", 0, 0, 0}).code(), ErrorCode::kConflict);
  GameRow ghost = g;
  ghost.id = "ghost";
  EXPECT_EQ(store->update_game(ghost).code(), ErrorCode::kNotFound);
  EXPECT_EQ(store->append_move(ghost, MoveRow{0, "x", 0, 0, 0}).code(), ErrorCode::kNotFound);
  EXPECT_EQ(store->truncate_moves(ghost, 0).code(), ErrorCode::kNotFound);
  EXPECT_EQ(store->truncate_moves(g, -1).code(), ErrorCode::kInvalid);
  EXPECT_EQ(open_store("").code(), ErrorCode::kInvalid);
  EXPECT_EQ(open_store("mysql://x").code(), ErrorCode::kInvalid);
  EXPECT_EQ(open_store("postgresql://nobody@127.0.0.1:1/x?connect_timeout=2").code(),
            ErrorCode::kIo);

  TempFile junk("junk.db");
  std::ofstream(junk.path()) << std::string(8192, 'x');
  EXPECT_EQ(open_sqlite_store(junk.path()).code(), ErrorCode::kCorrupt);

  TempFile newer("newer.db");
  ASSERT_TRUE(testing::open_sqlite_ok(newer.path()));
  newer.exec("INSERT INTO schema_version VALUES (99)");
  EXPECT_EQ(open_sqlite_store(newer.path()).code(), ErrorCode::kCorrupt);

  // A row this arbiter cannot read is corrupt, not a crash or a guess.
  TempFile odd("odd.db");
  {
    auto writer = testing::open_sqlite_ok(odd.path());
    ASSERT_TRUE(writer);
    ASSERT_TRUE(writer->create_game(g).ok());
  }
  odd.exec("UPDATE games SET status = 'paused'; ");
  auto reader = testing::open_sqlite_ok(odd.path());
  ASSERT_TRUE(reader);
  auto loaded = reader->load_game("e1");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.code(), ErrorCode::kCorrupt);
  EXPECT_NE(loaded.error().find("unknown status 'paused'"), std::string::npos) << loaded.error();
  odd.exec("UPDATE games SET status = 'playing'; UPDATE seats SET kind = 'robot' WHERE seat = 1");
  auto listed = reader->list_games(GameFilter{});
  ASSERT_FALSE(listed.ok());
  EXPECT_EQ(listed.code(), ErrorCode::kCorrupt);
  EXPECT_NE(listed.error().find("unknown seat kind 'robot'"), std::string::npos) << listed.error();
}

TEST(SqliteSchema, EnumsHaveOneSpelling) {
  for (GameStatus s : {GameStatus::kPlaying, GameStatus::kFinished}) {
    EXPECT_EQ(parse_game_status(to_text(s)), s);
  }
  for (SeatKind k : {SeatKind::kHuman, SeatKind::kAi, SeatKind::kOpen}) {
    EXPECT_EQ(parse_seat_kind(to_text(k)), k);
  }
  EXPECT_EQ(to_text(GameStatus::kPlaying), "playing");
  EXPECT_EQ(to_text(SeatKind::kAi), "ai");
  EXPECT_FALSE(parse_game_status("Playing"));
  EXPECT_FALSE(parse_seat_kind(""));
}

}  // namespace
}  // namespace arbiter::store
