// The server under stress: a stalled or read-only store (the store's own thread, health from
// memory), the AI scheduler (one pending search per game, fair among clients, bounded, a game
// evicted while it waits), start-up and eviction with many games, expiry of abandoned games, and
// the legal endpoint on a large Trap (bounded memory, off the I/O threads).
#include <gtest/gtest.h>

#include <future>
#include <limits>
#include <set>
#include <thread>

#include "blocking_hub.h"
#include "core/params.h"
#include "faulty_store.h"
#include "games/registry.h"
#include "server/play/hub.h"
#include "server/play/legal_index.h"
#include "server/play/views.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

class HardenedServerTest : public ServerTest {
 protected:
  void SetUp() override {}
  // Starts the server over the fixture's database wrapped in a FaultyStore.
  void start_faulty(bool readonly = false) {
    server_.reset();
    auto opened = store::open_store("sqlite:" + (dir_ / "games.db").string());
    ASSERT_TRUE(opened.ok()) << opened.error();
    faulty_ = std::make_shared<FaultyStore>(std::shared_ptr<store::Store>(std::move(*opened)));
    faulty_->readonly = readonly;
    server_ = std::make_unique<Server>(options_, faulty_);
    Status st = server_->start();
    ASSERT_TRUE(st.ok()) << st.error();
    port_ = server_->port();
  }
  std::shared_ptr<FaultyStore> faulty_;
};

// Store writes on their own thread: with the disk stalled, moves wait but health (and every
// I/O thread) answers at once; the moves are stored and answered once the stall ends.
TEST_F(HardenedServerTest, HealthAnswersWhileTheStoreStalls) {
  options_.threads = 2;
  start_faulty();
  std::vector<std::pair<std::string, std::string>> games;  // id, token
  for (int i = 0; i < 4; ++i) {
    json created = create("traverse", {"human", "human"});
    games.emplace_back(created["game"]["id"], created["tokens"]["0"]);
  }
  faulty_->stall_ms = 1500;
  // More stalled moves than I/O threads: before, each held an I/O thread for the stall.
  std::vector<std::future<HttpReply>> moves;
  for (const auto& [id, token] : games) {
    moves.push_back(std::async(
        std::launch::async, [this, id = id, token = token] { return move(id, "c1-b2", token); }));
  }
  std::this_thread::sleep_for(200ms);
  const auto asked = Clock::now();
  HttpReply health = get("/api/health");
  EXPECT_LT(seconds_since(asked), 0.5) << "health waited on the stalled store";
  EXPECT_EQ(health.status, 200) << health.body;
  EXPECT_GE(health.parsed()["store"]["queued"].get<int>(), 1) << health.body;
  faulty_->stall_ms = 0;
  for (auto& m : moves) EXPECT_EQ(m.get().status, 200);
  for (const auto& [id, token] : games) EXPECT_EQ(game(id)["ply"], 1);
}

// Health reflects the store: one that cannot write is 503 with ok false and why; the queues'
// depths are reported.
TEST_F(HardenedServerTest, HealthIs503WhenTheStoreCannotWrite) {
  start_faulty();
  HttpReply ok = get("/api/health");
  EXPECT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.parsed()["ok"], true);
  EXPECT_TRUE(ok.parsed()["ai"].contains("queued")) << ok.body;
  EXPECT_TRUE(ok.parsed()["store"].contains("queued")) << ok.body;
  json created = create("traverse", {"human", "human"});
  faulty_->readonly = true;
  // A move now fails with a clear error, and health says so at once.
  HttpReply refused = move(created["game"]["id"], "c1-b2", created["tokens"]["0"]);
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_NE(refused.body.find("cannot write"), std::string::npos) << refused.body;
  HttpReply down = get("/api/health");
  EXPECT_EQ(down.status, 503) << down.body;
  EXPECT_EQ(down.parsed()["ok"], false);
  EXPECT_EQ(down.parsed()["store"]["writable"], false);
  EXPECT_NE(down.parsed()["store"]["error"].get<std::string>().find("readonly"), std::string::npos);
  EXPECT_EQ(game(created["game"]["id"])["ply"], 0) << "a refused move must change nothing";
  // Writable again: the periodic probe notices without any move.
  faulty_->readonly = false;
  const auto deadline = Clock::now() + 5s;
  while (get("/api/health").status != 200 && Clock::now() < deadline) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(get("/api/health").status, 200);
}

