// Traverse rules R7–R14: steps, jumps, long jumps, chains, where moves end, pass, anchor.
#include "test_util.h"

namespace arbiter::traverse {
namespace {

using namespace testing;

TEST(TraverseRules, R7_StepGoesToAnEmptyNeighbour) {
  State s = place("players=2", "Ss:e5 Sn:e6 Dn:e7");
  const auto m = moves_from(s, "e5");
  EXPECT_FALSE(has(m, "e5-e6"));  // occupied
  EXPECT_TRUE(has(m, "e5-d5"));
  EXPECT_FALSE(s.parse_move("e5-e6").ok());
}

TEST(TraverseRules, R8_JumpOverAnyPieceToTheEmptySquareBeyond) {
  State s = place("players=2", "Ss:e5 Ds:e6 Sn:d5 Tn:f5 Cn:g5");
  const auto m = moves_from(s, "e5");
  EXPECT_TRUE(has(m, "e5-e7"));   // over its own diamond
  EXPECT_TRUE(has(m, "e5-c5"));   // over an opponent
  EXPECT_FALSE(has(m, "e5-g5"));  // landing square occupied
  s.apply(parse(s, "e5-c5"));
  EXPECT_NE(s.at(*parse_square("d5")), 0);  // nothing is captured
}

TEST(TraverseRules, R9_LongJumpsAreSymmetricAndOnlyWithTheRule) {
  const std::string pieces = "Ss:e2 Sn:e5";
  EXPECT_FALSE(has(moves_from(place("players=2", pieces), "e2"), "e2-e8"));
  State s = place("players=2 long_jumps=on", pieces);
  EXPECT_TRUE(has(moves_from(s, "e2"), "e2-e8"));   // k = 2: e3 e4 | e5 | e6 e7, lands e8
  EXPECT_FALSE(has(moves_from(s, "e2"), "e2-e7"));  // not symmetric
  EXPECT_FALSE(has(moves_from(s, "e2"), "e2-e9"));
  // k = 1, and never over two pieces or a blocked stretch.
  EXPECT_TRUE(has(moves_from(place("players=2 long_jumps=on", "Ss:e3 Sn:e5"), "e3"), "e3-e7"));
  EXPECT_FALSE(
      has(moves_from(place("players=2 long_jumps=on", "Ss:e3 Sn:e5 Dn:e6"), "e3"), "e3-e8"));
  EXPECT_FALSE(
      has(moves_from(place("players=2 long_jumps=on", "Ss:e3 Sn:e5 Dn:e7"), "e3"), "e3-e7"));
}

TEST(TraverseRules, R10_ChainsOfJumpsWithoutSteps) {
  State s = place("players=2", "Cs:e3 Sn:e4 Dn:e6");
  const auto m = moves_from(s, "e3");
  EXPECT_TRUE(has(m, "e3-e5-e7"));
  EXPECT_TRUE(has(m, "e3-e5"));                 // a chain may stop after any jump
  EXPECT_FALSE(s.parse_move("e3-e5-e6").ok());  // no step inside a chain
  // A triangle's chain uses only its own three directions.
  State t = place("players=2", "Ts:e3 Sn:f4 Dn:h4 Cn:f6");
  EXPECT_TRUE(has(moves_from(t, "e3"), "e3-g5"));
  EXPECT_TRUE(has(moves_from(t, "e3"), "e3-g5-e7"));  // forward-left diagonal
  EXPECT_FALSE(t.parse_move("e3-g5-i3").ok());        // g5->i3 is a backward diagonal
  // The origin counts as empty: a route may land on it and go on.
  State o = place("players=2", "Cs:d5 Sn:e5 Dn:c5");
  EXPECT_EQ(parse(o, "d5-f5-d5-b5"), parse(o, "d5-b5"));
}

TEST(TraverseRules, R11_MovesEndOnlyInTheMiddleDestinationOrAlongTheStartRow) {
  // Corners and other side squares are never an end.
  EXPECT_EQ(moves_from(place("players=2", "Cs:b2"), "b2"),
            (std::vector<std::string>{"b2-b3", "b2-c2", "b2-c3"}));
  // A piece still in its start row may move along it, and only by a route that stays there.
  State row = place("players=2", "Ss:b1 Dn:c1");
  EXPECT_TRUE(has(moves_from(row, "b1"), "b1-d1"));
  State leave = place("players=2", "Cs:e1 Sn:e2 Dn:f2");
  EXPECT_TRUE(has(moves_from(leave, "e1"), "e1-e3"));
  EXPECT_FALSE(has(moves_from(leave, "e1"), "e1-e3-g1"));
  EXPECT_FALSE(leave.parse_move("e1-e3-g1").ok());
  // A chain may pass through side squares.
  State side = place("players=2", "Cs:c3 Sn:b3 Dn:b4");
  EXPECT_TRUE(has(moves_from(side, "c3"), "c3-a3-c5"));
  EXPECT_FALSE(has(moves_from(side, "c3"), "c3-a3"));
  // The destination row is an end; a piece that left its start row cannot return.
  EXPECT_TRUE(has(moves_from(place("players=2", "Ss:e9"), "e9"), "e9-e10"));
  EXPECT_FALSE(has(moves_from(place("players=2", "Ss:e2"), "e2"), "e2-e1"));
}

TEST(TraverseRules, R12_TheBoardMustChange) {
  State s = place("players=2", "Cs:e5 Sn:f5");
  for (const auto& m : moves_from(s, "e5")) EXPECT_NE(m.substr(m.size() - 2), "e5") << m;
  auto back = s.parse_move("e5-g5-e5");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().find("R12"), std::string::npos) << back.error();
}

TEST(TraverseRules, R13_PassOnlyWithoutALegalMove) {
  State boxed = place("players=2", "Ss:b1 Dn:c1 Tn:d1 Cn:b2 Sn:b3");
  EXPECT_EQ(moves_of(boxed), (std::vector<std::string>{"pass"}));
  EXPECT_EQ(boxed.count_moves(), 1u);
  boxed.apply(parse(boxed, "pass"));
  EXPECT_EQ(boxed.player_name(boxed.to_move()), "north");
  State start = State::start(params_of("players=2"));
  EXPECT_FALSE(start.parse_move("pass").ok());
}

TEST(TraverseRules, R14_GoalAnchorPinsPiecesAtRestOnTheDestinationRow) {
  const std::string pieces = "Ss:e10 Cs:c5";
  EXPECT_FALSE(moves_from(place("players=2", pieces), "e10").empty());
  State anchored = place("players=2 goal_anchor=on", pieces);
  EXPECT_TRUE(moves_from(anchored, "e10").empty());
  auto m = anchored.parse_move("e10-e9");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().find("R14"), std::string::npos);
  // Pieces may still move into and along it.
  EXPECT_TRUE(has(moves_from(anchored, "c5"), "c5-c6"));
}

}  // namespace
}  // namespace arbiter::traverse
