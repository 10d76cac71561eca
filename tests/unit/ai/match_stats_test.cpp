#include "engine/match_stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arbiter::engine {
namespace {

TEST(MatchStats, EloOfEvenAndSkewedScores) {
  MatchScore even{10, 0, 10};
  EXPECT_DOUBLE_EQ(estimate_elo(even).elo, 0);
  EXPECT_GT(estimate_elo(even).margin, 100);
  MatchScore skew{30, 0, 10};  // 75%: +190.8 Elo
  EXPECT_NEAR(estimate_elo(skew).elo, 190.85, 0.05);
  EXPECT_TRUE(std::isinf(estimate_elo(MatchScore{5, 0, 0}).elo));
}

TEST(MatchStats, SprtDecides) {
  Sprt sprt;
  sprt.elo0 = 0;
  sprt.elo1 = 50;
  EXPECT_NEAR(sprt.upper(), 2.944, 0.001);
  EXPECT_NEAR(sprt.lower(), -2.944, 0.001);
  EXPECT_EQ(sprt.state(MatchScore{3, 0, 2}), "continue");
  EXPECT_EQ(sprt.state(MatchScore{300, 0, 100}), "H1 accepted");
  EXPECT_EQ(sprt.state(MatchScore{100, 0, 300}), "H0 accepted");
  EXPECT_EQ(sprt.llr(MatchScore{}), 0);
}

}  // namespace
}  // namespace arbiter::engine
