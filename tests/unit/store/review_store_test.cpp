// The store's reviews (store/review_rows.h, schema 6) on every backend: one review per game,
// queued once (a failed one may be queued again), leased to one owner at a time (a lease that
// runs out is claimable by another, a renewal by its holder), finished only by the lease's
// holder, kept with its report, and listed while claimable.
#include <gtest/gtest.h>

#include "store/store.h"
#include "unit/store/store_backends.h"

namespace arbiter::store::testing {
namespace {

ReviewRow request(const std::string& game, const std::string& requester, int64_t at) {
  ReviewRow r;
  r.game_id = game;
  r.requester = requester;
  r.requested_ms = at;
  return r;
}

using ReviewStoreTest = StoreTest;

// put_review: queued with no lease or report; a second request for the game is a conflict while
// the first is queued, running or done.
TEST_P(ReviewStoreTest, AReviewIsQueuedOncePerGame) {
  auto store = open();
  ASSERT_TRUE(store);
  auto none = store->load_review("g1");
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_FALSE(*none);
  ASSERT_TRUE(store->put_review(request("g1", "address:1.2.3.4", 100)).ok());
  auto queued = store->load_review("g1");
  ASSERT_TRUE(queued.ok() && *queued);
  EXPECT_EQ((*queued)->status, ReviewStatus::kQueued);
  EXPECT_EQ((*queued)->requester, "address:1.2.3.4");
  EXPECT_EQ((*queued)->requested_ms, 100);
  EXPECT_EQ((*queued)->lease_owner, "");
  EXPECT_EQ((*queued)->report, "");
  EXPECT_TRUE(store->put_review(request("g1", "account:7", 200)).is(ErrorCode::kConflict));
  EXPECT_EQ((*store->load_review("g1"))->requester, "address:1.2.3.4");  // unchanged

  ASSERT_TRUE(*store->claim_review("g1", "server-a", 300, 1300));
  EXPECT_TRUE(store->put_review(request("g1", "account:7", 400)).is(ErrorCode::kConflict));
  ASSERT_TRUE(store->finish_review("g1", "server-a", true, "{\"moves\":[]}", 500).ok());
  EXPECT_TRUE(store->put_review(request("g1", "account:7", 600)).is(ErrorCode::kConflict));
}

// claim_review: one owner at a time; the holder renews; another takes over only once the
// lease has run out; done, failed and missing reviews are not claimed.
TEST_P(ReviewStoreTest, ALeaseHasOneOwnerUntilItRunsOut) {
  auto store = open();
  ASSERT_TRUE(store);
  EXPECT_FALSE(*store->claim_review("missing", "server-a", 0, 1000));
  ASSERT_TRUE(store->put_review(request("g1", "address:a", 100)).ok());
  auto first = store->claim_review("g1", "server-a", 1000, 2000);
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_TRUE(*first);
  auto running = *store->load_review("g1");
  EXPECT_EQ(running->status, ReviewStatus::kRunning);
  EXPECT_EQ(running->lease_owner, "server-a");
  EXPECT_EQ(running->lease_until_ms, 2000);

  EXPECT_FALSE(*store->claim_review("g1", "server-b", 1500, 2500));  // the lease runs still
  EXPECT_TRUE(*store->claim_review("g1", "server-a", 1500, 3000));   // a renewal
  EXPECT_EQ((*store->load_review("g1"))->lease_until_ms, 3000);
  EXPECT_FALSE(*store->claim_review("g1", "server-b", 2999, 4000));
  EXPECT_TRUE(*store->claim_review("g1", "server-b", 3000, 4000));  // ran out: taken over
  EXPECT_EQ((*store->load_review("g1"))->lease_owner, "server-b");

  // The first owner's lease is gone: its finish changes nothing.
  EXPECT_TRUE(store->finish_review("g1", "server-a", true, "{}", 3100).is(ErrorCode::kConflict));
  EXPECT_EQ((*store->load_review("g1"))->status, ReviewStatus::kRunning);
  ASSERT_TRUE(store->finish_review("g1", "server-b", true, "{\"report\":1}", 3200).ok());
  EXPECT_FALSE(*store->claim_review("g1", "server-c", 999'999, 1'000'000));  // done: never again
}

// finish_review: done keeps the report; failed keeps why, and the game may be queued again
// (the failure is forgotten); a review never claimed cannot be finished.
TEST_P(ReviewStoreTest, FinishedReviewsKeepTheirReport) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->put_review(request("g1", "address:a", 100)).ok());
  EXPECT_TRUE(store->finish_review("g1", "server-a", true, "{}", 150).is(ErrorCode::kConflict));
  ASSERT_TRUE(*store->claim_review("g1", "server-a", 200, 900));
  const std::string report = "{\"moves\": [{\"ply\": 1, \"verdict\": \"best\"}]}";
  ASSERT_TRUE(store->finish_review("g1", "server-a", true, report, 700).ok());
  auto done = *store->load_review("g1");
  ASSERT_TRUE(done);
  EXPECT_EQ(done->status, ReviewStatus::kDone);
  EXPECT_EQ(done->report, report);
  EXPECT_EQ(done->finished_ms, 700);
  EXPECT_EQ(done->lease_owner, "");

  ASSERT_TRUE(store->put_review(request("g2", "address:a", 100)).ok());
  ASSERT_TRUE(*store->claim_review("g2", "server-a", 200, 900));
  ASSERT_TRUE(store->finish_review("g2", "server-a", false, "game g2: no such game", 300).ok());
  auto failed = *store->load_review("g2");
  EXPECT_EQ(failed->status, ReviewStatus::kFailed);
  EXPECT_EQ(failed->report, "game g2: no such game");
  ASSERT_TRUE(store->put_review(request("g2", "account:9", 400)).ok());  // asked again
  auto again = *store->load_review("g2");
  EXPECT_EQ(again->status, ReviewStatus::kQueued);
  EXPECT_EQ(again->requester, "account:9");
  EXPECT_EQ(again->report, "");
  EXPECT_EQ(again->finished_ms, 0);
}

// claimable_reviews: queued ones and those whose lease ran out, oldest request first, within
// the limit; not those leased still, done or failed.
TEST_P(ReviewStoreTest, ClaimableReviewsAreQueuedOrAbandoned) {
  auto store = open();
  ASSERT_TRUE(store);
  for (auto [game, at] :
       {std::pair{"late", 300}, {"early", 100}, {"leased", 150}, {"lapsed", 200}, {"done", 50}}) {
    ASSERT_TRUE(store->put_review(request(game, "address:a", at)).ok());
  }
  ASSERT_TRUE(*store->claim_review("leased", "server-a", 1000, 5000));
  ASSERT_TRUE(*store->claim_review("lapsed", "server-a", 1000, 1500));
  ASSERT_TRUE(*store->claim_review("done", "server-a", 1000, 5000));
  ASSERT_TRUE(store->finish_review("done", "server-a", true, "{}", 1100).ok());

  auto list = store->claimable_reviews(2000, 10);
  ASSERT_TRUE(list.ok()) << list.error();
  std::vector<std::string> ids;
  for (const auto& r : *list) ids.push_back(r.game_id);
  EXPECT_EQ(ids, (std::vector<std::string>{"early", "lapsed", "late"}));
  EXPECT_EQ((*list)[1].status, ReviewStatus::kRunning);
  EXPECT_EQ((*list)[1].lease_owner, "server-a");
  auto first = store->claimable_reviews(2000, 1);
  ASSERT_TRUE(first.ok());
  ASSERT_EQ(first->size(), 1u);
  EXPECT_EQ((*first)[0].game_id, "early");
}

// Two stores on one database (two servers): a review is claimed by one of them only.
TEST_P(ReviewStoreTest, TwoServersNeverHoldOneLease) {
  auto a = open();
  auto b = open();
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->put_review(request("g1", "address:a", 100)).ok());
  const bool got_a = *a->claim_review("g1", "server-a", 1000, 9000);
  const bool got_b = *b->claim_review("g1", "server-b", 1000, 9000);
  EXPECT_TRUE(got_a);
  EXPECT_FALSE(got_b);
  EXPECT_EQ((*b->load_review("g1"))->lease_owner, "server-a");
}

INSTANTIATE_TEST_SUITE_P(Backends, ReviewStoreTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), backend_name);

}  // namespace
}  // namespace arbiter::store::testing
