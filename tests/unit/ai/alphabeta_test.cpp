#include "ai/alphabeta.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "test_util.h"

namespace arbiter::ai {
namespace {

using test::minimax;

// South has seven pieces home; the square on i9 steps home and wins.
constexpr const char* kTraverseWinIn1 =
    "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40";
// Travelers: White's Traveler e8 steps to e9; the other is home on d9.
constexpr const char* kTravelersWinIn1 = "3T5/4T4/9/9/t7t/9/9/9/9 w - 0 30";
// Trap (size 3): Blue's last free mover a1 has one step left (to b2); a wall or a mover there
// traps it.
constexpr const char* kTrapWinIn1 = "c3,d4,e5 a1,c1*,e3* a1|a2,a1|b1 10 r 10";

template <class State>
SearchResult<typename GameAi<State>::Move> search_depth(State& s, int depth,
                                                        AlphaBetaOptions o = {}) {
  AlphaBeta<State> ab(o);
  SearchLimits limits;
  limits.depth = depth;
  return ab.search(s, limits);
}

TEST(AlphaBeta, TraverseFindsTheWinningStep) {
  auto s = test::traverse_position("players=2", kTraverseWinIn1);
  const auto r = search_depth(s, 3);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(s.move_text(r.best), "i9-i10");
  EXPECT_EQ(r.score, kWin - 1);
}

TEST(AlphaBeta, TravelersFindsTheWinningStep) {
  auto s = test::travelers_position(kTravelersWinIn1);
  const auto r = search_depth(s, 3);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(s.move_text(r.best), "e8-e9");
  EXPECT_EQ(r.score, kWin - 1);
}

TEST(AlphaBeta, TrapFindsTheTrappingTurn) {
  auto s = test::trap_position("size=3", kTrapWinIn1);
  const auto r = search_depth(s, 2);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(r.score, kWin - 1);
  s.apply(r.best);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_GT(s.returns()[trap::kRed], 0);
}

TEST(AlphaBeta, TraverseWinsInTwoMovesAgainstAnyDefence) {
  // South needs two steps (g9-h10 and i9-i10, in either order); North cannot interfere.
  auto s = test::traverse_position(
      "players=2", "1SsDsTsCsCsTs3/6Ds1Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40");
  const auto r = search_depth(s, 4);
  EXPECT_EQ(r.score, kWin - 3);
}

// Exact settings: no reductions, aspiration, quiescence or contempt: the root value is minimax's.
AlphaBetaOptions exact(bool tt) {
  AlphaBetaOptions o;
  o.reductions = false;
  o.aspiration = false;
  o.quiescence = false;
  o.use_tt = tt;
  o.contempt = 0;
  return o;
}

TEST(AlphaBeta, AgreesWithMinimaxOnTraverse) {
  for (const char* params : {"players=2", "players=3"}) {
    auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse(params)));
    for (int depth = 1; depth <= 3; ++depth) {
      const int expected = minimax(s, depth, 0, s.to_move());
      EXPECT_EQ(search_depth(s, depth, exact(false)).score, expected) << params << " " << depth;
      EXPECT_EQ(search_depth(s, depth, exact(true)).score, expected) << params << " " << depth;
    }
  }
}

// Plain minimax is slow: depth 3 only in optimised builds.
#ifdef NDEBUG
constexpr int kTravelersMinimaxDepth = 3;
#else
constexpr int kTravelersMinimaxDepth = 2;
#endif

TEST(AlphaBeta, AgreesWithMinimaxOnTravelers) {
  auto s = travelers::State::start({});
  for (int depth = 1; depth <= kTravelersMinimaxDepth; ++depth) {
    const int expected = minimax(s, depth, 0, s.to_move());
    EXPECT_EQ(search_depth(s, depth, exact(false)).score, expected) << depth;
    EXPECT_EQ(search_depth(s, depth, exact(true)).score, expected) << depth;
  }
}

TEST(AlphaBeta, AgreesWithMinimaxOnTrap) {
  auto s = test::trap_position("size=3", "a1,c3,e5 a3,c1,e3 - 60 r 0");
  for (int depth = 1; depth <= 2; ++depth) {
    const int expected = minimax(s, depth, 0, s.to_move());
    EXPECT_EQ(search_depth(s, depth, exact(false)).score, expected) << depth;
    EXPECT_EQ(search_depth(s, depth, exact(true)).score, expected) << depth;
  }
}

TEST(AlphaBeta, LeavesTheStateUnchanged) {
  auto s = travelers::State::start({});
  const std::string before = s.to_text();
  search_depth(s, 3);
  EXPECT_EQ(s.to_text(), before);
  EXPECT_EQ(s.hash(), s.compute_hash());
}

TEST(AlphaBeta, DeterministicForSeedAndNodeLimit) {
  auto s = traverse::State::start({});
  AlphaBetaOptions o;
  o.noise = 50;
  o.seed = 9;
  SearchLimits limits;
  limits.nodes = 20'000;
  AlphaBeta<traverse::State> a(o), b(o);
  const auto ra = a.search(s, limits);
  const auto rb = b.search(s, limits);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_EQ(ra.depth, rb.depth);
  EXPECT_LE(ra.nodes, limits.nodes + 32);
}

TEST(AlphaBeta, StopIsHonouredQuickly) {
  auto s = trap::State::start(trap::Params{});
  AlphaBeta<trap::State> ab;
  std::atomic<bool> stop{false};
  std::chrono::steady_clock::time_point stopped;
  std::thread t([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stopped = std::chrono::steady_clock::now();
    stop = true;
  });
  const auto r = ab.search(s, SearchLimits{}, &stop);
  const double late =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - stopped).count();
  t.join();
  EXPECT_TRUE(r.has_move);
#ifdef NDEBUG
  EXPECT_LT(late, 0.010);
#else
  EXPECT_LT(late, 0.250);
#endif
}

TEST(AlphaBeta, ReportsProgressPerIteration) {
  auto s = traverse::State::start({});
  AlphaBeta<traverse::State> ab;
  SearchLimits limits;
  limits.depth = 4;
  std::vector<SearchProgress> seen;
  ab.search(s, limits, nullptr, [&](const SearchProgress& p) { seen.push_back(p); });
  ASSERT_EQ(seen.size(), 4u);
  for (int d = 0; d < 4; ++d) EXPECT_EQ(seen[d].depth, d + 1);
  EXPECT_FALSE(seen.back().pv.empty());
  EXPECT_GT(seen.back().nodes, 0u);
}

}  // namespace
}  // namespace arbiter::ai
