#include "ai/levels.h"

#include <gtest/gtest.h>

namespace arbiter::ai {
namespace {

TEST(Levels, TableRunsFromRandomToTheStrongestSearch) {
  EXPECT_EQ(level_recipe(1).algorithm, Algorithm::kRandom);
  EXPECT_EQ(level_recipe(10).algorithm, Algorithm::kAlphaBeta);
  EXPECT_EQ(level_recipe(10).noise, 0);
  for (int l = 2; l < kMaxLevel; ++l) {
    EXPECT_GE(level_recipe(l).noise, level_recipe(l + 1).noise) << l;
  }
  // With 3–4 players the levels are told apart by depth: a cap that never falls as the level
  // rises, and none at the top.
  SearchLimits caller;
  caller.movetime = 0.05;
  int last = 1;
  for (int l = 2; l <= kMaxLevel; ++l) {
    const int cap = recipe_limits(level_recipe(l), caller, 4).depth;
    const int depth = cap == 0 ? kMaxPly : cap;
    EXPECT_GE(depth, last) << l;
    last = depth;
    EXPECT_EQ(recipe_limits(level_recipe(l), caller, 2).depth, level_recipe(l).depth) << l;
  }
  EXPECT_EQ(recipe_limits(level_recipe(10), caller, 4).depth, 0);
  EXPECT_EQ(recipe_limits(level_recipe(3), caller, 4).depth, 1);
  EXPECT_EQ(recipe_limits(level_recipe(7), caller, 4).depth, 2);
  EXPECT_GE(level_recipe(10).threads, 2);
  // 3–4 players: every searching level runs best-reply search (the strongest in our matches).
  EXPECT_EQ(algorithm_for(level_recipe(10), 2), Algorithm::kAlphaBeta);
  EXPECT_EQ(algorithm_for(level_recipe(10), 4), Algorithm::kBestReply);
  EXPECT_EQ(algorithm_for(level_recipe(7), 4), Algorithm::kBestReply);
  EXPECT_EQ(algorithm_for(level_recipe(2), 4), Algorithm::kBestReply);
  EXPECT_EQ(algorithm_for(level_recipe(1), 4), Algorithm::kRandom);
  EXPECT_EQ(algorithm_for(*parse_player_spec("level=5,algo=ab"), 4), Algorithm::kAlphaBeta);
  EXPECT_EQ(algorithm_for(*parse_player_spec("level=10,algo=mcts"), 4), Algorithm::kMcts);
  EXPECT_EQ(algorithm_for(*parse_player_spec("level=10,algo=brs"), 3), Algorithm::kBestReply);
}

TEST(Levels, PlayerSpecs) {
  auto r = parse_player_spec("level=5");
  ASSERT_TRUE(r.ok());
  EXPECT_STREQ(r->name, level_recipe(5).name);
  r = parse_player_spec("random");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->algorithm, Algorithm::kRandom);
  r = parse_player_spec("level=10,threads=1,seed=4");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->threads, 1);
  EXPECT_EQ(r->seed, 4u);
  r = parse_player_spec("algo=mcts nodes=500");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->algorithm, Algorithm::kMcts);
  EXPECT_EQ(r->nodes, 500u);
  r = parse_player_spec("level=7,mpdepth=3");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->multiplayer_depth, 3);
  r = parse_player_spec("level=7,depth=5");  // an explicit budget holds for every player count
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(recipe_limits(*r, SearchLimits{}, 4).depth, 5);
  EXPECT_FALSE(parse_player_spec("mpdepth=-1").ok());
  EXPECT_FALSE(parse_player_spec("level=11").ok());
  EXPECT_FALSE(parse_player_spec("speed=3").ok());
  EXPECT_FALSE(parse_player_spec("algo=magic").ok());
  EXPECT_FALSE(parse_player_spec("").ok());
}

TEST(Levels, TimedRecipesTakeTheirShare) {
  SearchLimits caller;
  caller.movetime = 0.2;
  EXPECT_DOUBLE_EQ(recipe_limits(level_recipe(10), caller).movetime, 0.2);
  EXPECT_DOUBLE_EQ(recipe_limits(level_recipe(7), caller).movetime,
                   0.2 * level_recipe(7).time_share);
  const auto fixed = recipe_limits(level_recipe(5), caller);
  EXPECT_EQ(fixed.nodes, level_recipe(5).nodes);
  EXPECT_DOUBLE_EQ(fixed.movetime, 0.2);  // a cap, never more than the caller gives
  caller = {};
  caller.nodes = 1000;
  EXPECT_EQ(recipe_limits(level_recipe(10), caller).nodes, 1000u);
  EXPECT_EQ(recipe_limits(level_recipe(10), caller).movetime, 0);
}

}  // namespace
}  // namespace arbiter::ai
