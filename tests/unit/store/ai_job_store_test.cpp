// The AI jobs' promise (store.h "AI jobs", ai_job_rows.h), checked on every backend: one job per
// turn, a claim leases the oldest free job to one searcher only (also with several stores on one
// database claiming at once, as several workers do), a lease that runs out frees the job, and a
// job is finished only once its turn is over, in step with the game's writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "store/store.h"
#include "unit/store/store_backends.h"
#include "unit/store/store_rows.h"

namespace arbiter::store::testing {
namespace {

class AiJobStoreTest : public StoreTest {};

AiJobRow job(const std::string& game_id, int ply, int64_t created_ms = 100, int level = 3) {
  AiJobRow j;
  j.game_id = game_id;
  j.ply = ply;
  j.seat = ply % 2;
  j.level = level;
  j.created_ms = created_ms;
  return j;
}

// A game with `moves` moves stored.
GameRow stored_game(Store& store, const std::string& id, int moves) {
  GameRow g = make_game(id);
  EXPECT_TRUE(store.create_game(g).ok());
  for (int ply = 0; ply < moves; ++ply) EXPECT_TRUE(store.append_move(g, make_move(ply)).ok());
  return g;
}

TEST_P(AiJobStoreTest, OneJobPerTurnTheFirstWritten) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 1, 100, 3)).ok());
  // The same turn written again (another server, a restart) changes nothing.
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 1, 200, 9)).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 3, 300)).ok());
  auto jobs = store->list_ai_jobs();
  ASSERT_TRUE(jobs.ok()) << jobs.error();
  ASSERT_EQ(jobs->size(), 2u);
  EXPECT_EQ((*jobs)[0].game_id, "g");
  EXPECT_EQ((*jobs)[0].ply, 1);
  EXPECT_EQ((*jobs)[0].seat, 1);
  EXPECT_EQ((*jobs)[0].level, 3);
  EXPECT_EQ((*jobs)[0].created_ms, 100);
  EXPECT_EQ((*jobs)[0].lease_owner, "");
  EXPECT_EQ((*jobs)[0].lease_until_ms, 0);
  EXPECT_EQ((*jobs)[0].attempts, 0);
  EXPECT_EQ((*jobs)[1].ply, 3);
}

TEST_P(AiJobStoreTest, AClaimLeasesTheOldestFreeJobToOneOwner) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->enqueue_ai_job(job("late", 0, 200)).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job("early", 4, 100, 7)).ok());
  auto first = store->claim_ai_job("w1", 1000, 500);
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_TRUE(first->has_value());
  EXPECT_EQ((*first)->game_id, "early");
  EXPECT_EQ((*first)->ply, 4);
  EXPECT_EQ((*first)->level, 7);
  EXPECT_EQ((*first)->lease_owner, "w1");
  EXPECT_EQ((*first)->lease_until_ms, 1500);
  EXPECT_EQ((*first)->attempts, 1);
  auto second = store->claim_ai_job("w2", 1000, 500);
  ASSERT_TRUE(second.ok() && second->has_value());
  EXPECT_EQ((*second)->game_id, "late");
  auto none = store->claim_ai_job("w3", 1499, 500);
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_FALSE(none->has_value()) << "both leases still run";
}

// A worker that dies mid-search renews no more: its lease runs out and another worker takes the
// job; the dead one, should it come back, can no longer renew it.
TEST_P(AiJobStoreTest, ALeaseThatRunsOutFreesTheJobForAnother) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 2)).ok());
  ASSERT_TRUE(store->claim_ai_job("dead", 1000, 1000)->has_value());
  EXPECT_TRUE(*store->renew_ai_lease("g", 2, "dead", 2000));  // renewed while it searched
  EXPECT_FALSE(store->claim_ai_job("other", 1999, 1000)->has_value());
  auto taken = store->claim_ai_job("other", 2000, 1000);
  ASSERT_TRUE(taken.ok() && taken->has_value());
  EXPECT_EQ((*taken)->lease_owner, "other");
  EXPECT_EQ((*taken)->attempts, 2);
  EXPECT_FALSE(*store->renew_ai_lease("g", 2, "dead", 9000)) << "the job is another's now";
  EXPECT_TRUE(*store->renew_ai_lease("g", 2, "other", 4000));
  EXPECT_FALSE(*store->renew_ai_lease("g", 7, "other", 4000)) << "no such job";
  // Given back (lease 0): free at once.
  EXPECT_TRUE(*store->renew_ai_lease("g", 2, "other", 0));
  auto again = store->claim_ai_job("third", 2500, 1000);
  ASSERT_TRUE(again.ok() && again->has_value());
  EXPECT_EQ((*again)->attempts, 3);
}

