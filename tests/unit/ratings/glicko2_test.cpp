// Glicko-2 against the worked example of Glickman's paper, the growth of the deviation with
// inactivity, and how a 3-4 player result becomes pairwise games.
#include "server/ratings/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>

namespace arbiter::server::ratings {
namespace {

// The paper's example: 1500 / 200 / 0.06 (tau 0.5) against 1400/30 (win), 1550/100 (loss) and
// 1700/300 (loss) becomes 1464.06 / 151.52 / 0.05999.
TEST(Glicko2, PaperWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::vector<Result> games = {
      {{1400, 30, 0.06}, 1.0},
      {{1550, 100, 0.06}, 0.0},
      {{1700, 300, 0.06}, 0.0},
  };
  const Rating after = update(player, games);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, DeviationGrowsWithInactivityAndIsCapped) {
  const Rating settled{1700, 50, 0.06};
  const Rating one = update(settled, {});
  EXPECT_EQ(one.rating, 1700);
  EXPECT_NEAR(one.deviation, std::sqrt(50.0 * 50 + (0.06 * 173.7178) * (0.06 * 173.7178)), 1e-9);
  EXPECT_NEAR(inflate(settled, 1).deviation, one.deviation, 1e-9);
  EXPECT_GT(inflate(settled, 10).deviation, inflate(settled, 2).deviation);
  EXPECT_EQ(inflate(settled, 0).deviation, 50);
  EXPECT_EQ(inflate(settled, 1e9).deviation, 350);
}

TEST(Glicko2, ProvisionalUntilTheDeviationFalls) {
  EXPECT_TRUE(provisional(Rating{}));
  EXPECT_FALSE(provisional(Rating{1500, 80, 0.06}));
  // A new player with ordinary results against established players becomes established.
  Rating r;
  for (int i = 0; i < 30; ++i) r = update(r, {{{1500, 80, 0.06}, i % 2 == 0 ? 1.0 : 0.0}});
  EXPECT_FALSE(provisional(r));
  EXPECT_NEAR(r.rating, 1500, 60);
  // Beating them every time instead takes the rating far above theirs.
  Rating winner;
  for (int i = 0; i < 10; ++i) winner = update(winner, {{{1500, 80, 0.06}, 1.0}});
  EXPECT_GT(winner.rating, 1800);
}

TEST(Glicko2, MultiplayerResultIsPairwise) {
  const std::vector<Rating> seats = {
      {1500, 100, 0.06}, {1600, 100, 0.06}, {1400, 100, 0.06}, {1500, 300, 0.06}};
  // Seat 1 wins a 4-player race; the others share the loss.
  const auto games = pairwise_results(seats, {-1.0 / 3, 1, -1.0 / 3, -1.0 / 3});
  ASSERT_EQ(games.size(), 4u);
  for (const auto& g : games) EXPECT_EQ(g.size(), 3u);
  EXPECT_EQ(games[1][0].score, 1.0);
  EXPECT_EQ(games[0][0].score, 0.0);  // seat 0 against seat 1
  EXPECT_EQ(games[0][1].score, 0.5);  // seat 0 against seat 2
  EXPECT_EQ(games[0][1].opponent.rating, 1400);
  const Rating winner = update(seats[1], games[1]);
  EXPECT_GT(winner.rating, 1600);
  EXPECT_LT(update(seats[0], games[0]).rating, 1500);
  // A two-player draw moves both towards each other.
  const auto draw = pairwise_results({seats[1], seats[2]}, {0, 0});
  EXPECT_LT(update(seats[1], draw[0]).rating, 1600);
  EXPECT_GT(update(seats[2], draw[1]).rating, 1400);
}

}  // namespace
}  // namespace arbiter::server::ratings