// A read-only store is unhealthy from the start, before any write is tried.
TEST_F(HardenedServerTest, HealthSeesAReadOnlyStoreAtStart) {
  options_.threads = 1;
  start_faulty(true);  // a store that refuses every write
  const auto deadline = Clock::now() + 2s;
  while (get("/api/health").status != 503 && Clock::now() < deadline) {
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(get("/api/health").status, 503);
}

// The legal endpoint on a size-8 Trap (~115,000 moves): built off the I/O threads (health
// answers meanwhile, even with one I/O thread), and every game's index within one budget.
TEST_F(HardenedServerTest, LegalOnALargeTrapIsBoundedAndOffTheIoThread) {
  options_.threads = 1;
  start();
  json a = create("trap", {"human", "human"}, "size=8");
  json b = create("trap", {"human", "human"}, "size=8");
  const std::string ida = a["game"]["id"], idb = b["game"]["id"];
  auto legal_a =
      std::async(std::launch::async, [&] { return get("/api/games/" + ida + "/legal"); });
  std::this_thread::sleep_for(50ms);
  const auto asked = Clock::now();
  EXPECT_EQ(get("/api/health").status, 200);
  EXPECT_LT(seconds_since(asked), 0.25) << "health waited for the legal index";
  HttpReply first = legal_a.get();
  ASSERT_EQ(first.status, 200) << first.body.substr(0, 200);
  EXPECT_GT(first.parsed()["count"].get<int>(), 100000);
  EXPECT_EQ(get("/api/games/" + idb + "/legal").status, 200);
  const json health = get("/api/health").parsed();
  // Both indexes together fit the budget; each well under the 33 MiB the parts as strings took.
  EXPECT_LE(health["legal"]["bytes"].get<std::size_t>(),
            health["legal"]["budget"].get<std::size_t>());
  EXPECT_EQ(health["legal"]["indexes"], 2) << health.dump();
  EXPECT_LT(health["legal"]["bytes"].get<std::size_t>(), 2 * (12u << 20)) << health.dump();
  // A prefix narrows the answer: the clicks after the first one listed.
  const std::string click = first.parsed()["next"][0]["click"];
  HttpReply narrowed = get("/api/games/" + ida + "/legal?clicks=" + click);
  ASSERT_EQ(narrowed.status, 200);
  EXPECT_LT(narrowed.parsed()["count"].get<int>(), first.parsed()["count"].get<int>());
  EXPECT_GT(narrowed.parsed()["count"].get<int>(), 0);
}

// The packed index answers exactly as the moves' parts do, for every prefix of every click
// order of every move of a position.
TEST(LegalIndexTest, AnswersAsTheMovesPartsDo) {
  const Game* game = find_game("traverse");
  auto state = game->new_state(ParamMap{}).value();
  for (const char* move : {"c1-b2", "d10-e9"}) ASSERT_TRUE(state->apply(move).ok());
  auto index = LegalIndex::build(*state);
  ASSERT_TRUE(index.ok()) << index.error();
  std::vector<MoveParts> parts;
  for (const auto& text : state->legal_moves()) parts.push_back(move_parts_of(*state, text));
  EXPECT_EQ((*index)->moves(), parts.size());
  std::set<std::vector<std::string>> prefixes = {{}};
  for (const auto& p : parts) {
    for (const auto& order : p.clicks) {
      for (std::size_t k = 1; k <= order.size(); ++k)
        prefixes.insert({order.begin(), order.begin() + k});
    }
  }
  prefixes.insert({"z99"});
  for (const auto& prefix : prefixes) {
    const LegalClicks got = (*index)->answer(prefix);
    int count = 0;
    std::set<std::string> next, complete;
    for (const auto& p : parts) {
      bool matched = false;
      for (const auto& order : p.clicks) {
        if (order.size() < prefix.size() ||
            !std::equal(prefix.begin(), prefix.end(), order.begin()))
          continue;
        matched = true;
        if (order.size() == prefix.size())
          complete.insert(p.text);
        else
          next.insert(order[prefix.size()]);
      }
      count += matched;
    }
    EXPECT_EQ(got.count, count);
    std::set<std::string> got_next, got_complete;
    for (const auto& n : got.next) got_next.insert(n.click);
    for (const auto& c : got.complete) got_complete.insert(c.text);
    EXPECT_EQ(got_next, next);
    EXPECT_EQ(got_complete, complete);
  }
}

// The hub over a fresh SQLite file, for the scheduling tests.
class HubTest : public ::testing::Test {
 protected:
  HubTest() {
    static int counter = 0;
    dir_ = fs::temp_directory_path() /
           ("arbiter_hub_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  ~HubTest() override {
    hub_.reset();
    fs::remove_all(dir_);
  }
  std::shared_ptr<store::Store> open() {
    auto opened = store::open_store("sqlite:" + (dir_ / "games.db").string());
    EXPECT_TRUE(opened.ok()) << opened.error();
    return std::shared_ptr<store::Store>(std::move(*opened));
  }
  void start(HubOptions options) {
    hub_.reset();
    hub_ = std::make_unique<Hub>(open(), options);
    auto loaded = hub_->load();
    ASSERT_TRUE(loaded.ok()) << loaded.error();
  }
  // Creates a game for `client`; the created game and its token.
  std::pair<std::string, std::string> create(std::vector<std::string> seats,
                                             const std::string& client = "") {
    NewGame request;
    request.game = "traverse";
    request.seats = std::move(seats);
    std::promise<Outcome<Seated>> p;
    hub_->create(request, client, [&](Outcome<Seated> o) { p.set_value(std::move(o)); });
    auto out = p.get_future().get();
    EXPECT_TRUE(out.ok()) << (out ? "" : out.error().message);
    if (!out) return {};
    return {out->game->id, out->tokens.empty() ? "" : out->tokens.begin()->second};
  }
  int ply(const std::string& id) {
    auto g = hub_->get(id);
    return g ? (*g)->ply : -1;
  }
  // Waits until `done` holds, up to `limit`; whether it did.
  static bool eventually(const std::function<bool()>& done, std::chrono::milliseconds limit) {
    const auto deadline = Clock::now() + limit;
    while (!done()) {
      if (Clock::now() > deadline) return false;
      std::this_thread::sleep_for(10ms);
    }
    return true;
  }

  fs::path dir_;
  std::unique_ptr<Hub> hub_;
};

HubOptions quick_ai(double movetime) {
  HubOptions o;
  o.ai_movetime = movetime;
  o.ai_workers = 1;
  return o;
}

// Fair AI scheduling: a client with many AI-first games does not make another client's game
// wait for all of them (first-in first-out served the many first).
TEST_F(HubTest, AiSearchesAreSharedFairlyAmongClients) {
  start(quick_ai(0.2));
  std::vector<std::string> many;
  for (int i = 0; i < 5; ++i) many.push_back(create({"ai:10", "human"}, "10.0.0.1").first);
  const std::string mine = create({"ai:10", "human"}, "10.0.0.2").first;
  ASSERT_TRUE(eventually([&] { return ply(mine) >= 1; }, 10s));
  int served = 0;
  for (const auto& id : many) served += ply(id) >= 1 ? 1 : 0;
  EXPECT_LE(served, 2) << "the other client's game waited for most of the first client's";
}

// At most one pending search per game, and a bound with a clear "busy" answer past it.
TEST_F(HubTest, AiQueueIsBoundedWithABusyAnswer) {
  HubOptions o = quick_ai(1.0);
  o.ai_queue = 2;
  start(o);
  int busy = 0;
  for (int i = 0; i < 6; ++i) {
    NewGame request;
    request.game = "traverse";
    request.seats = std::vector<std::string>{"ai:10", "human"};
    auto out = BlockingHub(*hub_).create(request);
    if (!out) {
      EXPECT_EQ(out.error().status, 503);
      EXPECT_NE(out.error().message.find("busy"), std::string::npos) << out.error().message;
      ++busy;
    }
  }
  EXPECT_GE(busy, 1);
  const HubHealth h = hub_->health();
  EXPECT_LE(h.ai.queued, 2u);
}

// An AI turn is not lost when its game leaves memory while its search waits: the search is
// queued by game id and the game loaded again when its turn comes.
TEST_F(HubTest, AiTurnSurvivesEvictionWhileQueued) {
  HubOptions o = quick_ai(0.3);
  o.max_live_games = 1;
  start(o);
  create({"ai:10", "ai:10"}, "busy");  // keeps the one worker searching
  auto [id, token] = create({"human", "ai:10"}, "player");
  ASSERT_TRUE(BlockingHub(*hub_).move(id, token, "c1-b2", 0).ok());
  for (int i = 0; i < 3; ++i) create({"human", "human"}, "other");  // pushes the game out
  EXPECT_TRUE(eventually([&, id = id] { return ply(id) == 2; }, 10s)) << "the AI's turn was lost";
}

// Start-up and eviction are O(n log n): 40,000 playing games (4,096 kept in memory) start in
// well under the ~78 s that scanning every live game per insertion took. The bound is loose so a
// loaded machine or a sanitizer build cannot fail it; the start-up time itself is measured by
// bench.
TEST_F(HubTest, StartWithManyGamesIsFast) {
  {
    auto store = open();
    std::vector<store::Write> writes;
    for (int i = 0; i < 40000; ++i) {
      store::Write w;
      w.kind = store::Write::Kind::kCreate;
      w.game.id = "g" + std::to_string(i);
      w.game.game = "traverse";
      w.game.params = "";
      w.game.seats = {store::SeatRow{}, store::SeatRow{}};
      w.game.created_ms = w.game.updated_ms = now_ms() - i;
      writes.push_back(std::move(w));
    }
    for (const auto& st : store->write_batch(writes)) ASSERT_TRUE(st.ok()) << st.error();
  }
  const auto started = Clock::now();
  start(HubOptions{});
  EXPECT_LT(seconds_since(started), 30.0);
  EXPECT_EQ(hub_->live_games(), HubOptions{}.max_live_games);
  // Games past the cap are still there, loaded on demand, and eviction keeps the cap.
  for (int i = 39990; i < 40000; ++i) EXPECT_EQ(ply("g" + std::to_string(i)), 0);
  EXPECT_LE(hub_->live_games(), HubOptions{}.max_live_games);
}

// Expiry of abandoned games: a playing game unchanged for longer than abandon_days is closed,
// its result stored; one with a recent move stays.
TEST_F(HubTest, AbandonedGamesAreClosedRecentOnesKept) {
  start(HubOptions{});
  auto [old_id, old_token] = create({"human", "human"});
  auto [recent_id, recent_token] = create({"human", "human"});
  ASSERT_TRUE(BlockingHub(*hub_).move(recent_id, recent_token, "c1-b2", 0).ok());
  hub_.reset();
  {
    // Ten days back for the old game.
    auto store = open();
    auto row = store->load_game(old_id).value().value();
    row.updated_ms -= 10 * 86'400'000LL;
    row.created_ms = row.updated_ms;
    ASSERT_TRUE(store->update_game(row).ok());
  }
  HubOptions o;
  o.abandon_days = 2;
  start(o);
  auto closed = hub_->get(old_id);
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ((*closed)->status, store::GameStatus::kFinished);
  EXPECT_NE((*closed)->result.find("abandoned"), std::string::npos) << (*closed)->result;
  auto kept = hub_->get(recent_id);
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ((*kept)->status, store::GameStatus::kPlaying);
  EXPECT_EQ(hub_->health().abandoned, 1u);
  // Stored: still closed after another start.
  start(HubOptions{});
  EXPECT_EQ((*hub_->get(old_id))->status, store::GameStatus::kFinished);
}

}  // namespace
}  // namespace arbiter::server::test
