// The SQLite store: round trips, the ply check, takebacks, listing, reopening a file, bad files,
// ":memory:" and writers on two threads.
#include "store/sqlite_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "store/store.h"

namespace arbiter::store {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the system temp dir, removed with its contents at the end of the test.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = fs::temp_directory_path() /
            ("arbiter_store_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter));
    fs::remove_all(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

std::unique_ptr<Store> open_ok(const std::string& path) {
  auto store = open_sqlite_store(path);
  EXPECT_TRUE(store.ok()) << store.error();
  return store.ok() ? std::move(store).value() : nullptr;
}

constexpr SeatKind kHuman = SeatKind::kHuman, kAi = SeatKind::kAi, kOpen = SeatKind::kOpen;

GameRow make_game(const std::string& id, int64_t updated_ms = 1000,
                  std::vector<SeatKind> kinds = {kHuman, kAi}) {
  GameRow g;
  g.id = id;
  g.game = "traverse";
  g.params = "players=2 rules=basic";
  g.status = GameStatus::kPlaying;
  g.created_ms = 500;
  g.updated_ms = updated_ms;
  for (const SeatKind kind : kinds) {
    SeatRow s;
    s.kind = kind;
    s.level = kind == kAi ? 5 : 0;
    s.token_hash = kind == kHuman ? "ab12" + id : "";
    g.seats.push_back(s);
  }
  return g;
}

MoveRow make_move(int ply) {
  return MoveRow{ply, "m" + std::to_string(ply), ply % 2, 2000 + ply, 10 * ply};
}

void expect_same(const GameRow& a, const GameRow& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.resigned, b.resigned);
  EXPECT_EQ(a.created_ms, b.created_ms);
  EXPECT_EQ(a.updated_ms, b.updated_ms);
  EXPECT_EQ(a.rematch_of, b.rematch_of);
  EXPECT_EQ(a.rematch_id, b.rematch_id);
  ASSERT_EQ(a.seats.size(), b.seats.size());
  for (std::size_t i = 0; i < a.seats.size(); ++i) {
    EXPECT_EQ(a.seats[i].kind, b.seats[i].kind) << i;
    EXPECT_EQ(a.seats[i].level, b.seats[i].level) << i;
    EXPECT_EQ(a.seats[i].token_hash, b.seats[i].token_hash) << i;
    EXPECT_EQ(a.seats[i].time_used_ms, b.seats[i].time_used_ms) << i;
    EXPECT_EQ(a.seats[i].rematch, b.seats[i].rematch) << i;
  }
}

GameFilter filter(std::vector<std::string> ids = {}, bool open_only = false,
                  std::optional<GameStatus> status = std::nullopt, int limit = 50) {
  GameFilter f;
  f.ids = std::move(ids);
  f.open_only = open_only;
  f.status = status;
  f.limit = limit;
  return f;
}

std::vector<std::string> ids_of(const std::vector<GameRow>& games) {
  std::vector<std::string> ids;
  for (const GameRow& g : games) ids.push_back(g.id);
  return ids;
}

TEST(SqliteStore, GameSeatsAndMovesRoundTrip) {
  auto store = open_ok(":memory:");
  GameRow g = make_game("g1");
  g.position = "start text";
  g.rematch_of = "g0";
  ASSERT_TRUE(store->create_game(g).ok());
  for (int ply = 0; ply < 3; ++ply) {
    g.updated_ms += 100;
    g.seats[ply % 2].time_used_ms += 7;
    g.seats[1].rematch = ply == 2;
    Status s = store->append_move(g, make_move(ply));
    ASSERT_TRUE(s.ok()) << s.error();
  }
  auto loaded = store->load_game("g1");
  ASSERT_TRUE(loaded.ok() && loaded->has_value());
  expect_same(**loaded, g);
  auto moves = store->load_moves("g1");
  ASSERT_TRUE(moves.ok());
  ASSERT_EQ(moves->size(), 3u);
  for (int ply = 0; ply < 3; ++ply) {
    MoveRow want = make_move(ply);
    const MoveRow& got = (*moves)[ply];
    EXPECT_EQ(got.ply, want.ply);
    EXPECT_EQ(got.text, want.text);
    EXPECT_EQ(got.seat, want.seat);
    EXPECT_EQ(got.at_ms, want.at_ms);
    EXPECT_EQ(got.elapsed_ms, want.elapsed_ms);
  }
  auto missing = store->load_game("nope");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing->has_value());
  EXPECT_TRUE(store->load_moves("nope")->empty());
}

TEST(SqliteStore, DuplicateIdIsAConflict) {
  auto store = open_ok(":memory:");
  ASSERT_TRUE(store->create_game(make_game("g1")).ok());
  Status s = store->create_game(make_game("g1", 9999));
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(s.is(ErrorCode::kConflict)) << s.error();
  EXPECT_NE(s.error().find("create_game game g1"), std::string::npos) << s.error();
  EXPECT_EQ((*store->load_game("g1"))->updated_ms, 1000);
}

TEST(SqliteStore, StalePlyIsAConflictAndChangesNothing) {
  auto store = open_ok(":memory:");
  GameRow g = make_game("g1");
  ASSERT_TRUE(store->create_game(g).ok());
  ASSERT_TRUE(store->append_move(g, make_move(0)).ok());
  GameRow later = g;
  later.updated_ms = 5000;
  later.status = GameStatus::kFinished;
  for (int ply : {0, 2, -1}) {
    Status s = store->append_move(later, make_move(ply));
    EXPECT_TRUE(s.is(ErrorCode::kConflict)) << ply << ": " << s.error();
    EXPECT_NE(s.error().find("append_move game g1: conflict"), std::string::npos) << s.error();
  }
  expect_same(**store->load_game("g1"), g);
  EXPECT_EQ(store->load_moves("g1")->size(), 1u);
  // An unknown game is an error, but not a conflict.
  Status s = store->append_move(make_game("ghost"), make_move(0));
  EXPECT_FALSE(s.ok());
  EXPECT_FALSE(s.is(ErrorCode::kConflict));
  EXPECT_NE(s.error().find("append_move game ghost: no such game"), std::string::npos) << s.error();
}

TEST(SqliteStore, TruncateTakesMovesBack) {
  auto store = open_ok(":memory:");
  GameRow g = make_game("g1");
  ASSERT_TRUE(store->create_game(g).ok());
  for (int ply = 0; ply < 5; ++ply) ASSERT_TRUE(store->append_move(g, make_move(ply)).ok());
  g.updated_ms = 7777;
  ASSERT_TRUE(store->truncate_moves(g, 2).ok());
  EXPECT_EQ(store->load_moves("g1")->size(), 2u);
  EXPECT_EQ((*store->load_game("g1"))->updated_ms, 7777);
  EXPECT_TRUE(store->append_move(g, make_move(3)).is(ErrorCode::kConflict));
  ASSERT_TRUE(store->append_move(g, make_move(2)).ok());
  ASSERT_TRUE(store->truncate_moves(g, 0).ok());
  EXPECT_TRUE(store->load_moves("g1")->empty());
  EXPECT_FALSE(store->truncate_moves(g, -1).ok());
  EXPECT_FALSE(store->truncate_moves(make_game("ghost"), 0).ok());
}

TEST(SqliteStore, UpdateReplacesRowAndSeats) {
  auto store = open_ok(":memory:");
  ASSERT_TRUE(store->create_game(make_game("g1", 1000, {kHuman, kOpen, kAi})).ok());
  GameRow g = make_game("g1", 3000, {kHuman, kHuman});
  g.status = GameStatus::kFinished;
  g.result = "south wins: all pieces home";
  g.rematch_id = "g2";
  ASSERT_TRUE(store->update_game(g).ok());
  expect_same(**store->load_game("g1"), g);
  Status s = store->update_game(make_game("ghost"));
  EXPECT_NE(s.error().find("update_game game ghost: no such game"), std::string::npos) << s.error();
}

TEST(SqliteStore, ListFilters) {
  auto store = open_ok(":memory:");
  ASSERT_TRUE(store->create_game(make_game("a", 100, {kHuman, kOpen})).ok());
  ASSERT_TRUE(store->create_game(make_game("b", 400, {kHuman, kAi})).ok());
  GameRow c = make_game("c", 300, {kOpen, kHuman});
  c.status = GameStatus::kFinished;
  ASSERT_TRUE(store->create_game(c).ok());
  ASSERT_TRUE(store->create_game(make_game("d", 200, {kHuman, kOpen})).ok());

  auto list = [&](const GameFilter& f) {
    auto games = store->list_games(f);
    EXPECT_TRUE(games.ok()) << games.error();
    return games.ok() ? ids_of(*games) : std::vector<std::string>{};
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(list(filter()), (V{"b", "c", "d", "a"}));
  EXPECT_EQ(list(filter({}, false, std::nullopt, 2)), (V{"b", "c"}));
  EXPECT_EQ(list(filter({}, false, std::nullopt, 0)), (V{"b", "c", "d", "a"}));
  EXPECT_EQ(list(filter({}, true)), (V{"d", "a"}));  // c has an open seat but is finished
  EXPECT_EQ(list(filter({}, false, GameStatus::kFinished)), (V{"c"}));
  EXPECT_EQ(list(filter({}, false, GameStatus::kPlaying)), (V{"b", "d", "a"}));
  EXPECT_EQ(list(filter({"a", "c", "zz", "a"})), (V{"c", "a"}));
  EXPECT_EQ(list(filter({"a", "b", "d"}, false, std::nullopt, 2)), (V{"b", "d"}));
  EXPECT_EQ(list(filter({"a", "b", "c"}, true)), (V{"a"}));
  auto games = store->list_games(filter({"c"}));
  ASSERT_EQ(games->size(), 1u);
  expect_same((*games)[0], c);  // seats come with the listed games
}

TEST(SqliteStore, ReopenedFileHasEverything) {
  TempDir dir;
  const std::string path = dir.file("nested/folder/games.db");  // folders created on open
  GameRow g = make_game("g1");
  {
    auto store = open_ok(path);
    ASSERT_TRUE(store);
    ASSERT_TRUE(store->create_game(g).ok());
    for (int ply = 0; ply < 4; ++ply) {
      g.updated_ms += 1;
      ASSERT_TRUE(store->append_move(g, make_move(ply)).ok());
    }
    ASSERT_TRUE(store->create_game(make_game("g2", 50, {kOpen, kOpen})).ok());
  }
  auto store = open_ok(path);
  ASSERT_TRUE(store);
  expect_same(**store->load_game("g1"), g);
  EXPECT_EQ(store->load_moves("g1")->size(), 4u);
  EXPECT_EQ(ids_of(*store->list_games(filter())), (std::vector<std::string>{"g1", "g2"}));
  ASSERT_TRUE(store->append_move(g, make_move(4)).ok());
  // open_store accepts the same file with the sqlite: prefix.
  store.reset();
  auto again = open_store("sqlite:" + path);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ((*again)->load_moves("g1")->size(), 5u);
}

TEST(SqliteStore, LongGameSurvivesCheckpoints) {
  // Thousands of commits push the WAL past its checkpoint threshold many times over; the
  // checkpoints (on their own connection) must neither lose nor reorder anything.
  TempDir dir;
  const std::string path = dir.file("long.db");
  GameRow g = make_game("long");
  constexpr int kMoves = 3000;
  {
    auto store = open_ok(path);
    ASSERT_TRUE(store);
    ASSERT_TRUE(store->create_game(g).ok());
    for (int ply = 0; ply < kMoves; ++ply) {
      g.updated_ms = ply;
      ASSERT_TRUE(store->append_move(g, make_move(ply)).ok()) << ply;
      if (ply % 500 == 0) {
        ASSERT_EQ(store->load_moves("long")->size(), ply + 1u);
      }
    }
  }
  EXPECT_LT(fs::file_size(path), 4u << 20);  // pages were copied in and reused, not piled up
  auto store = open_ok(path);
  auto moves = store->load_moves("long");
  ASSERT_EQ(moves->size(), static_cast<std::size_t>(kMoves));
  EXPECT_EQ((*moves)[kMoves - 1].text, make_move(kMoves - 1).text);
  expect_same(**store->load_game("long"), g);
}

TEST(SqliteStore, WalStaysBoundedWhileWriting) {
  // The checkpoints must really copy pages into the database file while the store is open:
  // a checkpointing connection that never read the database does nothing and reports success,
  // and then the WAL grows by every commit until the server stops.
  TempDir dir;
  const std::string path = dir.file("busy.db");
  auto store = open_ok(path);
  ASSERT_TRUE(store);
  constexpr int kGames = 40;
  constexpr int kMoves = 200;  // 8,000 commits: about 90 MB of WAL if nothing is checkpointed
  constexpr uintmax_t kBound = 24u << 20;  // the RESTART point (4,000 pages) and some room
  uintmax_t largest_wal = 0;
  for (int g = 0; g < kGames; ++g) {
    GameRow game = make_game("busy" + std::to_string(g));
    ASSERT_TRUE(store->create_game(game).ok());
    for (int ply = 0; ply < kMoves; ++ply) {
      game.updated_ms = ply;
      ASSERT_TRUE(store->append_move(game, make_move(ply)).ok()) << g << " " << ply;
    }
    std::error_code ec;
    const uintmax_t wal = fs::file_size(path + "-wal", ec);
    if (!ec) largest_wal = std::max(largest_wal, wal);
    ASSERT_LT(largest_wal, kBound) << "after game " << g;
  }
  EXPECT_GT(fs::file_size(path), 64u << 10) << "no page reached the database file";
  EXPECT_EQ((*store->load_moves("busy0")).size(), static_cast<std::size_t>(kMoves));
}

TEST(SqliteStore, BadFilesAreErrors) {
  TempDir dir;
  const std::string junk = dir.file("junk.db");
  fs::create_directories(fs::path(junk).parent_path());
  std::ofstream(junk) << std::string(8192, 'x');
  auto corrupt = open_sqlite_store(junk);
  ASSERT_FALSE(corrupt.ok());
  EXPECT_NE(corrupt.error().find("open store '" + junk + "'"), std::string::npos);
  EXPECT_NE(corrupt.error().find("not a database"), std::string::npos) << corrupt.error();

  EXPECT_FALSE(open_sqlite_store(dir.file("")).ok());                  // a folder
  EXPECT_FALSE(open_sqlite_store(dir.file("junk.db/inner.db")).ok());  // under a file

  // A file from a newer arbiter is refused rather than misread.
  const std::string newer = dir.file("newer.db");
  ASSERT_TRUE(open_ok(newer));
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(newer.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "INSERT INTO schema_version VALUES (99)", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  auto refused = open_sqlite_store(newer);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("schema version 99"), std::string::npos) << refused.error();
}

TEST(SqliteStore, MemoryStoresAreSeparate) {
  auto one = open_store(":memory:");
  auto two = open_store("sqlite::memory:");
  ASSERT_TRUE(one.ok() && two.ok());
  ASSERT_TRUE((*one)->create_game(make_game("g1")).ok());
  EXPECT_TRUE((*one)->load_game("g1")->has_value());
  EXPECT_FALSE((*two)->load_game("g1")->has_value());
  EXPECT_FALSE(open_store("").ok());
  EXPECT_FALSE(open_store("postgresql://x").ok());
}

TEST(SqliteStore, TwoThreadsAppendToTheirOwnGames) {
  TempDir dir;
  auto store = open_ok(dir.file("threads.db"));
  ASSERT_TRUE(store);
  constexpr int kMoves = 300;
  auto play = [&](const std::string& id, int* failures) {
    GameRow g = make_game(id);
    if (!store->create_game(g).ok()) ++*failures;
    for (int ply = 0; ply < kMoves; ++ply) {
      g.updated_ms = 1000 + ply;
      if (!store->append_move(g, make_move(ply)).ok()) ++*failures;
      if (ply % 50 == 0 && !store->list_games(filter()).ok()) ++*failures;
    }
  };
  int failures_a = 0, failures_b = 0;
  std::thread a(play, "ga", &failures_a);
  std::thread b(play, "gb", &failures_b);
  a.join();
  b.join();
  EXPECT_EQ(failures_a, 0);
  EXPECT_EQ(failures_b, 0);
  for (const char* id : {"ga", "gb"}) {
    auto moves = store->load_moves(id);
    ASSERT_EQ(moves->size(), static_cast<std::size_t>(kMoves));
    for (int ply = 0; ply < kMoves; ++ply) EXPECT_EQ((*moves)[ply].ply, ply);
  }
}

}  // namespace
}  // namespace arbiter::store
