// Reviews as server jobs (server/analysis/review_jobs.h): refused for a game being played and an
// unknown one; bounded per client and in all; run once and stored with their report (a second
// request and a restarted server read it); a review abandoned by a stopped server (its lease run
// out) is taken up by the sweep, and one another server holds is left to it; watchers hear the
// end.
#include "server/analysis/review_jobs.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "blocking_hub.h"
#include "server/play/hub.h"
#include "store/store.h"

namespace arbiter::server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// A store whose claim_review waits while `hold` is set, so a review stays running as long as a
// test needs; everything else goes to a real store.
class GatedStore : public store::Store {
 public:
  explicit GatedStore(std::shared_ptr<store::Store> inner) : inner_(std::move(inner)) {}

  void hold() {
    std::lock_guard lock(mu_);
    held_ = true;
  }
  void release() {
    std::lock_guard lock(mu_);
    held_ = false;
    cv_.notify_all();
  }
  int waiting() {
    std::lock_guard lock(mu_);
    return waiting_;
  }

  store::Status create_game(const store::GameRow& g) override { return inner_->create_game(g); }
  store::Status update_game(const store::GameRow& g) override { return inner_->update_game(g); }
  store::Result<std::optional<store::GameRow>> load_game(std::string_view id) override {
    return inner_->load_game(id);
  }
  store::Result<std::vector<store::MoveRow>> load_moves(std::string_view id) override {
    return inner_->load_moves(id);
  }
  store::Status append_move(const store::GameRow& g, const store::MoveRow& m) override {
    return inner_->append_move(g, m);
  }
  store::Status truncate_moves(const store::GameRow& g, int from) override {
    return inner_->truncate_moves(g, from);
  }
  store::Result<std::vector<store::GameRow>> list_games(const store::GameFilter& f) override {
    return inner_->list_games(f);
  }
  std::vector<store::Status> write_batch(const std::vector<store::Write>& writes) override {
    return inner_->write_batch(writes);
  }
  store::Status put_review(const store::ReviewRow& r) override { return inner_->put_review(r); }
  store::Result<bool> claim_review(std::string_view id, std::string_view owner, int64_t now,
                                   int64_t until) override {
    {
      std::unique_lock lock(mu_);
      ++waiting_;
      cv_.wait(lock, [this] { return !held_; });
      --waiting_;
    }
    return inner_->claim_review(id, owner, now, until);
  }
  store::Status finish_review(std::string_view id, std::string_view owner, bool done,
                              std::string_view report, int64_t now) override {
    return inner_->finish_review(id, owner, done, report, now);
  }
  store::Result<std::optional<store::ReviewRow>> load_review(std::string_view id) override {
    return inner_->load_review(id);
  }
  store::Result<std::vector<store::ReviewRow>> claimable_reviews(int64_t now, int limit) override {
    return inner_->claimable_reviews(now, limit);
  }

 private:
  std::shared_ptr<store::Store> inner_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool held_ = false;
  int waiting_ = 0;
};

// Releases the store when it goes, before the ReviewJobs declared ahead of it joins its workers.
struct Unhold {
  GatedStore& store;
  ~Unhold() { store.release(); }
};

class ReviewJobsTest : public ::testing::Test {
 protected:
  ReviewJobsTest() {
    auto opened = store::open_store(":memory:");
    EXPECT_TRUE(opened.ok()) << opened.error();
    inner_ = std::shared_ptr<store::Store>(std::move(*opened));
    store_ = std::make_shared<GatedStore>(inner_);
    HubOptions h;
    h.ai_workers = 1;
    hub_ = std::make_unique<Hub>(store_, h);
    options_.review_nodes = 300;  // quick, and the same review every time
    options_.review_threads = 1;
    options_.review_per_client = 2;
  }
  ~ReviewJobsTest() override {
    store_->release();
    if (hub_) hub_->shutdown();
  }

