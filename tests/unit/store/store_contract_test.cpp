// The Store promise (store/store.h), checked on every backend: SQLite and PostgreSQL. Round
// trips, the ply check (also between two stores on one database, as two servers share one),
// takebacks, updates, listing and its filters, reopening, and writers on two threads.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "store/change_feed.h"
#include "store/store.h"
#include "unit/store/store_backends.h"
#include "unit/store/store_rows.h"

namespace arbiter::store::testing {
namespace {

TEST_P(StoreTest, GameSeatsAndMovesRoundTrip) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = make_game("g1");
  g.position = "start text with 'quotes' and \"more\"";
  g.rematch_of = "g0";
  g.time_control = "0.25+2";
  g.rated = true;
  g.seats[0].account = 1;
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

TEST_P(StoreTest, DuplicateIdIsAConflict) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_game(make_game("g1")).ok());
  Status s = store->create_game(make_game("g1", 9999));
  EXPECT_TRUE(s.is(ErrorCode::kConflict)) << s.error();
  EXPECT_NE(s.error().find("create_game game g1"), std::string::npos) << s.error();
  EXPECT_EQ((*store->load_game("g1"))->updated_ms, 1000);
}

TEST_P(StoreTest, StalePlyIsAConflictAndChangesNothing) {
  auto store = open();
  ASSERT_TRUE(store);
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

// Two servers on one database racing to store the same ply: exactly one wins each ply, the
// other gets kConflict, and nothing is stored twice.
TEST_P(StoreTest, TwoStoresRacingForOnePlyStoreItOnce) {
  auto a = open();
  auto b = open();
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->create_game(make_game("race")).ok());
  constexpr int kPlies = 60;
  std::atomic<int> wins_a = 0, wins_b = 0, other_errors = 0;
  auto play = [&](Store* store, std::atomic<int>* wins, const char* who) {
    for (int ply = 0; ply < kPlies; ++ply) {
      GameRow g = make_game("race", 1000 + ply);
      MoveRow m = make_move(ply);
      m.text = std::string(who) + std::to_string(ply);
      for (;;) {
        Status s = store->append_move(g, m);
        if (s.ok()) {
          ++*wins;
          break;
        }
        if (!s.is(ErrorCode::kConflict)) {
          ++other_errors;
          break;
        }
        // Lost this ply, or ahead of the other writer: read the count and go on from there.
        const auto stored = store->load_moves("race");
        if (!stored.ok() || static_cast<int>(stored->size()) > ply) break;
      }
    }
  };
  std::thread ta(play, a.get(), &wins_a, "a");
  std::thread tb(play, b.get(), &wins_b, "b");
  ta.join();
  tb.join();
  EXPECT_EQ(other_errors, 0);
  auto moves = a->load_moves("race");
  ASSERT_TRUE(moves.ok());
  ASSERT_EQ(moves->size(), static_cast<std::size_t>(kPlies));
  EXPECT_EQ(wins_a + wins_b, kPlies);
  for (int ply = 0; ply < kPlies; ++ply) EXPECT_EQ((*moves)[ply].ply, ply);
}

TEST_P(StoreTest, TruncateTakesMovesBack) {
  auto store = open();
  ASSERT_TRUE(store);
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

// load_moves_from: the tail of the move list from a ply on, as load_moves gives it, and only of
// that game (what another server appended, read without the whole list).
TEST_P(StoreTest, LoadMovesFromReadsTheTailOnly) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = make_game("g1");
  ASSERT_TRUE(store->create_game(g).ok());
  GameRow other = make_game("g2");
  ASSERT_TRUE(store->create_game(other).ok());
  for (int ply = 0; ply < 5; ++ply) {
    ASSERT_TRUE(store->append_move(g, make_move(ply)).ok());
    ASSERT_TRUE(store->append_move(other, MoveRow{ply, "x", 0, 1, 1}).ok());
  }
  auto tail = store->load_moves_from("g1", 3);
  ASSERT_TRUE(tail.ok()) << tail.error();
  ASSERT_EQ(tail->size(), 2u);
  for (int i = 0; i < 2; ++i) {
    const MoveRow want = make_move(3 + i);
    const MoveRow& got = (*tail)[static_cast<std::size_t>(i)];
    EXPECT_EQ(got.ply, want.ply);
    EXPECT_EQ(got.text, want.text);
    EXPECT_EQ(got.seat, want.seat);
    EXPECT_EQ(got.at_ms, want.at_ms);
    EXPECT_EQ(got.elapsed_ms, want.elapsed_ms);
  }
  EXPECT_EQ(store->load_moves_from("g1", 0)->size(), 5u);
  EXPECT_TRUE(store->load_moves_from("g1", 5)->empty());
  EXPECT_TRUE(store->load_moves_from("nope", 0)->empty());
  ASSERT_TRUE(store->truncate_moves(g, 4).ok());
  EXPECT_EQ(store->load_moves_from("g1", 3)->size(), 1u);
}

