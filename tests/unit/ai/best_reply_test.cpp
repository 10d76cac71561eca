#include "ai/best_reply.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace arbiter::ai {
namespace {

// Three players; South's square on i9 steps home and wins.
constexpr const char* kWinIn1 =
    "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/1SwDwTwCwCwTwDwSw1/10/10 s 40";

TEST(BestReply, FindsTheWinningStepWithThreePlayers) {
  auto s = test::traverse_position("players=3", kWinIn1);
  BestReply<traverse::State> brs;
  SearchLimits limits;
  limits.depth = 3;
  const auto r = brs.search(s, limits);
  ASSERT_TRUE(r.has_move);
  EXPECT_EQ(s.move_text(r.best), "i9-i10");
  EXPECT_GT(r.score, kWinBound);
}

TEST(BestReply, LeavesTheStateUnchangedAndIsDeterministic) {
  auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse("players=4")));
  const std::string before = s.to_text();
  SearchLimits limits;
  limits.nodes = 5000;
  BestReply<traverse::State> a, b;
  const auto ra = a.search(s, limits);
  const auto rb = b.search(s, limits);
  EXPECT_EQ(s.to_text(), before);
  EXPECT_EQ(s.hash(), s.compute_hash());
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_GE(ra.depth, 2);
}

}  // namespace
}  // namespace arbiter::ai
