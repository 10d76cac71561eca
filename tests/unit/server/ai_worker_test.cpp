// AI workers (worker/worker.h, docs/deploy.md "AI workers"). One turn on both backends: a job is
// searched and its move stored with the next AI turn's job, a job whose turn is over is dropped,
// a lease lost to another worker drops the move. Then servers run with `--ai-workers 0` on one
// PostgreSQL database: they search nothing themselves, a worker's move reaches every server and
// its watchers, and a dead worker's job is taken by another once its lease runs out.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "client.h"
#include "multi_server_fixture.h"
#include "replay/ai_movetime.h"
#include "server/server.h"
#include "store/store.h"
#include "unit/store/store_backends.h"
#include "worker/ai_turn.h"
#include "worker/worker.h"

namespace arbiter::server::test {
namespace {

using store::testing::Backend;
using store::testing::StoreTest;

constexpr auto kHuman = store::SeatKind::kHuman;
constexpr auto kAi = store::SeatKind::kAi;

// A Traverse game (default parameters, South to move first) with these seats, AI at `level`.
store::GameRow traverse_row(const std::string& id, std::vector<store::SeatKind> kinds,
                            int level = 1) {
  store::GameRow g;
  g.id = id;
  g.game = "traverse";
  g.status = store::GameStatus::kPlaying;
  g.created_ms = g.updated_ms = 1000;
  for (auto kind : kinds) {
    store::SeatRow s;
    s.kind = kind;
    s.level = kind == kAi ? level : 0;
    g.seats.push_back(s);
  }
  return g;
}

store::AiJobRow job_of(const std::string& id, int ply, int seat) {
  return store::AiJobRow{id, ply, seat, 1, 1000, "", 0, 0};
}

class AiTurnTest : public StoreTest {
 protected:
  worker::TurnReport run(store::Store& store, const store::AiJobRow& job,
                         const std::string& owner = "w/0", int64_t lease_ms = 10'000) {
    worker::TurnOptions o;
    o.owner = owner;
    o.lease_ms = lease_ms;
    o.movetime = 0.05;
    worker::TurnRunner runner(store, o, stopping_);
    return runner.run(job);
  }
  std::atomic<bool> stopping_{false};
};

TEST_P(AiTurnTest, AJobIsSearchedAndStoredWithTheNextAiTurn) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_game(traverse_row("g", {kAi, kAi})).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job_of("g", 0, 0)).ok());
  auto claimed = store->claim_ai_job("w/0", now_ms(), 10'000);
  ASSERT_TRUE(claimed.ok() && claimed->has_value());
  const worker::TurnReport r = run(*store, **claimed);
  EXPECT_EQ(r.outcome, worker::TurnOutcome::kMoved) << r.detail;
  auto moves = store->load_moves("g");
  ASSERT_TRUE(moves.ok());
  ASSERT_EQ(moves->size(), 1u);
  EXPECT_EQ((*moves)[0].text, r.detail);
  EXPECT_EQ((*moves)[0].seat, 0);
  // The job is done; the other AI seat's turn has its job, written with the move.
  auto jobs = store->list_ai_jobs();
  ASSERT_TRUE(jobs.ok());
  ASSERT_EQ(jobs->size(), 1u);
  EXPECT_EQ((*jobs)[0].ply, 1);
  EXPECT_EQ((*jobs)[0].seat, 1);
  EXPECT_EQ((*jobs)[0].lease_owner, "");
  EXPECT_GE((*store->load_game("g"))->updated_ms, 1000);
}

TEST_P(AiTurnTest, AJobWhoseTurnIsOverIsDropped) {
  auto store = open();
  ASSERT_TRUE(store);
  store::GameRow g = traverse_row("g", {kAi, kHuman});
  ASSERT_TRUE(store->create_game(g).ok());
  ASSERT_TRUE(store->append_move(g, store::MoveRow{0, "c1-b2", 0, 1500, 0}).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job_of("g", 0, 0)).ok());  // the move is stored already
  auto claimed = store->claim_ai_job("w/0", now_ms(), 10'000);
  ASSERT_TRUE(claimed.ok() && claimed->has_value());
  const worker::TurnReport r = run(*store, **claimed);
  EXPECT_EQ(r.outcome, worker::TurnOutcome::kDropped) << r.detail;
  EXPECT_EQ(store->load_moves("g")->size(), 1u);
  EXPECT_TRUE(store->list_ai_jobs()->empty());
  // A human's turn named by a job (it cannot be an AI's) and a game that is gone: dropped too.
  ASSERT_TRUE(store->enqueue_ai_job(job_of("g", 1, 1)).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job_of("gone", 0, 0)).ok());
  for (int i = 0; i < 2; ++i) {
    auto next = store->claim_ai_job("w/0", now_ms(), 10'000);
    ASSERT_TRUE(next.ok() && next->has_value());
    EXPECT_EQ(run(*store, **next).outcome, worker::TurnOutcome::kDropped);
  }
  EXPECT_TRUE(store->list_ai_jobs()->empty());
  EXPECT_EQ(store->load_moves("g")->size(), 1u);
}