TEST_P(StoreTest, UpdateReplacesRowAndSeats) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_game(make_game("g1", 1000, {kHuman, kOpen, kAi})).ok());
  GameRow g = make_game("g1", 3000, {kHuman, kHuman});
  g.status = GameStatus::kFinished;
  g.result = "south wins: all pieces home";
  g.resigned = 1;
  g.rematch_id = "g2";
  g.listed = false;
  ASSERT_TRUE(store->update_game(g).ok());
  expect_same(**store->load_game("g1"), g);
  Status s = store->update_game(make_game("ghost"));
  EXPECT_TRUE(s.is(ErrorCode::kNotFound)) << s.error();
  EXPECT_NE(s.error().find("update_game game ghost: no such game"), std::string::npos) << s.error();
}

TEST_P(StoreTest, ListFilters) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_game(make_game("a", 100, {kHuman, kOpen})).ok());
  ASSERT_TRUE(store->create_game(make_game("b", 400, {kHuman, kAi})).ok());
  GameRow c = make_game("c", 300, {kOpen, kHuman});
  c.status = GameStatus::kFinished;
  ASSERT_TRUE(store->create_game(c).ok());
  GameRow d = make_game("d", 200, {kHuman, kOpen});
  d.listed = false;
  ASSERT_TRUE(store->create_game(d).ok());

  auto list = [&](GameFilter f, bool listed_only = false) {
    f.listed_only = listed_only;
    auto games = store->list_games(f);
    EXPECT_TRUE(games.ok()) << games.error();
    return games.ok() ? ids_of(*games) : std::vector<std::string>{};
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(list(filter()), (V{"b", "c", "d", "a"}));
  EXPECT_EQ(list(filter({}, false, std::nullopt, 2)), (V{"b", "c"}));
  EXPECT_EQ(list(filter({}, false, std::nullopt, 0)), (V{"b", "c", "d", "a"}));
  EXPECT_EQ(list(filter({}, true)), (V{"d", "a"}));   // c has an open seat but is finished
  EXPECT_EQ(list(filter({}, true), true), (V{"a"}));  // d is unlisted
  EXPECT_EQ(list(filter({}, false, GameStatus::kFinished)), (V{"c"}));
  EXPECT_EQ(list(filter({}, false, GameStatus::kPlaying)), (V{"b", "d", "a"}));
  EXPECT_EQ(list(filter({"a", "c", "zz", "a"})), (V{"c", "a"}));
  EXPECT_EQ(list(filter({"a", "b", "d"}, false, std::nullopt, 2)), (V{"b", "d"}));
  EXPECT_EQ(list(filter({"a", "b", "c"}, true)), (V{"a"}));
  auto games = store->list_games(filter({"c"}));
  ASSERT_EQ(games->size(), 1u);
  expect_same((*games)[0], c);  // seats come with the listed games
}

TEST_P(StoreTest, ReopenedDatabaseHasEverything) {
  GameRow g = make_game("g1");
  {
    auto store = open();
    ASSERT_TRUE(store);
    ASSERT_TRUE(store->create_game(g).ok());
    for (int ply = 0; ply < 4; ++ply) {
      g.updated_ms += 1;
      ASSERT_TRUE(store->append_move(g, make_move(ply)).ok());
    }
  }
  auto again = open();
  ASSERT_TRUE(again);
  expect_same(**again->load_game("g1"), g);
  EXPECT_EQ(again->load_moves("g1")->size(), 4u);
}

