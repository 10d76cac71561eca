// The store's online-play rows (store/account_rows.h, schema 5) on every backend: accounts with
// case-blind unique names, sessions that expire and end, ratings applied once per game, seeks,
// the seats of an account, deletion that anonymises; and the upgrade of a schema-4 database
// holding games (the previous release's) to schema 5.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <pqxx/pqxx>

#include "store/sqlite_schema.h"
#include "store/store.h"
#include "unit/store/store_backends.h"

namespace arbiter::store::testing {
namespace {

AccountRow account(const std::string& name) {
  AccountRow a;
  a.username = name;
  std::string key = name;
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  a.username_key = key;
  a.password_hash = "$argon2id$hash-of-" + name;
  a.created_ms = 1000;
  return a;
}

GameRow seated_game(const std::string& id, const std::string& a, const std::string& b) {
  GameRow g;
  g.id = id;
  g.game = "traverse";
  g.params = "players=2";
  g.created_ms = g.updated_ms = 500;
  g.time_control = "3+2";
  g.rated = true;
  for (const auto& who : {a, b}) {
    SeatRow s;
    s.token_hash = "ab";
    s.account = who.empty() ? 0 : std::stoll(who);
    s.account_name = who.empty() ? "" : "name" + who;
    g.seats.push_back(s);
  }
  return g;
}

using AccountStoreTest = StoreTest;

// Accounts: ids assigned, names unique regardless of case, found by key and id.
TEST_P(AccountStoreTest, AccountsAreUniqueRegardlessOfCase) {
  auto store = open();
  ASSERT_TRUE(store);
  auto alice = store->create_account(account("Alice"));
  ASSERT_TRUE(alice.ok()) << alice.error();
  EXPECT_GT(alice->id, 0);
  auto again = store->create_account(account("ALICE"));
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.code(), ErrorCode::kConflict);
  auto bob = store->create_account(account("bob"));
  ASSERT_TRUE(bob.ok());
  EXPECT_NE(bob->id, alice->id);
  auto by_key = store->account_by_key("alice");
  ASSERT_TRUE(by_key.ok() && *by_key);
  EXPECT_EQ((*by_key)->username, "Alice");
  EXPECT_EQ((*by_key)->password_hash, "$argon2id$hash-of-Alice");
  auto by_id = store->account_by_id(bob->id);
  ASSERT_TRUE(by_id.ok() && *by_id);
  EXPECT_EQ((*by_id)->username, "bob");
  auto none = store->account_by_key("carol");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(*none);
}

// Item D11: a live account is found by the skeleton of its key (i and 1 as l, 0 as o, - as _;
// the same fold as server/accounts/credentials.h), on every backend; a deleted one is not.
TEST_P(AccountStoreTest, AccountsAreFoundByTheirNamesSkeleton) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_account(account("Pau1-io")).ok());
  auto ann = store->create_account(account("ann"));
  ASSERT_TRUE(ann.ok());
  auto found = store->account_by_skeleton("paul_lo");
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(*found);
  EXPECT_EQ((*found)->username, "Pau1-io");
  EXPECT_FALSE(*store->account_by_skeleton("pau1-io"));  // a skeleton, not a key
  EXPECT_FALSE(*store->account_by_skeleton("paul"));
  ASSERT_TRUE(store->account_by_skeleton("ann")->has_value());
  ASSERT_TRUE(store->delete_account(ann->id).ok());
  EXPECT_FALSE(*store->account_by_skeleton("ann"));
}

// Sessions: found until they expire or end; a password change ends all but the one kept.
TEST_P(AccountStoreTest, SessionsExpireEndAndFollowPasswordChanges) {
  auto store = open();
  ASSERT_TRUE(store);
  auto alice = store->create_account(account("alice"));
  ASSERT_TRUE(alice.ok());
  ASSERT_TRUE(store->create_session({"h1", alice->id, 100, 1000}).ok());
  ASSERT_TRUE(store->create_session({"h2", alice->id, 100, 5000}).ok());
  auto found = store->session_account("h1", 500);
  ASSERT_TRUE(found.ok() && *found);
  EXPECT_EQ((*found)->id, alice->id);
  EXPECT_FALSE(*store->session_account("h1", 1000));  // expired
  EXPECT_FALSE(*store->session_account("nope", 500));
  ASSERT_TRUE(store->set_password(alice->id, "new-hash", "h2").ok());
  EXPECT_FALSE(*store->session_account("h1", 500));  // ended by the change
  EXPECT_TRUE(*store->session_account("h2", 500));   // kept
  EXPECT_EQ((*store->account_by_id(alice->id))->password_hash, "new-hash");
  ASSERT_TRUE(store->delete_session("h2").ok());
  EXPECT_FALSE(*store->session_account("h2", 500));
  EXPECT_TRUE(store->set_password(999, "x", "").is(ErrorCode::kNotFound));
}

