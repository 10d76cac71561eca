// The store's puzzle rows (store/puzzle_rows.h, schema 6) on every backend: puzzles added once
// per position, read back, listed; the puzzles offered to a solver (nearest rating first, those
// it attempted last); and an attempt rated once per solver and puzzle, refused when either row
// changed since it was read.
#include <gtest/gtest.h>

#include "store/store.h"
#include "unit/store/store_backends.h"

namespace arbiter::store::testing {
namespace {

PuzzleRow puzzle(const std::string& position, double rating, const std::string& game = "trap") {
  PuzzleRow p;
  p.game = game;
  p.params = "size=3";
  p.position = position;
  p.solution = "b2-c3 c2|c3";
  p.source = "test";
  p.rating = rating;
  p.deviation = 350;
  p.volatility = 0.06;
  p.created_ms = 1000;
  return p;
}

PuzzleAttemptRow attempt(int64_t id, const std::string& solver, bool solved, int before,
                         int plays_before) {
  PuzzleAttemptRow a;
  a.puzzle_id = id;
  a.solved = solved;
  a.at_ms = 5000 + id;
  a.solver.solver = solver;
  a.solver.rating = solved ? 1600 : 1400;
  a.solver.deviation = 300;
  a.solver.volatility = 0.06;
  a.solver.solved = solved ? 1 : 0;
  a.solver.failed = solved ? 0 : 1;
  a.solver.updated_ms = a.at_ms;
  a.solver_before = before;
  a.puzzle_rating = solved ? 1450 : 1550;
  a.puzzle_deviation = 320;
  a.puzzle_volatility = 0.06;
  a.puzzle_plays_before = plays_before;
  return a;
}

using PuzzleStoreTest = StoreTest;

// A puzzle is stored once per game, parameters and position, and reads back as written.
TEST_P(PuzzleStoreTest, PuzzlesAreAddedOncePerPositionAndReadBack) {
  auto store = open();
  ASSERT_TRUE(store);
  auto first = store->add_puzzle(puzzle("pos-a", 1200));
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_TRUE(*first);
  auto again = store->add_puzzle(puzzle("pos-a", 1900));
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_FALSE(*again);
  auto other_game = store->add_puzzle(puzzle("pos-a", 1900, "traverse"));
  ASSERT_TRUE(other_game.ok() && *other_game);
  EXPECT_NE(**other_game, **first);

  auto read = store->puzzle_by_id(**first);
  ASSERT_TRUE(read.ok() && *read) << read.error();
  const PuzzleRow& p = **read;
  EXPECT_EQ(p.id, **first);
  EXPECT_EQ(p.game, "trap");
  EXPECT_EQ(p.params, "size=3");
  EXPECT_EQ(p.position, "pos-a");
  EXPECT_EQ(p.solution, "b2-c3 c2|c3");
  EXPECT_EQ(p.source, "test");
  EXPECT_EQ(p.rating, 1200);
  EXPECT_EQ(p.deviation, 350);
  EXPECT_EQ(p.volatility, 0.06);
  EXPECT_EQ(p.plays, 0);
  EXPECT_EQ(p.created_ms, 1000);
  auto none = store->puzzle_by_id(**first + 100);
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(*none);

  auto trap = store->list_puzzles("trap");
  ASSERT_TRUE(trap.ok());
  ASSERT_EQ(trap->size(), 1u);
  auto all = store->list_puzzles("");
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_LT((*all)[0].id, (*all)[1].id);
}

// Offered: the solver's unattempted puzzles of the game nearest its rating first; the ones it
// attempted after them, the longest ago first (so the one just solved comes last).
TEST_P(PuzzleStoreTest, PuzzlesNearARatingPutTheSolversAttemptsLast) {
  auto store = open();
  ASSERT_TRUE(store);
  std::vector<int64_t> ids;
  for (auto [pos, rating] :
       {std::pair{"p1000", 1000.0}, {"p1400", 1400.0}, {"p1550", 1550.0}, {"p2000", 2000.0}}) {
    auto id = store->add_puzzle(puzzle(pos, rating));
    ASSERT_TRUE(id.ok() && *id);
    ids.push_back(**id);
  }
  ASSERT_TRUE(store->add_puzzle(puzzle("other", 1500, "traverse")).ok());
  auto near = store->puzzles_near("trap", 1500, "browser:x", 3);
  ASSERT_TRUE(near.ok()) << near.error();
  ASSERT_EQ(near->size(), 3u);
  EXPECT_EQ((*near)[0].position, "p1550");
  EXPECT_EQ((*near)[1].position, "p1400");
  EXPECT_EQ((*near)[2].position, "p1000");

  // browser:x attempts p1550, then p1400: both go to the end, p1550 (longer ago) first.
  auto a = attempt(ids[2], "browser:x", true, 0, 0);
  a.at_ms = 10;
  a.puzzle_rating = 1550;  // the puzzles keep their ratings here
  ASSERT_TRUE(store->rate_puzzle_attempt(a).ok());
  auto b = attempt(ids[1], "browser:x", true, 1, 0);
  b.at_ms = 20;
  b.puzzle_rating = 1400;
  b.solver.solved = 2;
  ASSERT_TRUE(store->rate_puzzle_attempt(b).ok());
  near = store->puzzles_near("trap", 1500, "browser:x", 0);
  ASSERT_TRUE(near.ok());
  ASSERT_EQ(near->size(), 4u);
  EXPECT_EQ((*near)[0].position, "p1000");
  EXPECT_EQ((*near)[1].position, "p2000");
  EXPECT_EQ((*near)[2].position, "p1550");
  EXPECT_EQ((*near)[3].position, "p1400");
  // Another solver's attempts change nothing for this one.
  near = store->puzzles_near("trap", 1500, "browser:y", 1);
  ASSERT_TRUE(near.ok());
  ASSERT_EQ(near->size(), 1u);
  EXPECT_EQ((*near)[0].position, "p1550");
}

// Rated once per solver and puzzle: both rows written in one transaction; a second attempt of
// the same puzzle writes nothing; a stale read of either row is a conflict writing nothing.
TEST_P(PuzzleStoreTest, AnAttemptIsRatedOncePerSolverAndPuzzle) {
  auto store = open();
  ASSERT_TRUE(store);
  auto id = store->add_puzzle(puzzle("pos", 1500));
  ASSERT_TRUE(id.ok() && *id);
  auto id2 = store->add_puzzle(puzzle("pos2", 1500));
  ASSERT_TRUE(id2.ok() && *id2);
  auto none = store->puzzle_rating("account:7");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(*none);

  auto rated = store->rate_puzzle_attempt(attempt(**id, "account:7", true, 0, 0));
  ASSERT_TRUE(rated.ok()) << rated.error();
  EXPECT_TRUE(*rated);
  auto row = store->puzzle_rating("account:7");
  ASSERT_TRUE(row.ok() && *row);
  EXPECT_EQ((*row)->rating, 1600);
  EXPECT_EQ((*row)->deviation, 300);
  EXPECT_EQ((*row)->solved, 1);
  EXPECT_EQ((*row)->failed, 0);
  auto p = store->puzzle_by_id(**id);
  ASSERT_TRUE(p.ok() && *p);
  EXPECT_EQ((*p)->rating, 1450);
  EXPECT_EQ((*p)->deviation, 320);
  EXPECT_EQ((*p)->plays, 1);

  // The same solver and puzzle again: not rated, nothing changes.
  auto twice = store->rate_puzzle_attempt(attempt(**id, "account:7", false, 1, 1));
  ASSERT_TRUE(twice.ok()) << twice.error();
  EXPECT_FALSE(*twice);
  p = store->puzzle_by_id(**id);
  EXPECT_EQ((*p)->plays, 1);
  EXPECT_EQ((*store->puzzle_rating("account:7"))->rating, 1600);

  // Another puzzle, but from a stale read of the solver (0 attempts): a conflict, nothing
  // written (the puzzle's plays and the attempt are not kept either).
  auto stale = store->rate_puzzle_attempt(attempt(**id2, "account:7", false, 0, 0));
  ASSERT_FALSE(stale.ok());
  EXPECT_EQ(stale.code(), ErrorCode::kConflict);
  EXPECT_EQ((*store->puzzle_by_id(**id2))->plays, 0);
  // A stale read of the puzzle: a conflict too.
  auto stale_puzzle = store->rate_puzzle_attempt(attempt(**id2, "account:7", false, 1, 5));
  ASSERT_FALSE(stale_puzzle.ok());
  EXPECT_EQ(stale_puzzle.code(), ErrorCode::kConflict);
  // Read right: rated, the failure counted.
  auto fresh = attempt(**id2, "account:7", false, 1, 0);
  fresh.solver.solved = 1;
  auto ok = store->rate_puzzle_attempt(fresh);
  ASSERT_TRUE(ok.ok()) << ok.error();
  EXPECT_TRUE(*ok);
  row = store->puzzle_rating("account:7");
  EXPECT_EQ((*row)->solved, 1);
  EXPECT_EQ((*row)->failed, 1);
  EXPECT_EQ((*store->puzzle_by_id(**id2))->plays, 1);

  auto missing = store->rate_puzzle_attempt(attempt(**id2 + 100, "account:8", true, 0, 0));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.code(), ErrorCode::kNotFound);
}

// Deleting an account removes its puzzle rating and attempts (another solver's stay).
TEST_P(PuzzleStoreTest, DeletingAnAccountRemovesItsPuzzleRating) {
  auto store = open();
  ASSERT_TRUE(store);
  AccountRow a;
  a.username = a.username_key = "alice";
  a.password_hash = "$argon2id$x";
  auto alice = store->create_account(a);
  ASSERT_TRUE(alice.ok()) << alice.error();
  const std::string solver = "account:" + std::to_string(alice->id);
  auto id = store->add_puzzle(puzzle("pos", 1500));
  ASSERT_TRUE(id.ok() && *id);
  ASSERT_TRUE(store->rate_puzzle_attempt(attempt(**id, solver, true, 0, 0)).ok());
  ASSERT_TRUE(store->rate_puzzle_attempt(attempt(**id, "browser:b", true, 0, 1)).ok());
  ASSERT_TRUE(store->delete_account(alice->id).ok());
  auto gone = store->puzzle_rating(solver);
  ASSERT_TRUE(gone.ok());
  EXPECT_FALSE(*gone);
  // Its attempt went too: the id, were it ever given again, starts afresh.
  auto again = store->rate_puzzle_attempt(attempt(**id, solver, true, 0, 2));
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_TRUE(*again);
  auto kept = store->puzzle_rating("browser:b");
  ASSERT_TRUE(kept.ok());
  EXPECT_TRUE(*kept);
}

INSTANTIATE_TEST_SUITE_P(Backends, PuzzleStoreTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), backend_name);

}  // namespace
}  // namespace arbiter::store::testing
