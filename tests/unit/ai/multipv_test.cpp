// Multi-PV (SearchLimits::multipv): the best N root moves with exact scores and their lines, for
// alpha-beta (2 players and paranoid), best-reply search and MCTS; proven wins as win-in-N.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "ai/alphabeta.h"
#include "ai/best_reply.h"
#include "ai/mcts.h"
#include "test_util.h"

namespace arbiter::ai {
namespace {

using test::minimax;

AlphaBetaOptions exact(bool tt) {
  AlphaBetaOptions o;
  o.reductions = false;
  o.aspiration = false;
  o.quiescence = false;
  o.use_tt = tt;
  o.contempt = 0;
  return o;
}

// Every root move's minimax value for the root player, best first.
template <class State>
std::vector<int> root_values(State& s, int depth) {
  typename GameAi<State>::MoveList list;
  GameAi<State>::search_moves(s, list);
  std::vector<int> out;
  const int root = s.to_move();
  for (const auto& m : list) {
    s.apply(m);
    out.push_back(minimax(s, depth - 1, 1, root));
    s.undo();
  }
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

// The lines' scores are the N best minimax values, in order, each line starting with its move
// and that move worth its score.
template <class State>
void expect_exact_lines(State& s, int depth, int n, const AlphaBetaOptions& o) {
  const auto values = root_values(s, depth);
  AlphaBeta<State> ab(o);
  SearchLimits limits;
  limits.depth = depth;
  limits.multipv = n;
  const auto r = ab.search(s, limits);
  ASSERT_EQ(r.lines.size(), static_cast<std::size_t>(std::min<int>(n, values.size())));
  EXPECT_TRUE(r.lines[0].move == r.best);
  EXPECT_EQ(r.lines[0].score, r.score);
  for (std::size_t k = 0; k < r.lines.size(); ++k) {
    EXPECT_EQ(r.lines[k].score, values[k]) << "line " << k + 1 << " depth " << depth;
    ASSERT_FALSE(r.lines[k].pv.empty());
    EXPECT_TRUE(r.lines[k].pv[0] == r.lines[k].move);
    const int root = s.to_move();
    s.apply(r.lines[k].move);
    EXPECT_EQ(minimax(s, depth - 1, 1, root), values[k]);
    s.undo();
    for (std::size_t j = 0; j < k; ++j) EXPECT_FALSE(r.lines[j].move == r.lines[k].move);
  }
}

TEST(MultiPv, AlphaBetaRanksTheBestMovesExactlyOnTraverse) {
  for (const char* params : {"players=2", "players=3"}) {
    auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse(params)));
    for (int depth = 1; depth <= 3; ++depth) {
      expect_exact_lines(s, depth, 4, exact(false));
      expect_exact_lines(s, depth, 4, exact(true));
    }
  }
}

TEST(MultiPv, AlphaBetaRanksTheBestMovesExactlyOnTravelersAndTrap) {
  auto travelers = travelers::State::start({});
  expect_exact_lines(travelers, 2, 3, exact(true));
  auto trap = test::trap_position("size=3", "a1,c3,e5 a3,c1,e3 - 60 r 0");
  expect_exact_lines(trap, 2, 3, exact(true));
}

TEST(MultiPv, OneLineLeavesTheSearchUnchanged) {
  auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse("players=2")));
  SearchLimits limits;
  limits.depth = 5;
  AlphaBeta<traverse::State> a, b;
  const auto r1 = a.search(s, limits);
  limits.multipv = 1;
  const auto r2 = b.search(s, limits);
  EXPECT_TRUE(r1.best == r2.best);
  EXPECT_EQ(r1.score, r2.score);
  EXPECT_EQ(r1.nodes, r2.nodes);
  EXPECT_TRUE(r2.lines.empty());  // the caller makes the one line from `best`
}

TEST(MultiPv, ProvenWinsCarryTheirDistance) {
  // South has seven pieces home; the square on i9 steps home and wins (alphabeta_test.cpp).
  auto s = test::traverse_position(
      "players=2", "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40");
  AlphaBeta<traverse::State> ab;
  SearchLimits limits;
  limits.depth = 3;
  limits.multipv = 2;
  const auto r = ab.search(s, limits);
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(s.move_text(r.lines[0].move), "i9-i10");
  EXPECT_EQ(r.lines[0].proven_plies, 1);
  EXPECT_EQ(r.lines[1].proven_plies, 0);  // any other move leaves the game open
}

TEST(MultiPv, BestReplyRanksItsRootMoves) {
  auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse("players=4")));
  SearchLimits limits;
  limits.depth = 2;
  BestReply<traverse::State> single;
  const auto one = single.search(s, limits);
  limits.multipv = 3;
  BestReply<traverse::State> multi;
  const auto r = multi.search(s, limits);
  ASSERT_EQ(r.lines.size(), 3u);
  EXPECT_EQ(r.lines[0].score, one.score);  // the best value does not depend on the window
  EXPECT_TRUE(r.lines[0].move == r.best);
  for (std::size_t k = 1; k < r.lines.size(); ++k) {
    EXPECT_LE(r.lines[k].score, r.lines[k - 1].score);
    EXPECT_FALSE(r.lines[k].move == r.lines[0].move);
  }
}

TEST(MultiPv, MctsGivesTheMostVisitedRootMoves) {
  auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse("players=3")));
  MctsOptions o;
  o.seed = 1;
  Mcts<traverse::State> mcts(o);
  SearchLimits limits;
  limits.nodes = 3000;
  limits.multipv = 3;
  const auto r = mcts.search(s, limits);
  ASSERT_EQ(r.lines.size(), 3u);
  EXPECT_TRUE(r.lines[0].move == r.best);
  EXPECT_EQ(r.lines[0].score, r.score);
  ASSERT_EQ(r.values.size(), 3u);  // max^n: one value per player
  EXPECT_EQ(static_cast<int>(r.values[s.to_move()]), r.score);
  typename GameAi<traverse::State>::MoveList list;
  GameAi<traverse::State>::search_moves(s, list);
  ASSERT_EQ(r.root_visits.size(), list.size());
  for (std::size_t k = 0; k < 3; ++k) EXPECT_TRUE(r.root_visits[k].first == r.lines[k].move);
  for (std::size_t k = 2; k < r.root_visits.size(); ++k) {
    EXPECT_GE(r.root_visits[k - 1].second, r.root_visits[k].second);
  }
}

}  // namespace
}  // namespace arbiter::ai
