// Game review (engine/review.h): the verdict thresholds on the drop in the mover's expected
// result, and a review that is the same whatever the number of threads with a node limit.
#include "engine/review.h"

#include <gtest/gtest.h>

#include "games/registry.h"
#include "records/record.h"

namespace arbiter::engine {
namespace {

TEST(Review, VerdictsFollowTheDocumentedThresholds) {
  EXPECT_EQ(verdict_for(true, 0), Verdict::kBest);
  EXPECT_EQ(verdict_for(false, 0), Verdict::kGood);
  EXPECT_EQ(verdict_for(false, kInaccuracyDrop - 1e-9), Verdict::kGood);
  EXPECT_EQ(verdict_for(false, kInaccuracyDrop), Verdict::kInaccuracy);
  EXPECT_EQ(verdict_for(false, kMistakeDrop), Verdict::kMistake);
  EXPECT_EQ(verdict_for(false, kBlunderDrop), Verdict::kBlunder);
  EXPECT_EQ(verdict_for(true, kBlunderDrop), Verdict::kBlunder);
}

Result<Replay> game(const char* text) {
  auto record = parse_record(text);
  EXPECT_TRUE(record.ok());
  return replay_record(*record);
}

// Review of a short game, with a node limit: identical on one thread and on two.
TEST(Review, SameReviewWhateverTheThreads) {
  auto replay = game(
      "[Game \"traverse\"]\n[Params \"players=2\"]\n\n"
      "1. f1-e2 2. e10-e9 3. d1-f3 4. d10-f8 5. f3-e4 6. f8-e7 7. b1-b2 8. g10-f9\n");
  ASSERT_TRUE(replay.ok()) << replay.error();
  ReviewOptions o;
  o.recipe = *ai::parse_player_spec("level=10");
  o.limits.nodes = 1500;
  std::vector<std::string> comments[2];
  for (int threads : {1, 2}) {
    o.threads = threads;
    int reports = 0;
    o.progress = [&](int done, int total) {
      ++reports;
      EXPECT_EQ(total, 9);
      EXPECT_LE(done, total);
    };
    auto review = review_game(*replay->start, *replay->final, o);
    ASSERT_TRUE(review.ok()) << review.error();
    EXPECT_EQ(reports, 9);
    ASSERT_EQ(review->moves.size(), 8u);
    for (const auto& m : review->moves) {
      EXPECT_GE(m.drop, 0);
      EXPECT_EQ(m.player, (m.ply - 1) % 2);
      comments[threads - 1].push_back(review_comment(m));
    }
  }
  EXPECT_EQ(comments[0], comments[1]);
}

// A move other than the win in one is not best; the review names the winning move with its
// distance: South can step its last piece home (i9-i10).
TEST(Review, TheBetterMoveOfAMissedWinIsNamedWithItsDistance) {
  auto map = ParamMap::parse(std::string_view("players=2"));
  auto start =
      find_game("traverse")
          ->parse_state(*map, "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40");
  ASSERT_TRUE(start.ok());
  auto final = (*start)->clone();
  const auto moves = final->legal_moves();
  ASSERT_TRUE(final->apply(moves[0] == "i9-i10" ? moves[1] : moves[0]).ok());
  ReviewOptions o;
  o.recipe = *ai::parse_player_spec("level=10");
  o.limits.nodes = 3000;
  auto review = review_game(**start, *final, o);
  ASSERT_TRUE(review.ok()) << review.error();
  ASSERT_EQ(review->moves.size(), 1u);
  const MoveReview& m = review->moves[0];
  EXPECT_EQ(m.expected_best, 1.0);  // a proven win
  EXPECT_NE(m.verdict, Verdict::kBest);
  EXPECT_EQ(m.search->best_move, "i9-i10");
  EXPECT_EQ(m.search->lines[0].mate_in, 1);
}

TEST(Review, GamesWithoutAModelOrARandomPlayerAreErrors) {
  auto map = ParamMap::parse(std::string_view(""));
  auto s = find_game("trap")->new_state(*map);
  ReviewOptions o;
  o.recipe = *ai::parse_player_spec("random");
  auto review = review_game(**s, **s, o);
  ASSERT_FALSE(review.ok());
  EXPECT_EQ(review.error(), "a review needs a searching player, not a random one");
}

}  // namespace
}  // namespace arbiter::engine
