// What only the SQLite store has: its file (folders made on open, reopening, checkpoints and a
// bounded WAL, bad files) and ":memory:". The Store promise itself is checked on every backend
// by store_contract_test.cpp.
#include "store/sqlite_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "store/store.h"
#include "unit/store/store_backends.h"
#include "unit/store/store_rows.h"

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
    fs::create_directories(path_);  // open_sqlite_store makes no folder
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

using namespace testing;  // the rows and checks of store_rows.h

// A store in a folder that does not exist is an error naming the folder, and makes none: a
// mistyped path leaves nothing behind.
TEST(SqliteStore, MissingFolderIsAnErrorNamingIt) {
  TempDir dir;
  const auto missing = open_sqlite_store(dir.file("no/such/games.db"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), "open store '" + dir.file("no/such/games.db") + "': folder '" +
                                 dir.file("no/such") + "' does not exist");
  EXPECT_FALSE(fs::exists(dir.file("no")));
}

TEST(SqliteStore, ReopenedFileHasEverything) {
  TempDir dir;
  fs::create_directories(dir.file("nested/folder"));
  const std::string path = dir.file("nested/folder/games.db");
  GameRow g = make_game("g1");
  {
    auto store = testing::open_sqlite_ok(path);
    ASSERT_TRUE(store);
    ASSERT_TRUE(store->create_game(g).ok());
    for (int ply = 0; ply < 4; ++ply) {
      g.updated_ms += 1;
      ASSERT_TRUE(store->append_move(g, make_move(ply)).ok());
    }
    ASSERT_TRUE(store->create_game(make_game("g2", 50, {kOpen, kOpen})).ok());
  }
  auto store = testing::open_sqlite_ok(path);
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
    auto store = testing::open_sqlite_ok(path);
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
  auto store = testing::open_sqlite_ok(path);
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
  auto store = testing::open_sqlite_ok(path);
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
  ASSERT_TRUE(testing::open_sqlite_ok(newer));
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

}  // namespace
}  // namespace arbiter::store