// Ratings: one row per account and pool; a game's update is applied once, all or nothing;
// leaderboards are highest first.
TEST_P(AccountStoreTest, RatingsApplyOncePerGame) {
  auto store = open();
  ASSERT_TRUE(store);
  auto a = store->create_account(account("alice"));
  auto b = store->create_account(account("bob"));
  ASSERT_TRUE(a.ok() && b.ok());
  const std::string pool = "traverse-2p/real-time";
  std::vector<RatingRow> rows = {{a->id, pool, 1662.25, 290.5, 0.0599, 1, 7000, ""},
                                 {b->id, pool, 1337.75, 290.5, 0.0601, 1, 7000, ""}};
  ASSERT_TRUE(store->apply_ratings("g1", rows).ok());
  std::vector<RatingRow> twice = rows;
  twice[0].rating = 9999;
  EXPECT_TRUE(store->apply_ratings("g1", twice).is(ErrorCode::kConflict));
  auto mine = store->ratings_of(a->id);
  ASSERT_TRUE(mine.ok());
  ASSERT_EQ(mine->size(), 1u);
  EXPECT_DOUBLE_EQ((*mine)[0].rating, 1662.25);
  EXPECT_DOUBLE_EQ((*mine)[0].deviation, 290.5);
  EXPECT_DOUBLE_EQ((*mine)[0].volatility, 0.0599);
  EXPECT_EQ((*mine)[0].games, 1);
  EXPECT_EQ((*mine)[0].username, "alice");
  auto board = store->leaderboard(pool, 10);
  ASSERT_TRUE(board.ok());
  ASSERT_EQ(board->size(), 2u);
  EXPECT_EQ((*board)[0].username, "alice");
  EXPECT_EQ((*board)[1].username, "bob");
  EXPECT_TRUE(store->leaderboard("trap/correspondence", 10)->empty());
}

// Seeks: ids assigned, listed oldest first with names, deleted once.
TEST_P(AccountStoreTest, SeeksAreListedAndTakenOnce) {
  auto store = open();
  ASSERT_TRUE(store);
  auto a = store->create_account(account("alice"));
  auto b = store->create_account(account("bob"));
  ASSERT_TRUE(a.ok() && b.ok());
  SeekRow open_seek{0, a->id, "traverse", "players=2", "3+2", true, 1200, 1800, 50, 0, "", ""};
  SeekRow challenge{0, a->id, "trap", "", "corr:3", false, 0, 0, 60, b->id, "", ""};
  auto s1 = store->create_seek(open_seek);
  auto s2 = store->create_seek(challenge);
  ASSERT_TRUE(s1.ok() && s2.ok());
  auto list = store->list_seeks();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].id, s1->id);
  EXPECT_EQ((*list)[0].username, "alice");
  EXPECT_TRUE((*list)[0].rated);
  EXPECT_EQ((*list)[0].min_rating, 1200);
  EXPECT_EQ((*list)[0].time_control, "3+2");
  EXPECT_EQ((*list)[1].challenged_name, "bob");
  EXPECT_TRUE(*store->delete_seek(s1->id));
  EXPECT_FALSE(*store->delete_seek(s1->id));
  EXPECT_EQ(store->list_seeks()->size(), 1u);
}