  // A game of `moves` plies played by both seats' one token, then resigned: finished.
  std::string finished_game(const std::vector<std::string>& moves = {"b1-b2", "b10-b9"}) {
    std::string id = playing_game(moves);
    EXPECT_TRUE(test::BlockingHub(*hub_).resign(id, token_, 0).ok());
    return id;
  }
  std::string playing_game(const std::vector<std::string>& moves) {
    NewGame g;
    g.game = "traverse";
    auto seated = test::BlockingHub(*hub_).create(g);
    EXPECT_TRUE(seated.ok());
    token_ = seated->tokens.at(0);
    const std::string id = seated->game->id;
    for (const auto& m : moves)
      EXPECT_TRUE(test::BlockingHub(*hub_).move(id, token_, m, std::nullopt).ok()) << m;
    return id;
  }
  // Waits until the review of `id` has ended (done or failed).
  ReviewState ended(ReviewJobs& jobs, const std::string& id) {
    for (int i = 0; i < 500; ++i) {
      auto s = jobs.state(id);
      EXPECT_TRUE(s.ok());
      if (s &&
          (s->status == store::ReviewStatus::kDone || s->status == store::ReviewStatus::kFailed)) {
        return *s;
      }
      std::this_thread::sleep_for(20ms);
    }
    ADD_FAILURE() << "the review of " << id << " did not end";
    return {};
  }

  std::shared_ptr<store::Store> inner_;
  std::shared_ptr<GatedStore> store_;
  std::unique_ptr<Hub> hub_;
  AnalysisOptions options_;
  std::string token_;
};

// A game being played has no review yet (409), an unknown game none at all (404); a finished one
// is queued (created), runs, and is stored with its report: a verdict per move and a value per
// player for every position.
TEST_F(ReviewJobsTest, AFinishedGameIsReviewedAndStored) {
  ReviewJobs jobs(*hub_, options_);
  const std::string playing = playing_game({"b1-b2"});
  auto refused = jobs.request(playing, "address:a");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().status, 409);
  EXPECT_EQ(jobs.request("nosuchgame", "address:a").error().status, 404);
  EXPECT_EQ(jobs.state("nosuchgame").error().status, 404);

  const std::string id = finished_game();
  EXPECT_FALSE(jobs.state(id)->status);  // none asked for
  bool created = false;
  auto queued = jobs.request(id, "address:a", &created);
  ASSERT_TRUE(queued.ok()) << queued.error().message;
  EXPECT_TRUE(created);
  const ReviewState done = ended(jobs, id);
  ASSERT_EQ(done.status, store::ReviewStatus::kDone) << done.error;
  const json report = json::parse(done.report);
  EXPECT_EQ(report["settings"], "level=10 nodes=300");
  ASSERT_EQ(report["moves"].size(), 2u);
  EXPECT_EQ(report["moves"][1]["player"], "north");
  EXPECT_FALSE(report["moves"][0]["verdict"].get<std::string>().empty());
  EXPECT_EQ(report["moves"][0]["expected_after"], report["positions"][1]["expected"]);
  ASSERT_EQ(report["positions"].size(), 3u);
  EXPECT_EQ(report["positions"][2]["expected"].size(), 2u);

  // Asked again: answered as it stands, nothing queued.
  auto again = jobs.request(id, "address:b", &created);
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(created);
  EXPECT_EQ(again->status, store::ReviewStatus::kDone);
  // Stored: a server started afresh on the store reads it.
  ReviewJobs restarted(*hub_, options_);
  EXPECT_EQ(restarted.state(id)->report, done.report);
}

// One client has at most review_per_client reviews queued or running; another client is not
// held back by it; once the first client's reviews end it may ask again.
TEST_F(ReviewJobsTest, ReviewsAreBoundedPerClient) {
  const std::string a = finished_game(), b = finished_game(), c = finished_game();
  store_->hold();  // every review stays where it is
  ReviewJobs jobs(*hub_, options_);
  Unhold unhold{*store_};
  ASSERT_TRUE(jobs.request(a, "address:x").ok());
  ASSERT_TRUE(jobs.request(b, "address:x").ok());
  auto third = jobs.request(c, "address:x");
  ASSERT_FALSE(third.ok());
  EXPECT_EQ(third.error().status, 429);
  EXPECT_NE(third.error().message.find("address:x"), std::string::npos);
  // Asking again for one it has queued is no new review.
  EXPECT_TRUE(jobs.request(a, "address:x").ok());
  EXPECT_TRUE(jobs.request(c, "address:y").ok());  // someone else
  store_->release();
  for (const auto& id : {a, b, c}) EXPECT_EQ(ended(jobs, id).status, store::ReviewStatus::kDone);
  const std::string d = finished_game();
  EXPECT_TRUE(jobs.request(d, "address:x").ok());
}

