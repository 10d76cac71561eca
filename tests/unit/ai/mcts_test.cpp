#include "ai/mcts.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace arbiter::ai {
namespace {

SearchLimits playouts(uint64_t n) {
  SearchLimits l;
  l.nodes = n;
  return l;
}

TEST(Mcts, SolverProvesTheWinningStep) {
  auto s = test::traverse_position(
      "players=2", "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40");
  Mcts<traverse::State> mcts;
  const auto r = mcts.search(s, playouts(2000));
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(s.move_text(r.best), "i9-i10");
  EXPECT_GT(r.score, kWinBound);
  EXPECT_LT(r.nodes, 2000u);  // proven: the search stops early
}

TEST(Mcts, TrapFindsTheTrappingTurn) {
  auto s = test::trap_position("size=3", "c3,d4,e5 a1,c1*,e3* a1|a2,a1|b1 10 r 10");
  Mcts<trap::State> mcts;
  const auto r = mcts.search(s, playouts(3000));
  ASSERT_TRUE(r.has_move);
  s.apply(r.best);
  EXPECT_TRUE(s.is_terminal());
}

TEST(Mcts, DeterministicForSeedAndPlayouts) {
  auto s = travelers::State::start({});
  MctsOptions o;
  o.seed = 3;
  Mcts<travelers::State> a(o), b(o);
  const auto ra = a.search(s, playouts(1500));
  const auto rb = b.search(s, playouts(1500));
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(a.root_visits(), b.root_visits());
}

TEST(Mcts, ReusesTheSubtreeOfThePlayedMoves) {
  auto s = traverse::State::start({});
  Mcts<traverse::State> mcts;
  const auto r = mcts.search(s, playouts(3000));
  s.apply(r.best);
  traverse::State::MoveList list;
  s.generate(list);
  s.apply(list[0]);
  // The visits already below the new root count as a head start.
  const auto before = mcts.search(s, playouts(1));
  uint32_t visits = 0;
  for (const auto& [m, v] : mcts.root_visits()) visits += v;
  EXPECT_TRUE(before.has_move);
  EXPECT_GE(visits, 1u);
}

TEST(Mcts, MaxNOnFourPlayerTraverse) {
  auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse("players=4")));
  Mcts<traverse::State> mcts;
  const auto r = mcts.search(s, playouts(2000));
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(
      s.to_text(),
      traverse::State::start(*traverse::parse_params(*ParamMap::parse("players=4"))).to_text());
}

}  // namespace
}  // namespace arbiter::ai
