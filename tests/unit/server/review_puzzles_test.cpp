// Puzzles mined from a server review (server/puzzles/review_puzzles.h): a reviewed game's only
// winning move becomes a stored puzzle with its source and starting rating, once; a raised stop
// adds nothing; a review of a finished game on the server (analysis/review_jobs.h) stores its
// puzzle.
#include "server/puzzles/review_puzzles.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "blocking_hub.h"
#include "engine/puzzles/difficulty.h"
#include "games/registry.h"
#include "server/analysis/review_jobs.h"
#include "server/play/hub.h"

namespace arbiter::server::puzzles {
namespace {

constexpr const char* kOnlyMoveWin =
    "1SsDsTsCsCsTsDs2/8Ss1/10/10/10/10/10/10/8Sn1/1SnDnTnCnCnTnDn2 s 40";

engine::GameReview reviewed() {
  auto params = ParamMap::parse(std::string_view("players=2"));
  auto start = find_game("traverse")->parse_state(*params, kOnlyMoveWin);
  EXPECT_TRUE(start.ok());
  auto final = (*start)->clone();
  EXPECT_TRUE(final->apply("i9-i10").ok());
  engine::ReviewOptions o;
  o.recipe = ai::level_recipe(ai::kMaxLevel);
  o.limits.nodes = 2000;
  auto review = engine::review_game(**start, *final, o);
  EXPECT_TRUE(review.ok()) << review.error();
  return std::move(*review);
}

TEST(ReviewPuzzles, AReviewedGamesOnlyWinningMoveIsStoredOnce) {
  auto store = store::open_store(":memory:");
  ASSERT_TRUE(store.ok()) << store.error();
  const engine::GameReview review = reviewed();
  EXPECT_EQ(mine_review_puzzles(**store, review, "g1", 2000, 1, 77), 1);
  EXPECT_EQ(mine_review_puzzles(**store, review, "g1", 2000, 1, 78), 0);  // stored already
  auto rows = (*store)->list_puzzles("traverse");
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 1u);
  const store::PuzzleRow& p = (*rows)[0];
  EXPECT_EQ(p.position, kOnlyMoveWin);
  EXPECT_EQ(p.solution, "i9-i10");
  EXPECT_EQ(p.source, "game g1 ply=0");
  EXPECT_EQ(p.deviation, engine::puzzles::kStartDeviation);
  EXPECT_EQ(p.created_ms, 77);
  EXPECT_GE(p.rating, engine::puzzles::kMinRating);
}

TEST(ReviewPuzzles, AStopAddsNothing) {
  auto store = store::open_store(":memory:");
  ASSERT_TRUE(store.ok());
  const std::atomic<bool> stop{true};
  EXPECT_EQ(mine_review_puzzles(**store, reviewed(), "g1", 2000, 1, 77, &stop), 0);
  EXPECT_TRUE((*store)->list_puzzles("")->empty());
}

// The server's review of a finished game mines it: its puzzle is in the store once the review
// is done.
TEST(ReviewPuzzles, AServerReviewStoresTheGamesPuzzle) {
  auto opened = store::open_store(":memory:");
  ASSERT_TRUE(opened.ok());
  std::shared_ptr<store::Store> store(std::move(*opened));
  HubOptions h;
  h.ai_workers = 1;
  Hub hub(store, h);
  NewGame g;
  g.game = "traverse";
  g.position = kOnlyMoveWin;
  auto seated = server::test::BlockingHub(hub).create(g);
  ASSERT_TRUE(seated.ok()) << seated.error().message;
  const std::string id = seated->game->id;
  ASSERT_TRUE(
      server::test::BlockingHub(hub).move(id, seated->tokens.at(0), "i9-i10", std::nullopt).ok());
  AnalysisOptions options;
  options.review_nodes = 2000;
  options.review_threads = 1;
  {
    ReviewJobs jobs(hub, options);
    ASSERT_TRUE(jobs.request(id, "address:a").ok());
    for (int i = 0; i < 500; ++i) {
      auto s = jobs.state(id);
      if (s && s->status == store::ReviewStatus::kDone) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_EQ(jobs.state(id)->status, store::ReviewStatus::kDone);
  }
  auto rows = store->list_puzzles("traverse");
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 1u);
  EXPECT_EQ((*rows)[0].solution, "i9-i10");
  EXPECT_EQ((*rows)[0].source, "game " + id + " ply=0");
  hub.shutdown();
}

}  // namespace
}  // namespace arbiter::server::puzzles
