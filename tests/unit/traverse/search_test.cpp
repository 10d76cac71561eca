// The searches and the Traverse end of game (R19): a position repeated a third time ends the game
// only when a player is blocked out, so a search must play on through a plain repetition.
#include "ai/alphabeta.h"
#include "ai/mcts.h"
#include "games/traverse/ai.h"
#include "test_util.h"

namespace arbiter::traverse {
namespace {

using namespace testing;

ai::SearchResult<Move> search_depth(State& s, int depth) {
  ai::AlphaBeta<State> search;
  ai::SearchLimits limits;
  limits.depth = depth;
  return search.search(s, limits);
}

// South is well ahead (two pieces outside against four) but nobody is blocked out. South's
// c4-c5 would make the start position occur a third time: under an adjudicated repetition that
// would win for South; under R19 the game goes on.
State before_third_occurrence() {
  State s = place("players=2",
                  "Ss:b10 Ds:c10 Ts:d10 Cs:e10 Cs:f10 Ts:g10 Ss:c5 Ds:e3 "
                  "Cn:g7 Sn:i5 Tn:b7 Dn:h4",
                  'n');
  const char* cycle[] = {"g7-g6", "c5-c4", "g6-g7", "c4-c5"};
  for (int i = 0; i < 7; ++i) s.apply(parse(s, cycle[i % 4]));
  return s;
}

TEST(TraverseSearch, R19_PlainRepetitionIsNotScoredAsTheEnd) {
  State s = before_third_occurrence();
  ASSERT_EQ(s.player_name(s.to_move()), "south");
  State after = s;
  after.apply(parse(after, "c4-c5"));
  EXPECT_EQ(after.repetitions(), 3);
  EXPECT_FALSE(after.is_terminal());
  for (int depth : {1, 2, 3}) {
    const auto r = search_depth(s, depth);
    ASSERT_TRUE(r.has_move);
    EXPECT_FALSE(ai::is_win_score(r.score)) << "depth " << depth << " score " << r.score;
  }
  // MCTS proves nothing from the repetition either: its root is not a solved win.
  ai::Mcts<State> mcts;
  ai::SearchLimits limits;
  limits.nodes = 2000;
  const auto r = mcts.search(s, limits);
  ASSERT_TRUE(r.has_move);
  EXPECT_FALSE(ai::is_win_score(r.score)) << r.score;
}

TEST(TraverseSearch, R19_BlockedOutEndIsFound) {
  // South's diamond can never reach i10, its one free home square; South's d6-e5 repeats the
  // start position a third time with South blocked out, which wins for South (R19).
  State s =
      place("players=2", "Ss:b10 Ds:c10 Ts:d10 Cs:e10 Cs:f10 Ts:g10 Ss:h10 Ds:e5 Cn:g6 Sn:b5", 'n');
  const char* cycle[] = {"g6-g5", "e5-d6", "g5-g6", "d6-e5"};
  for (int i = 0; i < 7; ++i) s.apply(parse(s, cycle[i % 4]));
  const auto r = search_depth(s, 2);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(s.move_text(r.best), "d6-e5");
  EXPECT_EQ(r.score, ai::kWin - 1);
}

}  // namespace
}  // namespace arbiter::traverse