// "My games": the games with a seat an account holds, listed or not; a seat's account name.
TEST_P(AccountStoreTest, GamesOfAnAccount) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g1 = seated_game("g1", "1", "2");
  g1.listed = false;
  ASSERT_TRUE(store->create_game(g1).ok());
  ASSERT_TRUE(store->create_game(seated_game("g2", "2", "")).ok());
  ASSERT_TRUE(store->create_game(seated_game("g3", "3", "")).ok());
  GameFilter filter;
  filter.account = 2;
  auto games = store->list_games(filter);
  ASSERT_TRUE(games.ok());
  ASSERT_EQ(games->size(), 2u);
  filter.account = 1;
  games = store->list_games(filter);
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ((*games)[0].seats[0].account, 1);
  EXPECT_EQ((*games)[0].seats[0].account_name, "name1");
}

// Deletion: the row keeps its id but loses name and password; sessions, ratings and seeks go;
// its seats stay, named "deleted"; the name is free again.
TEST_P(AccountStoreTest, DeletionAnonymises) {
  auto store = open();
  ASSERT_TRUE(store);
  auto a = store->create_account(account("alice"));
  auto b = store->create_account(account("bob"));
  ASSERT_TRUE(a.ok() && b.ok());
  const std::string id = std::to_string(a->id);
  ASSERT_TRUE(store->create_game(seated_game("g1", id, std::to_string(b->id))).ok());
  ASSERT_TRUE(store->create_session({"h1", a->id, 100, 5000}).ok());
  ASSERT_TRUE(store->apply_ratings("g1", {{a->id, "p", 1500, 200, 0.06, 1, 1, ""}}).ok());
  ASSERT_TRUE(store->create_seek({0, a->id, "trap", "", "none", false, 0, 0, 1, 0, "", ""}).ok());
  ASSERT_TRUE(store->delete_account(a->id).ok());
  EXPECT_TRUE(store->delete_account(a->id).is(ErrorCode::kNotFound));
  auto row = store->account_by_id(a->id);
  ASSERT_TRUE(row.ok() && *row);
  EXPECT_TRUE((*row)->deleted);
  EXPECT_EQ((*row)->username, "");
  EXPECT_EQ((*row)->password_hash, "");
  EXPECT_FALSE(*store->account_by_key("alice"));
  EXPECT_FALSE(*store->session_account("h1", 200));
  EXPECT_TRUE(store->ratings_of(a->id)->empty());
  EXPECT_TRUE(store->list_seeks()->empty());
  auto game = store->load_game("g1");
  ASSERT_TRUE(game.ok() && *game);
  EXPECT_EQ((*game)->seats[0].account, a->id);
  EXPECT_EQ((*game)->seats[0].account_name, "deleted");
  EXPECT_EQ((*game)->seats[1].account_name, "name" + std::to_string(b->id));
  EXPECT_TRUE(store->create_account(account("alice")).ok());  // the name is free again
}

// Schema 4 (the previous release) as it was written, with a game in it, in each dialect.
constexpr const char* kSqliteSchemaFour = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (4);
CREATE TABLE games (
  id TEXT PRIMARY KEY NOT NULL, game TEXT NOT NULL, params TEXT NOT NULL,
  position TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
  rematch_of TEXT NOT NULL, rematch_id TEXT NOT NULL,
  resigned INTEGER NOT NULL DEFAULT -1, listed INTEGER NOT NULL DEFAULT 1,
  time_control TEXT NOT NULL DEFAULT 'none', rated INTEGER NOT NULL DEFAULT 0);
CREATE INDEX games_by_updated ON games (updated_ms);
CREATE TABLE seats (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  kind TEXT NOT NULL, level INTEGER NOT NULL, token_hash TEXT NOT NULL,
  time_used_ms INTEGER NOT NULL, rematch INTEGER NOT NULL,
  account TEXT NOT NULL DEFAULT '', PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  text TEXT NOT NULL, seat INTEGER NOT NULL, at_ms INTEGER NOT NULL,
  elapsed_ms INTEGER NOT NULL, PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
INSERT INTO games VALUES ('old4', 'traverse', 'players=2', '', 'playing', '', 100, 200, '', '',
  -1, 0, '5+3', 1);
INSERT INTO seats VALUES ('old4', 0, 'human', 0, 'aa', 5, 0, ''), ('old4', 1, 'open', 0, '', 0, 0, '');
INSERT INTO moves VALUES ('old4', 0, 'c1-b2', 0, 150, 5);
)sql";

