// One engine per live game with an AI seat (ai_engines.h): made for the game's first AI move and
// reused for the next ones, dropped when the game ends, and all of them held within the memory
// bound (--ai-memory) however many AI games there are.
#include "server/ai_seats/ai_engines.h"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

#include "blocking_hub.h"
#include "core/params.h"
#include "games/registry.h"
#include "server/play/hub.h"
#include "server/server.h"
#include "store/store.h"

namespace arbiter::server {
namespace {

using namespace std::chrono_literals;

constexpr std::size_t kLevel5 = 16;  // a one-thread alpha-beta engine: one 16 MB table

std::unique_ptr<Hub> make_hub(std::size_t ai_memory_mb) {
  auto store = store::open_store(":memory:");
  EXPECT_TRUE(store.ok()) << store.error();
  HubOptions options;
  options.ai_movetime = 0.02;
  options.ai_workers = 1;
  options.ai_memory_mb = ai_memory_mb;
  return std::make_unique<Hub>(std::shared_ptr<store::Store>(std::move(*store)), options);
}

// A legal move of the game's current position.
std::string some_move(const GameView& v) {
  const Game* game = find_game(v.game);
  auto params = ParamMap::parse(v.params);
  auto state = game->new_state(*params);
  for (const auto& m : v.moves) EXPECT_TRUE((*state)->apply(m).ok()) << m;
  return (*state)->legal_moves().front();
}

// Waits until the game reaches `ply` (the AI has replied); false after 20 s.
bool wait_for_ply(Hub& hub, const std::string& id, int ply) {
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto g = hub.get(id);
    if (g && (*g)->ply >= ply) return true;
    std::this_thread::sleep_for(5ms);
  }
  return false;
}

struct Created {
  std::string id;
  std::string token;
};

Created create_vs_ai(Hub& hub, const std::string& level) {
  NewGame request;
  request.game = "traverse";
  request.seats = std::vector<std::string>{"human", "ai:" + level};
  auto seated = test::BlockingHub(hub).create(request);
  EXPECT_TRUE(seated.ok()) << (seated.ok() ? "" : seated.error().message);
  if (!seated.ok()) return {};
  return {seated->game->id, seated->tokens.at(0)};
}

// Plays the human's move and waits for the AI's reply.
void play_and_wait(Hub& hub, const Created& c) {
  auto before = hub.get(c.id);
  ASSERT_TRUE(before.ok());
  const int ply = (*before)->ply;
  auto moved = test::BlockingHub(hub).move(c.id, c.token, some_move(**before), ply);
  ASSERT_TRUE(moved.ok()) << moved.error().message;
  ASSERT_TRUE(wait_for_ply(hub, c.id, ply + 2)) << "the AI did not reply in game " << c.id;
}

TEST(AiEngines, TwoAiMovesInAGameUseOneEngine) {
  auto hub = make_hub(256);
  const Created game = create_vs_ai(*hub, "5");
  play_and_wait(*hub, game);
  AiEngines::Stats first = hub->ai_engines();
  EXPECT_EQ(first.made, 1u);
  EXPECT_EQ(first.engines, 1u);
  EXPECT_EQ(first.megabytes, kLevel5);

  play_and_wait(*hub, game);
  play_and_wait(*hub, game);
  AiEngines::Stats later = hub->ai_engines();
  EXPECT_EQ(later.made, 1u) << "a later AI move made a new engine";
  EXPECT_EQ(later.engines, 1u);

  // The game's end drops its engine.
  ASSERT_TRUE(test::BlockingHub(*hub).resign(game.id, game.token, 0).ok());
  EXPECT_EQ(hub->ai_engines().engines, 0u);
  EXPECT_EQ(hub->ai_engines().megabytes, 0u);
}

TEST(AiEngines, MemoryBoundHoldsWithMoreAiGamesThanFit) {
  const std::size_t bound = AiEngines::largest_engine_megabytes();  // two level-5 engines
  ASSERT_EQ(bound, 2 * kLevel5);
  auto hub = make_hub(bound);
  std::vector<Created> games;
  for (int i = 0; i < 5; ++i) games.push_back(create_vs_ai(*hub, "5"));
  for (const Created& g : games) {
    play_and_wait(*hub, g);
    const AiEngines::Stats s = hub->ai_engines();
    EXPECT_LE(s.megabytes, bound);
    EXPECT_LE(s.engines, 2u);
  }
  AiEngines::Stats s = hub->ai_engines();
  EXPECT_EQ(s.made, 5u);
  EXPECT_EQ(s.evicted, 3u);  // the least recently used went first
  EXPECT_LE(s.peak_megabytes, bound);

  // The last game's engine is still there; the first game's was freed and is made again.
  play_and_wait(*hub, games.back());
  EXPECT_EQ(hub->ai_engines().made, 5u);
  play_and_wait(*hub, games.front());
  s = hub->ai_engines();
  EXPECT_EQ(s.made, 6u);
  EXPECT_LE(s.peak_megabytes, bound);
}

TEST(AiEngines, LeasesReuseWaitAndRespectTheCapacity) {
  AiEngines engines(32);
  auto a = engines.acquire("a", 16);
  ASSERT_TRUE(a);
  const engine::Engine* first = a.engine().get();
  a.release();
  auto again = engines.acquire("a", 16);
  EXPECT_EQ(again.engine().get(), first);  // the same engine, not a new one

  // A second search of the same game waits until the first gives the engine back.
  auto waiting = std::async(std::launch::async, [&] { return engines.acquire("a", 16); });
  EXPECT_EQ(waiting.wait_for(50ms), std::future_status::timeout);
  again.release();
  auto second = waiting.get();
  EXPECT_EQ(second.engine().get(), first);

  // Busy engines are never freed: a new game waits for room, then the idle one goes.
  auto b = engines.acquire("b", 16);
  ASSERT_TRUE(b);
  auto c = std::async(std::launch::async, [&] { return engines.acquire("c", 16); });
  EXPECT_EQ(c.wait_for(50ms), std::future_status::timeout);
  EXPECT_EQ(engines.stats().megabytes, 32u);
  second.release();  // "a" idle: freed for "c"
  auto c_lease = c.get();
  ASSERT_TRUE(c_lease);
  AiEngines::Stats s = engines.stats();
  EXPECT_EQ(s.engines, 2u);
  EXPECT_EQ(s.megabytes, 32u);
  EXPECT_EQ(s.peak_megabytes, 32u);
  EXPECT_EQ(s.evicted, 1u);

  // Dropping a busy engine frees it when its search gives it back.
  engines.drop("b");
  EXPECT_EQ(engines.stats().engines, 2u);
  b.release();
  EXPECT_EQ(engines.stats().engines, 1u);

  // Shutdown wakes a waiting search with an empty lease.
  auto d = engines.acquire("d", 16);
  auto e = std::async(std::launch::async, [&] { return engines.acquire("e", 32); });
  EXPECT_EQ(e.wait_for(50ms), std::future_status::timeout);
  engines.shutdown();
  EXPECT_FALSE(e.get());
  c_lease.release();
  d.release();
  EXPECT_EQ(engines.stats().engines, 0u);
}

TEST(AiEngines, ServerRefusesAMemoryBoundBelowTheLargestEngine) {
  auto store = store::open_store(":memory:");
  ASSERT_TRUE(store.ok());
  ServerOptions options;
  options.port = 0;
  options.ai_memory_mb = AiEngines::largest_engine_megabytes() - 1;
  Server server(options, std::shared_ptr<store::Store>(std::move(*store)));
  Status st = server.start();
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().find("--ai-memory 31 MB"), std::string::npos) << st.error();
}

TEST(AiEngines, EngineSizesFollowTheRecipe) {
  EXPECT_EQ(AiEngines::engine_megabytes(ai::level_recipe(1), 2), 1u);  // random: no tables
  EXPECT_EQ(AiEngines::engine_megabytes(ai::level_recipe(5), 2), kLevel5);
  EXPECT_EQ(AiEngines::engine_megabytes(ai::level_recipe(10), 2), 2 * kLevel5);  // 2 threads
  EXPECT_EQ(AiEngines::largest_engine_megabytes(), 2 * kLevel5);
  // A capacity below the largest engine is raised to it, so every search can run.
  AiEngines tiny(1);
  auto lease = tiny.acquire("x", AiEngines::largest_engine_megabytes());
  EXPECT_TRUE(lease);
}

}  // namespace
}  // namespace arbiter::server
