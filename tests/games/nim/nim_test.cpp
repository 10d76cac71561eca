// Nim through every generic path, with nothing outside tests/games/nim/ naming it but the game
// list and the build file: perft, alpha-beta and MCTS through the Engine (GameSearcher on the
// concrete State), and the engine protocol. The conformance suite plays it as any game.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/text.h"
#include "engine/engine.h"
#include "games/registry.h"
#include "protocol/session.h"

namespace arbiter {
namespace {

std::unique_ptr<GameState> nim_position(const char* params, const char* moves) {
  const Game* game = find_game("nim");
  EXPECT_NE(game, nullptr);
  auto state = game->new_state(*ParamMap::parse(std::string_view(params)));
  EXPECT_TRUE(state.ok()) << state.error();
  for (auto m : split(moves)) EXPECT_TRUE((*state)->apply(m).ok()) << m;
  return std::move(*state);
}

// Counted by brute force over heap tuples, independently of the State.
TEST(NimModule, Perft) {
  auto s = nim_position("", "");
  const uint64_t expected[] = {1, 9, 59, 275, 909, 2101};
  for (int depth = 0; depth <= 5; ++depth) EXPECT_EQ(s->perft(depth), expected[depth]) << depth;
  EXPECT_EQ(nim_position("heaps=6", "")->perft(3), 31270u);
}

// 1, 3, 5 has nim-sum 7; c3 (leaving 1, 3, 2) is the only move to nim-sum 0.
TEST(NimModule, AlphaBetaAndMctsFindTheWinningMove) {
  auto s = nim_position("", "");
  for (const char* player : {"algo=ab,depth=9", "algo=mcts,nodes=20000,seed=1"}) {
    engine::Engine e;
    ASSERT_TRUE(e.set_position(*s).ok());
    ASSERT_TRUE(e.set_player(player).ok());
    auto r = e.search(ai::SearchLimits{});
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->best_move, "c3") << player;
  }
}

// Searched to the end, 1, 3, 5 is a proven win: the score says so.
TEST(NimModule, AlphaBetaSeesTheEndOfTheGame) {
  engine::Engine e;
  ASSERT_TRUE(e.set_position(*nim_position("", "")).ok());
  ASSERT_TRUE(e.set_player("algo=ab,depth=10").ok());
  auto r = e.search(ai::SearchLimits{});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->best_move, "c3");
  EXPECT_TRUE(ai::is_win_score(r->score)) << r->score;
}

TEST(NimModule, ProtocolSession) {
  std::ostringstream out;
  {
    protocol::Session session(out);
    for (const char* line :
         {"newgame nim heaps=2", "position startpos moves b1", "moves", "perft 2",
          "setoption name Player value algo=ab,depth=4", "go depth 4", "wait",
          "position 0/1 second", "display", "position 0/0 first", "go depth 1"}) {
      ASSERT_TRUE(session.handle(line)) << line;
    }
  }
  std::string answers;
  for (std::istringstream in(out.str()); !in.eof();) {
    std::string l;
    std::getline(in, l);
    if (!l.empty() && !l.starts_with("info ")) answers += l + "\n";
  }
  EXPECT_EQ(answers,
            "moves a1 b1 b2\n"
            "perft depth 2 nodes 5\n"
            "bestmove b1\n"
            // display: the one board drawing (games/board_text.h) of the view
            "     b\n"
            "  1  C\n"
            "     b\n"
            "first:    second: \n"
            "second to move\n"
            "position 0/1 second\n"
            "bestmove none\n");
}

}  // namespace
}  // namespace arbiter