// A worker whose lease another worker has taken (it was too slow to renew: the lease ran out)
// stops its search and stores nothing; the other stores the move.
TEST_P(AiTurnTest, ALeaseLostToAnotherWorkerDropsTheMove) {
  auto store = open();
  ASSERT_TRUE(store);
  // Level 9 searches for its whole movetime.
  ASSERT_TRUE(store->create_game(traverse_row("g", {kAi, kHuman}, 9)).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job_of("g", 0, 0)).ok());
  const int64_t t = now_ms();
  ASSERT_TRUE(store->claim_ai_job("slow/0", t - 60'000, 1)->has_value());
  ASSERT_TRUE(store->claim_ai_job("fast/0", t, 60'000)->has_value());
  worker::TurnOptions o;
  o.owner = "slow/0";
  o.lease_ms = 30;  // renews every 10 ms: finds the lease gone at once
  o.movetime = 2.0;
  worker::TurnRunner slow(*store, o, stopping_);
  const auto started = std::chrono::steady_clock::now();
  const worker::TurnReport r = slow.run(job_of("g", 0, 0));
  EXPECT_EQ(r.outcome, worker::TurnOutcome::kLost) << r.detail;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1))
      << "the search stopped when the lease was found lost";
  EXPECT_TRUE(store->load_moves("g")->empty());
  EXPECT_EQ(run(*store, job_of("g", 0, 0), "fast/0").outcome, worker::TurnOutcome::kMoved);
  EXPECT_EQ(store->load_moves("g")->size(), 1u);
}

// A worker told to stop (SIGTERM) ends its search at once and gives the lease back, so another
// worker takes the job without waiting for the lease to run out.
TEST_P(AiTurnTest, AStoppingWorkerGivesItsLeaseBack) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_game(traverse_row("g", {kAi, kHuman}, 9)).ok());
  ASSERT_TRUE(store->enqueue_ai_job(job_of("g", 0, 0)).ok());
  auto claimed = store->claim_ai_job("w/0", now_ms(), 60'000);
  ASSERT_TRUE(claimed.ok() && claimed->has_value());
  worker::TurnOptions o;
  o.owner = "w/0";
  o.movetime = 30.0;
  worker::TurnRunner runner(*store, o, stopping_);
  std::thread stopper([this] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stopping_ = true;
  });
  const auto started = std::chrono::steady_clock::now();
  const worker::TurnReport r = runner.run(**claimed);
  stopper.join();
  EXPECT_EQ(r.outcome, worker::TurnOutcome::kStopped) << r.detail;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  EXPECT_TRUE(store->load_moves("g")->empty());
  auto again = store->claim_ai_job("other/0", now_ms(), 60'000);
  ASSERT_TRUE(again.ok() && again->has_value()) << "the lease was given back";
  EXPECT_EQ((*again)->attempts, 2);
}

INSTANTIATE_TEST_SUITE_P(Backends, AiTurnTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         store::testing::backend_name);