// The server's queue is bounded too: past review_queue waiting reviews, 503.
TEST_F(ReviewJobsTest, TheQueueIsBounded) {
  options_.review_queue = 1;
  options_.review_per_client = 10;
  const std::string a = finished_game(), b = finished_game(), c = finished_game();
  store_->hold();
  ReviewJobs jobs(*hub_, options_);
  Unhold unhold{*store_};
  ASSERT_TRUE(jobs.request(a, "address:x").ok());
  for (int i = 0; i < 200 && store_->waiting() == 0; ++i) std::this_thread::sleep_for(10ms);
  ASSERT_EQ(store_->waiting(), 1);  // a runs (held in its claim); the queue is empty
  ASSERT_TRUE(jobs.request(b, "address:y").ok());
  auto full = jobs.request(c, "address:z");
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error().status, 503);
}

// A review whose server stopped (queued, or leased with the lease run out) is taken up by the
// sweep; one another server still holds is left alone.
TEST_F(ReviewJobsTest, TheSweepTakesUpAbandonedReviewsOnly) {
  const std::string abandoned = finished_game(), held = finished_game(), queued = finished_game();
  const int64_t now = hub_->now();
  for (const auto& id : {abandoned, held, queued}) {
    store::ReviewRow row;
    row.game_id = id;
    row.requester = "address:gone";
    row.requested_ms = now - 1000;
    ASSERT_TRUE(inner_->put_review(row).ok());
  }
  ASSERT_TRUE(*inner_->claim_review(abandoned, "dead-server", now - 900, now - 100));
  ASSERT_TRUE(*inner_->claim_review(held, "live-server", now, now + 600'000));
  ReviewJobs jobs(*hub_, options_);  // sweeps at start
  EXPECT_EQ(ended(jobs, abandoned).status, store::ReviewStatus::kDone);
  EXPECT_EQ(ended(jobs, queued).status, store::ReviewStatus::kDone);
  auto other = jobs.state(held);
  EXPECT_EQ(other->status, store::ReviewStatus::kRunning);
  EXPECT_EQ((*inner_->load_review(held))->lease_owner, "live-server");
}

// A watcher hears the review run and end.
TEST_F(ReviewJobsTest, WatchersHearTheEnd) {
  struct Watcher : ReviewWatcher {
    std::mutex mu;
    std::vector<json> heard;
    void review_event(std::shared_ptr<const std::string> m) override {
      std::lock_guard lock(mu);
      heard.push_back(json::parse(*m));
    }
  };
  auto watcher = std::make_shared<Watcher>();
  const std::string id = finished_game();
  store_->hold();
  ReviewJobs jobs(*hub_, options_);
  Unhold unhold{*store_};
  ASSERT_TRUE(jobs.request(id, "address:a").ok());
  jobs.watch(id, watcher);
  store_->release();
  EXPECT_EQ(ended(jobs, id).status, store::ReviewStatus::kDone);
  for (int i = 0; i < 100; ++i) {
    {
      std::lock_guard lock(watcher->mu);
      if (!watcher->heard.empty() && watcher->heard.back()["status"] == "done") break;
    }
    std::this_thread::sleep_for(10ms);
  }
  std::lock_guard lock(watcher->mu);
  ASSERT_FALSE(watcher->heard.empty());
  EXPECT_EQ(watcher->heard.front()["type"], "review");
  EXPECT_EQ(watcher->heard.front()["game"], id);
  EXPECT_EQ(watcher->heard.back()["status"], "done");
}

}  // namespace
}  // namespace arbiter::server