TEST_P(StoreTest, TwoThreadsAppendToTheirOwnGames) {
  auto store = open();
  ASSERT_TRUE(store);
  constexpr int kMoves = 200;
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

// A write made from an old copy of the row (expected_updated_ms, as servers sharing a database
// send) is a conflict and changes nothing, so it never overwrites a change it has not seen.
TEST_P(StoreTest, StaleRowWritesAreConflicts) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = make_game("g1", 1000, {kHuman, kOpen});
  ASSERT_TRUE(store->create_game(g).ok());
  GameRow joined = g;  // another server seats someone
  joined.seats[1].kind = kHuman;
  joined.seats[1].token_hash = "beef";
  joined.updated_ms = 2000;
  joined.expected_updated_ms = 1000;
  ASSERT_TRUE(store->update_game(joined).ok());
  GameRow stale = g;  // this server, not knowing, moves from its old copy
  stale.updated_ms = 2001;
  stale.expected_updated_ms = 1000;
  Status s = store->append_move(stale, make_move(0));
  EXPECT_TRUE(s.is(ErrorCode::kConflict)) << s.error();
  EXPECT_NE(s.error().find("changed since it was read"), std::string::npos) << s.error();
  EXPECT_TRUE(store->update_game(stale).is(ErrorCode::kConflict));
  EXPECT_TRUE(store->truncate_moves(stale, 0).is(ErrorCode::kConflict));
  joined.expected_updated_ms = -1;
  expect_same(**store->load_game("g1"), joined);
  EXPECT_TRUE(store->load_moves("g1")->empty());
  // From the new copy the move goes in; a missing game is still "no such game".
  GameRow fresh = joined;
  fresh.updated_ms = 2002;
  fresh.expected_updated_ms = 2000;
  EXPECT_TRUE(store->append_move(fresh, make_move(0)).ok());
  GameRow ghost = make_game("ghost");
  ghost.expected_updated_ms = 5;
  EXPECT_TRUE(store->update_game(ghost).is(ErrorCode::kNotFound));
}

// A batch (the store thread's unit of work): each write as its own call would do it, a failed
// one changing nothing while the others commit.
TEST_P(StoreTest, BatchedWritesFailAlone) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow a = make_game("a"), b = make_game("b");
  std::vector<Write> writes(5);
  writes[0].kind = Write::Kind::kCreate;
  writes[0].game = a;
  writes[1].kind = Write::Kind::kAppendMove;
  writes[1].game = a;
  writes[1].move = make_move(0);
  writes[2].kind = Write::Kind::kAppendMove;  // stale: a conflict
  writes[2].game = a;
  writes[2].move = make_move(5);
  writes[3].kind = Write::Kind::kCreate;
  writes[3].game = b;
  writes[4].kind = Write::Kind::kUpdate;  // no such game
  writes[4].game = make_game("ghost");
  const auto statuses = store->write_batch(writes);
  ASSERT_EQ(statuses.size(), 5u);
  EXPECT_TRUE(statuses[0].ok()) << statuses[0].error();
  EXPECT_TRUE(statuses[1].ok()) << statuses[1].error();
  EXPECT_TRUE(statuses[2].is(ErrorCode::kConflict)) << statuses[2].error();
  EXPECT_TRUE(statuses[3].ok()) << statuses[3].error();
  EXPECT_TRUE(statuses[4].is(ErrorCode::kNotFound)) << statuses[4].error();
  EXPECT_EQ(store->load_moves("a")->size(), 1u);
  EXPECT_TRUE(store->load_game("b")->has_value());
  EXPECT_FALSE(store->load_game("ghost")->has_value());
  EXPECT_TRUE(store->probe_write().ok());
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), backend_name);

