// What a search reports beyond its move (engine/searcher.h): a value for every player, multi-PV
// lines in move text with win-in-N for proven wins, and MCTS's root visits.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "games/registry.h"

namespace arbiter::engine {
namespace {

std::unique_ptr<GameState> position(const char* game, const char* params,
                                    const char* text = nullptr) {
  auto map = ParamMap::parse(std::string_view(params));
  auto s = text ? find_game(game)->parse_state(*map, text) : find_game(game)->new_state(*map);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return std::move(*s);
}

EngineResult search(const GameState& s, const char* spec, uint64_t nodes, int multipv = 1,
                    int depth = 0) {
  Engine e;
  EXPECT_TRUE(e.set_position(s).ok());
  EXPECT_TRUE(e.set_player(spec).ok());
  ai::SearchLimits limits;
  limits.nodes = nodes;
  limits.depth = depth;
  limits.multipv = multipv;
  auto r = e.search(limits);
  EXPECT_TRUE(r.ok());
  return *r;
}

// Every search gives every player a value in its own terms; the mover's is the score.
TEST(SearchResults, EverySearchValuesEveryPlayer) {
  struct Case {
    const char* game;
    const char* params;
    const char* spec;
  };
  for (const Case& c : {Case{"traverse", "players=2", "level=10,threads=1"},
                        Case{"traverse", "players=3", "algo=ab,threads=1"},
                        Case{"traverse", "players=4", "algo=brs,threads=1"},
                        Case{"traverse", "players=4", "algo=mcts,threads=1,seed=1"},
                        Case{"travelers", "", "level=10,threads=1"},
                        Case{"trap", "", "algo=mcts,threads=1,seed=1"}}) {
    auto s = position(c.game, c.params);
    const auto r = search(*s, c.spec, 2000);
    ASSERT_EQ(r.values.size(), static_cast<std::size_t>(s->num_players())) << c.spec;
    EXPECT_EQ(static_cast<int>(r.values[s->to_move()]), r.score) << c.game << " " << c.spec;
    ASSERT_EQ(r.lines.size(), 1u);  // MultiPV 1: the best move and its line
    EXPECT_EQ(r.lines[0].move, r.best_move);
    EXPECT_EQ(r.lines[0].score, r.score);
    EXPECT_EQ(r.lines[0].pv, r.pv);
    const bool mcts = std::string(c.spec).starts_with("algo=mcts");
    EXPECT_EQ(r.root_visits.empty(), !mcts) << c.spec;
    if (mcts) {
      EXPECT_EQ(r.root_visits[0].first, r.best_move);
    }
  }
}

TEST(SearchResults, MultiPvGivesTheBestMovesInMoveText) {
  for (const char* spec : {"level=10,threads=1", "algo=mcts,threads=1,seed=1"}) {
    auto s = position("travelers", "");
    const auto r = search(*s, spec, 3000, 3);
    ASSERT_EQ(r.lines.size(), 3u) << spec;
    EXPECT_EQ(r.lines[0].move, r.best_move);
    for (const auto& line : r.lines) {
      ASSERT_FALSE(line.pv.empty());
      EXPECT_EQ(line.pv[0], line.move);
      EXPECT_TRUE(s->clone()->apply(line.move).ok()) << line.move;
      EXPECT_FALSE(line.mate_in.has_value());
    }
    EXPECT_NE(r.lines[0].move, r.lines[1].move);
    EXPECT_NE(r.lines[1].move, r.lines[2].move);
  }
}

// A proven win is a win in N moves of the player to move: South steps its last piece home.
TEST(SearchResults, ProvenWinsAreWinInN) {
  auto s = position("traverse", "players=2",
                    "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40");
  const auto r = search(*s, "level=10,threads=1", 0, 2, 4);
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[0].move, "i9-i10");
  EXPECT_EQ(r.lines[0].mate_in, 1);
  // Two steps to go: the second move wins, whatever North does.
  auto two = position("traverse", "players=2",
                      "1SsDsTsCsCsTs3/6Ds1Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40");
  const auto r2 = search(*two, "level=10,threads=1", 0, 1, 4);
  EXPECT_EQ(r2.lines[0].mate_in, 2);
}

}  // namespace
}  // namespace arbiter::engine