// The AI's search time with a clock, one rule for the server's searches and the workers'.
TEST(AiMovetime, AThirtiethOfTheClockPlusTheIncrementWithinTheLimit) {
  store::GameRow row = traverse_row("g", {kAi, kHuman});
  row.time_control = "3+2";
  auto live = replay_game(row, {});
  ASSERT_TRUE(live.ok()) << live.error();
  const LiveGame& g = **live;
  ASSERT_TRUE(g.clock_running());
  EXPECT_DOUBLE_EQ(ai_movetime(g, 0.5, row.updated_ms), 0.5);
  // 180 s left: 6 s + 2 s.
  EXPECT_DOUBLE_EQ(ai_movetime(g, 100, row.updated_ms), 8.0);
  // 1 s left: half of it, not a thirtieth plus the increment.
  EXPECT_DOUBLE_EQ(ai_movetime(g, 100, row.updated_ms + 179'000), 0.5);
  EXPECT_DOUBLE_EQ(ai_movetime(g, 100, row.updated_ms + 200'000), replay::kMinAiMovetime);
}

// Servers with --ai-workers 0 on one PostgreSQL database, and workers in this process.
class RemoteAiTest : public MultiServerFixture<2> {
 protected:
  void adjust(ServerOptions& o) override { o.ai_workers = 0; }
  // A connection of the test's own (a worker's, or to look at the jobs).
  std::shared_ptr<store::Store> open() {
    auto store = store::open_store(db_.url());
    EXPECT_TRUE(store.ok()) << store.error();
    return store.ok() ? std::shared_ptr<store::Store>(std::move(*store)) : nullptr;
  }
  std::unique_ptr<worker::Worker> start_worker(const std::string& name, int64_t lease_ms) {
    worker::WorkerOptions o;
    o.name = name;
    o.threads = 1;
    o.movetime = 0.05;
    o.lease_ms = lease_ms;
    o.poll_ms = 10;
    auto w = std::make_unique<worker::Worker>(open(), o);
    w->start();
    return w;
  }
  // The game on `server` once it has `ply` moves, or after 10 s.
  json game_at(int server, const std::string& id, int ply) {
    json g = game(server, id);
    for (int i = 0; i < 500 && g["ply"] != ply; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      g = game(server, id);
    }
    return g;
  }
};

TEST_F(RemoteAiTest, AWorkersMoveReachesEveryServerAndItsWatchers) {
  HttpReply created = http(ports_[0], "POST", "/api/games",
                           json{{"game", "traverse"}, {"seats", {"human", "ai:1"}}}.dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.parsed()["game"]["id"];
  const std::string south = created.parsed()["tokens"]["0"];
  WsClient watcher(ports_[1], "/api/games/" + id + "/ws");
  ASSERT_TRUE(watcher.connected());
  HttpReply moved =
      http(ports_[0], "POST", "/api/games/" + id + "/moves", json{{"move", "c1-b2"}}.dump(), south);
  ASSERT_EQ(moved.status, 200) << moved.body;
  // No worker yet: the servers search nothing; the turn waits as a job.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(game(0, id)["ply"], 1);
  auto jobs = open()->list_ai_jobs();
  ASSERT_TRUE(jobs.ok());
  ASSERT_EQ(jobs->size(), 1u);
  EXPECT_EQ((*jobs)[0].game_id, id);
  EXPECT_EQ((*jobs)[0].ply, 1);
  EXPECT_EQ((*jobs)[0].seat, 1);

  auto w = start_worker("w", 10'000);
  auto seen = watcher.read_until(
      [](const json& m) { return m["type"] == "state" && m["game"]["ply"] == 2; });
  ASSERT_TRUE(seen) << "the watcher on the other server saw the worker's move";
  for (int s = 0; s < 2; ++s) EXPECT_EQ(game_at(s, id, 2)["ply"], 2) << "server " << s;
  // An AI that moves first: its job is written with the new game.
  HttpReply ai_first = http(ports_[1], "POST", "/api/games",
                            json{{"game", "traverse"}, {"seats", {"ai:1", "human"}}}.dump());
  ASSERT_EQ(ai_first.status, 201) << ai_first.body;
  const std::string other = ai_first.parsed()["game"]["id"];
  EXPECT_EQ(game_at(0, other, 1)["ply"], 1);
  EXPECT_EQ(game_at(1, other, 1)["ply"], 1);
  w->stop();
  EXPECT_EQ(w->stats().moved, 2u);
  EXPECT_TRUE(open()->list_ai_jobs()->empty());
}

// A worker killed mid-search renews its lease no more; once the lease runs out another worker
// takes the job and the game goes on.
TEST_F(RemoteAiTest, ADeadWorkersJobIsTakenOnceItsLeaseRunsOut) {
  HttpReply created = http(ports_[0], "POST", "/api/games",
                           json{{"game", "traverse"}, {"seats", {"ai:1", "human"}}}.dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.parsed()["game"]["id"];
  // The dead worker: it claimed the job and said no more.
  auto dead = open()->claim_ai_job("dead/0", now_ms(), 600);
  ASSERT_TRUE(dead.ok() && dead->has_value()) << (dead.ok() ? "no job" : dead.error());
  const auto claimed_at = std::chrono::steady_clock::now();
  auto w = start_worker("alive", 600);
  EXPECT_EQ(game_at(1, id, 1)["ply"], 1);
  EXPECT_GE(std::chrono::steady_clock::now() - claimed_at, std::chrono::milliseconds(500))
      << "taken only once the dead worker's lease ran out";
  w->stop();
  EXPECT_EQ(w->stats().moved, 1u);
}

}  // namespace
}  // namespace arbiter::server::test