constexpr const char* kPostgresSchemaFour = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (4);
CREATE TABLE games (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, position TEXT NOT NULL,
  status TEXT NOT NULL, result TEXT NOT NULL, created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL, rematch_of TEXT NOT NULL, rematch_id TEXT NOT NULL,
  seq BIGSERIAL NOT NULL, resigned INTEGER NOT NULL DEFAULT -1,
  listed BOOLEAN NOT NULL DEFAULT TRUE, time_control TEXT NOT NULL DEFAULT 'none',
  rated BOOLEAN NOT NULL DEFAULT FALSE);
CREATE INDEX games_by_updated ON games (updated_ms, seq);
CREATE TABLE seats (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  kind TEXT NOT NULL, level INTEGER NOT NULL, token_hash TEXT NOT NULL,
  time_used_ms BIGINT NOT NULL, rematch BOOLEAN NOT NULL,
  account TEXT NOT NULL DEFAULT '', PRIMARY KEY (game_id, seat));
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  text TEXT NOT NULL, seat INTEGER NOT NULL, at_ms BIGINT NOT NULL, elapsed_ms BIGINT NOT NULL,
  PRIMARY KEY (game_id, ply));
INSERT INTO games (id, game, params, position, status, result, created_ms, updated_ms,
  rematch_of, rematch_id, resigned, listed, time_control, rated)
  VALUES ('old4', 'traverse', 'players=2', '', 'playing', '', 100, 200, '', '', -1, FALSE,
  '5+3', TRUE);
INSERT INTO seats VALUES ('old4', 0, 'human', 0, 'aa', 5, FALSE, ''),
  ('old4', 1, 'open', 0, '', 0, FALSE, '');
INSERT INTO moves VALUES ('old4', 0, 'c1-b2', 0, 150, 5);
)sql";

// Migration: a schema-4 database with a game opens at schema 5, the game intact, and the new
// tables work.
TEST_P(AccountStoreTest, SchemaFourDatabaseUpgradesWithItsGames) {
  if (GetParam() == Backend::kSqlite) {
    std::string path = db_.url().substr(std::string("sqlite:").size());
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, kSqliteSchemaFour, nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db);
    sqlite3_close(db);
  } else {
    pqxx::connection c(db_.url());
    pqxx::work w(c);
    w.exec(kPostgresSchemaFour);
    w.commit();
  }
  auto store = open();
  ASSERT_TRUE(store);
  auto game = store->load_game("old4");
  ASSERT_TRUE(game.ok() && *game) << (game.ok() ? "" : game.error());
  EXPECT_EQ((*game)->time_control, "5+3");
  EXPECT_TRUE((*game)->rated);
  EXPECT_FALSE((*game)->listed);
  ASSERT_EQ((*game)->seats.size(), 2u);
  EXPECT_EQ((*game)->seats[0].time_used_ms, 5);
  EXPECT_EQ((*game)->seats[0].account_name, "");
  auto moves = store->load_moves("old4");
  ASSERT_TRUE(moves.ok());
  ASSERT_EQ(moves->size(), 1u);
  EXPECT_EQ((*moves)[0].text, "c1-b2");
  auto alice = store->create_account(account("alice"));
  ASSERT_TRUE(alice.ok()) << alice.error();
  GameRow joined = **game;
  joined.seats[1].kind = SeatKind::kHuman;
  joined.seats[1].account = alice->id;
  joined.seats[1].account_name = "alice";
  ASSERT_TRUE(store->update_game(joined).ok());
  GameFilter mine;
  mine.account = alice->id;
  EXPECT_EQ(store->list_games(mine)->size(), 1u);
  store.reset();
  if (GetParam() == Backend::kPostgres) {
    pqxx::connection c(db_.url());
    pqxx::work w(c);
    EXPECT_EQ(w.exec("SELECT MAX(version) FROM schema_version")[0][0].as<int>(), kSchemaVersion);
  }
  EXPECT_TRUE(open());  // a second open finds nothing to migrate
}

INSTANTIATE_TEST_SUITE_P(Backends, AccountStoreTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), backend_name);

}  // namespace
}  // namespace arbiter::store::testing