// A job is done when its turn is over (the move stored, the game over or moved on); while the
// game still waits at that ply the job stays, unless forced.
TEST_P(AiJobStoreTest, AJobIsFinishedOnlyOnceItsTurnIsOver) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = stored_game(*store, "g", 2);
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 2)).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 1)).ok());  // a turn the game has passed
  EXPECT_FALSE(*store->finish_ai_job("g", 2)) << "the game still waits at ply 2";
  EXPECT_TRUE(*store->finish_ai_job("g", 1));
  ASSERT_TRUE(store->append_move(g, make_move(2)).ok());
  EXPECT_TRUE(*store->finish_ai_job("g", 2));
  EXPECT_FALSE(*store->finish_ai_job("g", 2)) << "gone already";
  EXPECT_TRUE(store->list_ai_jobs()->empty());

  // A finished game's job is over; a job of a game not stored too.
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 3)).ok());
  g.status = GameStatus::kFinished;
  ASSERT_TRUE(store->update_game(g).ok());
  EXPECT_TRUE(*store->finish_ai_job("g", 3));
  ASSERT_TRUE(store->enqueue_ai_job(job("nowhere", 0)).ok());
  EXPECT_TRUE(*store->finish_ai_job("nowhere", 0));
  // Forced: whatever the game's state.
  stored_game(*store, "h", 0);
  ASSERT_TRUE(store->enqueue_ai_job(job("h", 0)).ok());
  EXPECT_TRUE(*store->finish_ai_job("h", 0, true));
}

// The AI turn a change leaves is written in the change's transaction: with the move when it is
// stored, not at all when the move is refused (a stale ply).
TEST_P(AiJobStoreTest, AJobWrittenWithAChangeCommitsWithIt) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = stored_game(*store, "g", 1);
  std::vector<Write> writes;
  writes.emplace_back(Write::Kind::kAppendMove, g, make_move(5));  // stale
  writes.back().ai_job = job("g", 6);
  writes.emplace_back(Write::Kind::kAppendMove, g, make_move(1));
  writes.back().ai_job = job("g", 2);
  writes.emplace_back(Write::Kind::kEnqueueAiJob, GameRow{});
  writes.back().game.id = "other";
  writes.back().ai_job = job("other", 0);
  const auto statuses = store->write_batch(writes);
  ASSERT_EQ(statuses.size(), 3u);
  EXPECT_TRUE(statuses[0].is(ErrorCode::kConflict)) << statuses[0].error();
  EXPECT_TRUE(statuses[1].ok()) << statuses[1].error();
  EXPECT_TRUE(statuses[2].ok()) << statuses[2].error();
  auto jobs = store->list_ai_jobs();
  ASSERT_TRUE(jobs.ok());
  std::set<std::pair<std::string, int>> turns;
  for (const AiJobRow& j : *jobs) turns.insert({j.game_id, j.ply});
  EXPECT_EQ(turns, (std::set<std::pair<std::string, int>>{{"g", 2}, {"other", 0}}));
}

// An undo that brings the game back to a turn whose job still waits keeps that job: the finish
// of a searcher that saw the game moved on, decided after the undo, leaves it.
TEST_P(AiJobStoreTest, AnUndoBackToAWaitingTurnKeepsItsJob) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = stored_game(*store, "g", 3);
  ASSERT_TRUE(store->enqueue_ai_job(job("g", 2)).ok());  // written before a move at ply 2
  std::vector<Write> undo;
  undo.emplace_back(Write::Kind::kTruncateMoves, g, MoveRow{}, 2);
  undo.back().ai_job = job("g", 2, 500);
  ASSERT_TRUE(store->write_batch(undo)[0].ok());
  EXPECT_FALSE(*store->finish_ai_job("g", 2));
  ASSERT_EQ(store->list_ai_jobs()->size(), 1u);
}

// Several workers, each with its own store on one database, claiming at once: every job is
// leased to exactly one of them.
TEST_P(AiJobStoreTest, WorkersClaimingAtOnceNeverShareAJob) {
  auto first = open();
  ASSERT_TRUE(first);
  constexpr int kJobs = 60;
  for (int i = 0; i < kJobs; ++i) {
    ASSERT_TRUE(first->enqueue_ai_job(job("g" + std::to_string(i), i, 100 + i)).ok());
  }
  std::mutex mu;
  std::map<std::string, int> claimed;  // game id → claims
  std::atomic<int> errors{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w) {
    workers.emplace_back([&, w] {
      auto store = open_store(db_.url());
      if (!store.ok()) {
        ++errors;
        return;
      }
      for (;;) {
        auto got = (*store)->claim_ai_job("w" + std::to_string(w), 1000, 60'000);
        if (!got.ok()) {
          ++errors;
          return;
        }
        if (!got->has_value()) return;
        std::lock_guard lock(mu);
        ++claimed[(*got)->game_id];
      }
    });
  }
  for (auto& t : workers) t.join();
  EXPECT_EQ(errors, 0);
  EXPECT_EQ(claimed.size(), static_cast<std::size_t>(kJobs));
  for (const auto& [id, n] : claimed) EXPECT_EQ(n, 1) << id;
}

INSTANTIATE_TEST_SUITE_P(Backends, AiJobStoreTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), backend_name);

}  // namespace
}  // namespace arbiter::store::testing
