#include "engine/engine.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "engine/game_module.h"
#include "engine/match.h"
#include "games/registry.h"

namespace arbiter::engine {
namespace {

std::unique_ptr<GameState> start_of(const char* game, const char* params = "") {
  auto map = ParamMap::parse(std::string_view(params));
  auto s = find_game(game)->new_state(*map);
  EXPECT_TRUE(s.ok());
  return std::move(*s);
}

TEST(Engine, SearchesEveryGameAndReturnsALegalMove) {
  for (const Game* g : all_games()) {
    auto s = start_of(std::string(g->name()).c_str());
    (void)s->apply(s->legal_moves()[0]);
    Engine e;
    ASSERT_TRUE(e.set_position(*s).ok());
    ASSERT_TRUE(e.set_player("level=10,threads=1").ok());
    ai::SearchLimits limits;
    limits.nodes = 3000;
    auto r = e.search(limits);
    ASSERT_TRUE(r.ok());
    auto copy = s->clone();
    EXPECT_TRUE(copy->apply(r->best_move).ok()) << g->name() << " " << r->best_move;
    EXPECT_FALSE(r->pv.empty());
  }
}

// Each game has its own searcher (engine::make_searcher(), engine/game_module.h), which takes
// the concrete State of that game's positions and refuses another game's with a one-line error.
TEST(Engine, EachGameMakesTheSearcherOfItsOwnPositions) {
  const auto& games = all_games();
  for (std::size_t i = 0; i < games.size(); ++i) {
    const Game& other = *games[(i + 1) % games.size()];
    auto own = start_of(std::string(games[i]->name()).c_str());
    auto foreign = start_of(std::string(other.name()).c_str());
    auto searcher = engine::make_searcher(*games[i]);
    ASSERT_NE(searcher, nullptr);
    EXPECT_TRUE(searcher->set_position(*own).ok()) << games[i]->name();
    const auto refused = searcher->set_position(*foreign);
    ASSERT_FALSE(refused.ok()) << games[i]->name() << " took a " << other.name() << " position";
    EXPECT_NE(refused.error().find(std::string(other.name())), std::string::npos);
  }
}

TEST(Engine, EveryAlgorithmPlaysFourPlayerTraverse) {
  auto s = start_of("traverse", "players=4");
  for (const char* spec : {"algo=mcts,threads=2,nodes=1500", "algo=brs,nodes=1500",
                           "algo=ab,threads=2,depth=3", "level=3", "random"}) {
    Engine e;
    ASSERT_TRUE(e.set_position(*s).ok());
    ASSERT_TRUE(e.set_player(spec).ok()) << spec;
    auto r = e.search(ai::SearchLimits{});
    ASSERT_TRUE(r.ok());
    auto copy = s->clone();
    EXPECT_TRUE(copy->apply(r->best_move).ok()) << spec << " " << r->best_move;
  }
}

TEST(Engine, GoIsAsynchronousAndStopEndsIt) {
  auto s = start_of("travelers");
  Engine e;
  ASSERT_TRUE(e.set_position(*s).ok());
  ASSERT_TRUE(e.set_player("level=10").ok());
  std::atomic<int> reports{0};
  std::atomic<bool> done{false};
  ASSERT_TRUE(e.go(
                   ai::SearchLimits{}, [&](const ai::SearchProgress&) { ++reports; },
                   [&](const EngineResult&) { done = true; })
                  .ok());
  EXPECT_TRUE(e.searching());
  EXPECT_FALSE(e.go(ai::SearchLimits{}).ok());  // one search at a time
  // It reports while it searches: the first report, however slow the machine, then the stop.
  const auto patience = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (reports.load() == 0 && std::chrono::steady_clock::now() < patience) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const auto t0 = std::chrono::steady_clock::now();
  e.stop();
  const auto r = e.wait();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(done);
  EXPECT_GT(reports.load(), 0);
  EXPECT_FALSE(r.best_move.empty());
  // The search has no limit of its own, so returning at all shows stop() ended it; the bound
  // is loose so a loaded machine cannot fail it (the stop latency is measured by bench).
  EXPECT_LT(took, 2.0);
}

TEST(Engine, FinishedGameHasNoMoveAndBadSpecsAreErrors) {
  auto s = start_of("trap", "size=3");
  for (int i = 0; i < 400 && !s->is_terminal(); ++i) (void)s->apply(s->legal_moves()[0]);
  ASSERT_TRUE(s->is_terminal());
  Engine e;
  ASSERT_TRUE(e.set_position(*s).ok());
  ai::SearchLimits limits;
  limits.nodes = 100;
  auto r = e.search(limits);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->best_move, "");
  EXPECT_FALSE(e.set_player("level=12").ok());
  Engine fresh;
  EXPECT_FALSE(fresh.go(limits).ok());  // no position yet
}

// Level 10 against level 1 (random moves): short quick games, each game's winner is level 10.
// Level 10 searches a fixed number of nodes, so the games are the same in every build (the
// sanitizer build included) however slow it runs.
TEST(Engine, LevelTenBeatsLevelOne) {
  for (const char* game : {"traverse", "travelers", "trap"}) {
    for (int g = 0; g < 2; ++g) {
      GameSetup setup;
      setup.game = find_game(game);
      setup.tc.movetime = 60;
      setup.seat_player = {g, 1 - g};
      setup.seed = g;
      std::array<ai::Recipe, 2> players = {ai::level_recipe(10), ai::level_recipe(1)};
      players[0].threads = 1;
      players[0].nodes = 3000;
      auto out = play_game(setup, players);
      ASSERT_TRUE(out.ok()) << out.error();
      EXPECT_GT(out->returns[g], 0) << game << " game " << g << ": " << out->final->result_text();
    }
  }
}

}  // namespace
}  // namespace arbiter::engine
