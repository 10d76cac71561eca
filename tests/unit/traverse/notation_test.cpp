// Traverse notation (docs/traverse.md, "Move text"): a move is its resulting position; input
// accepts any valid spelling of it, output is the shortest spelling.
#include "core/params.h"
#include "games/registry.h"
#include "test_util.h"

namespace arbiter::traverse {
namespace {

using namespace testing;

// Two pieces, the square on e4 and the square on d5, can each jump round a loop back to their
// own square lifting the circle on e5: the same resulting position.
constexpr const char* kTwoLoops = "10/10/10/4Dn5/3Tn1Sn4/3SsCn1Sn3/4SsDn4/10/10/10 s 0";
// North's start row is full: the circle lifted from e6 by e5-e7 may go back to e6, and the one
// lifted from f5 by e5-g5-g7-e7 back to f5; both leave the same position.
constexpr const char* kTwoRoutes = "1SsDsTsCsDnDnTnTn1/10/10/5Sn4/4Cn1Sn3/4SsCn4/10/10/10/10 s 0";

TEST(TraverseNotation, AnySpellingOfALegalMoveIsAccepted) {
  State s = position("players=2 rules=advanced", kTwoLoops);
  const Move by_e4 = parse(s, "e4-e6-g6-g4-e4/b10");
  auto by_d5 = s.parse_move("d5-f5-f7-d7-d5/b10");
  ASSERT_TRUE(by_d5.ok()) << by_d5.error();
  EXPECT_EQ(*by_d5, by_e4);
  EXPECT_EQ(s.move_text(*by_d5), "e4-e6-g6-g4-e4/b10");
  // The other direction round each loop too.
  EXPECT_EQ(parse(s, "d5-d7-f7-f5-d5/b10"), by_e4);
  EXPECT_EQ(parse(s, "e4-g4-g6-e6-e4/b10"), by_e4);
  // A different placement is a different position; an invalid placement is still refused.
  EXPECT_NE(parse(s, "d5-f5-f7-d7-d5/c10"), by_e4);
  EXPECT_FALSE(s.parse_move("d5-f5-f7-d7-d5/e5").ok());  // row 10 has room (R15)

  // A longer route to the same position as a shorter one.
  State r = position("players=2 rules=advanced", kTwoRoutes);
  EXPECT_EQ(parse(r, "e5-g5-g7-e7/f5"), parse(r, "e5-e7/e6"));
  EXPECT_EQ(r.move_text(parse(r, "e5-g5-g7-e7/f5")), "e5-e7/e6");
  // A loop that puts both circles back where they stood changes nothing.
  auto unchanged = r.parse_move("e5-e7-g7-g5-e5/e6,f5");
  ASSERT_FALSE(unchanged.ok());
  EXPECT_NE(unchanged.error().find("R12"), std::string::npos) << unchanged.error();

  // Through the runtime face that the command line, records, the protocol and the server use.
  const Game* game = find_game("traverse");
  ASSERT_NE(game, nullptr);
  auto g = game->parse_state(*ParamMap::parse("players=2 rules=advanced"), kTwoLoops);
  ASSERT_TRUE(g.ok()) << g.error();
  const Status applied = (*g)->apply("d5-f5-f7-d7-d5/b10");
  ASSERT_TRUE(applied.ok()) << applied.error();
  EXPECT_EQ((*g)->history().back(), "e4-e6-g6-g4-e4/b10");
}

TEST(TraverseNotation, CanonicalSpellingIsTheShortestRoute) {
  State r = position("players=2 rules=advanced", kTwoRoutes);
  const auto moves = moves_of(r);
  EXPECT_TRUE(has(moves, "e5-e7/e6"));
  EXPECT_FALSE(has(moves, "e5-g5-g7-e7/f5"));
  // Listed spellings parse back to their move (a sample: each parse lists every move).
  for (std::size_t i = 0; i < moves.size(); i += 7) {
    EXPECT_EQ(r.move_text(parse(r, moves[i])), moves[i]);
  }

  // Equally short routes: the first jump that differs goes in the earlier direction of N, NE, E,
  // SE, S, SW, W, NW (e3-e5 goes north, e3-g5 north-east).
  State t = place("players=2", "Cs:e3 Sn:e4 Sn:e6 Dn:f4 Dn:f6");
  EXPECT_EQ(t.move_text(parse(t, "e3-g5-e7")), "e3-e5-e7");
  EXPECT_EQ(t.move_text(parse(t, "e3-e7")), "e3-e5-e7");

  // Equally short loops by different pieces: the piece on the lower square (e4 before d5).
  State s = position("players=2 rules=advanced", kTwoLoops);
  EXPECT_TRUE(has(moves_of(s), "e4-e6-g6-g4-e4/b10"));
  EXPECT_FALSE(has(moves_of(s), "d5-f5-f7-d7-d5/b10"));
}

}  // namespace
}  // namespace arbiter::traverse