// Servers sharing a PostgreSQL database hear of each other's writes when they commit, and only
// then: a move stored by one store reaches a listener with the game and the new move count; a
// refused (stale) move sends nothing.
TEST(PostgresChangeFeed, CommittedWritesAreHeardRolledBackOnesAreNot) {
  TestDatabase db(Backend::kPostgres);
  if (db.url().empty()) GTEST_SKIP() << "no PostgreSQL test cluster (ARBITER_TEST_PG)";
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> heard;
  auto feed = listen_for_changes(db.url(), [&](const GameChange& c) {
    // Notices go to the whole database: other tests' (other games', workers' progress) too.
    if (c.kind != GameChange::Kind::kGame || c.game_id != "fed") return;
    std::lock_guard lock(mu);
    heard.push_back(c.game_id + " " + std::to_string(c.moves) + " " + c.origin);
    cv.notify_all();
  });
  ASSERT_TRUE(feed.ok()) << feed.error();
  auto store = open_store(db.url());
  ASSERT_TRUE(store.ok()) << store.error();
  // Each change names the store object that made it.
  const std::string origin = (*store)->origin();
  ASSERT_EQ(origin.size(), 16u);
  EXPECT_NE(origin, (*open_store(db.url()))->origin());
  GameRow g = make_game("fed");
  ASSERT_TRUE((*store)->create_game(g).ok());
  ASSERT_TRUE((*store)->append_move(g, make_move(0)).ok());
  EXPECT_TRUE((*store)->append_move(g, make_move(5)).is(ErrorCode::kConflict));
  ASSERT_TRUE((*store)->update_game(g).ok());
  ASSERT_TRUE((*store)->truncate_moves(g, 0).ok());
  std::unique_lock lock(mu);
  cv.wait_for(lock, std::chrono::seconds(10), [&] { return heard.size() >= 4; });
  EXPECT_EQ(heard, (std::vector<std::string>{"fed 0 " + origin, "fed 1 " + origin,
                                             "fed -1 " + origin, "fed 0 " + origin}));
}

// An AI worker's search progress reaches the servers as it is sent, on a channel of its own,
// with nothing stored; a store no other process shares takes it and tells no one.
TEST(PostgresChangeFeed, ThinkingNoticesAreHeard) {
  TestDatabase db(Backend::kPostgres);
  if (db.url().empty()) GTEST_SKIP() << "no PostgreSQL test cluster (ARBITER_TEST_PG)";
  // Notices go to the whole database, other tests' included: this one's game is its own.
  const std::string game = "thinking-" + std::to_string(getpid());
  std::mutex mu;
  std::condition_variable cv;
  std::vector<GameChange> heard;
  auto feed = listen_for_changes(db.url(), [&](const GameChange& c) {
    if (c.game_id != game) return;
    std::lock_guard lock(mu);
    heard.push_back(c);
    cv.notify_all();
  });
  ASSERT_TRUE(feed.ok()) << feed.error();
  auto store = open_store(db.url());
  ASSERT_TRUE(store.ok()) << store.error();
  const ThinkingNotice sent{game, 3, 1, 6, 42, 9000, 300000, {"d1-d3", "e9-e7"}};
  ASSERT_TRUE((*store)->publish_thinking(sent).ok());
  std::unique_lock lock(mu);
  ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return !heard.empty(); }));
  ASSERT_EQ(heard.size(), 1u);
  const GameChange& c = heard[0];
  EXPECT_EQ(c.kind, GameChange::Kind::kThinking);
  EXPECT_EQ(c.moves, 3);
  EXPECT_EQ(c.thinking.game_id, game);
  EXPECT_EQ(c.thinking.seat, 1);
  EXPECT_EQ(c.thinking.depth, 6);
  EXPECT_EQ(c.thinking.score, 42);
  EXPECT_EQ(c.thinking.nodes, 9000u);
  EXPECT_EQ(c.thinking.nps, 300000);
  EXPECT_EQ(c.thinking.pv, sent.pv);
  lock.unlock();
  TestDatabase lite(Backend::kSqlite);
  auto alone = open_store(lite.url());
  ASSERT_TRUE(alone.ok()) << alone.error();
  EXPECT_TRUE((*alone)->publish_thinking(sent).ok());
}

TEST(PostgresChangeFeed, OnlyPostgresSharesChanges) {
  auto feed = listen_for_changes("sqlite:x.db", [](const GameChange&) {});
  ASSERT_FALSE(feed.ok());
  EXPECT_NE(feed.error().find("only a PostgreSQL store"), std::string::npos) << feed.error();
}

// An unreachable PostgreSQL is a one-line error naming the database, without its password.
TEST(PostgresStore, UnreachableDatabaseIsAClearError) {
  auto store = open_store("postgresql://someone:secret@127.0.0.1:1/nowhere?connect_timeout=2");
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.error().find("postgresql://someone:***@127.0.0.1:1/nowhere"), std::string::npos)
      << store.error();
  EXPECT_EQ(store.error().find("secret"), std::string::npos) << store.error();
  EXPECT_EQ(store.error().find('\n'), std::string::npos) << store.error();
}

}  // namespace
}  // namespace arbiter::store::testing
