// Traverse rules R15–R21: circle reversals, the end of the game, adjudication and returns.
#include "test_util.h"

namespace arbiter::traverse {
namespace {

using namespace testing;

TEST(TraverseRules, R15_JumpedOpponentCircleGoesBackToItsStartRow) {
  State s = place("players=2 circle_reversal=on", "Ss:e5 Cn:e6");
  std::vector<std::string> lifts;
  for (const auto& m : moves_from(s, "e5")) {
    if (m.rfind("e5-e7", 0) == 0) lifts.push_back(m);
  }
  EXPECT_EQ(lifts.size(), 8u);  // any empty square of row 10
  EXPECT_TRUE(has(lifts, "e5-e7/b10"));
  s.apply(parse(s, "e5-e7/c10"));
  EXPECT_EQ(s.at(*parse_square("e6")), 0);
  EXPECT_EQ(s.at(*parse_square("c10")), make_piece(kNorth, kCircle));
  EXPECT_FALSE(s.parse_move("e5-e7/c10").ok());  // (it is North's turn now)
  // Placements must be given, on the right row.
  State t = place("players=2 circle_reversal=on", "Ss:e5 Cn:e6 Dn:c5");
  EXPECT_FALSE(t.parse_move("e5-e7/e9").ok());
  EXPECT_FALSE(t.parse_move("e5-e7/c5").ok());
}

TEST(TraverseRules, R15_FullStartRowSendsTheCircleToAnyEmptyMiddleSquare) {
  // Row 10 full: the circle may go to any empty middle square, its former square and the
  // mover's origin included.
  State s = place("players=4 circle_reversal=on",
                  "Sn:b10 Dn:c10 Tn:d10 Cn:e10 Tn:f10 Dn:g10 Sn:h10 Sw:i10 Ss:e5 Cn:e6");
  std::size_t lifts = 0;
  for (const auto& m : moves_from(s, "e5")) lifts += m.rfind("e5-e7/", 0) == 0;
  EXPECT_EQ(lifts, 63u);  // 64 middle squares less e7
  EXPECT_TRUE(s.parse_move("e5-e7/e6").ok());
  EXPECT_TRUE(s.parse_move("e5-e7/e5").ok());
  EXPECT_FALSE(s.parse_move("e5-e7/j5").ok());
}

TEST(TraverseRules, R15_SeveralCirclesArePlacedInJumpOrder) {
  State s = place("players=4 circle_reversal=on", "Ss:e3 Cn:e4 Cw:e6");
  EXPECT_TRUE(s.parse_move("e3-e5-e7/b10,a2").ok());
  EXPECT_FALSE(s.parse_move("e3-e5-e7/a2,b10").ok());
  EXPECT_FALSE(s.parse_move("e3-e5-e7/b10").ok());
  const Move m = parse(s, "e3-e5-e7/b10,a2");
  EXPECT_EQ(s.move_text(m), "e3-e5-e7/b10,a2");
  s.apply(m);
  EXPECT_EQ(s.at(*parse_square("b10")), make_piece(kNorth, kCircle));
  EXPECT_EQ(s.at(*parse_square("a2")), make_piece(kWest, kCircle));
  s.undo();
  EXPECT_EQ(s.at(*parse_square("e4")), make_piece(kNorth, kCircle));
  EXPECT_EQ(s.at(*parse_square("e6")), make_piece(kWest, kCircle));
}

TEST(TraverseRules, R16_CirclesOnTheirStartOrDestinationRowStay) {
  // On its start row: jumped but not lifted.
  State start_row = place("players=2 circle_reversal=on", "Ss:d10 Cn:e10");
  EXPECT_TRUE(has(moves_from(start_row, "d10"), "d10-f10"));
  // At rest on its destination row: stays, unless reversal_from_goal.
  const std::string goal = "Ss:d1 Cn:e1";
  EXPECT_TRUE(has(moves_from(place("players=2 circle_reversal=on", goal), "d1"), "d1-f1"));
  State from_goal = place("players=2 rules=expert", goal);  // goal_anchor on, overridden
  EXPECT_FALSE(has(moves_from(from_goal, "d1"), "d1-f1"));
  EXPECT_TRUE(has(moves_from(from_goal, "d1"), "d1-f1/b10"));
  // On some other side square it is lifted (here on column a, in a 2-player game).
  State side = place("players=2 circle_reversal=on", "Cs:a4 Cn:a5 Dn:b6");
  EXPECT_TRUE(has(moves_from(side, "a4"), "a4-a6-c6/b10"));
  EXPECT_FALSE(side.parse_move("a4-a6-c6").ok());
}

TEST(TraverseRules, R17_OwnCirclesAreNeverLifted) {
  State s = place("players=2 circle_reversal=on", "Ss:e5 Cs:e6");
  EXPECT_TRUE(has(moves_from(s, "e5"), "e5-e7"));
  for (const auto& m : moves_from(s, "e5")) EXPECT_EQ(m.find('/'), std::string::npos) << m;
}

TEST(TraverseRules, R18_AllEightHomeWinsAtOnce) {
  State s = place("players=2", "Ss:b10 Ds:c10 Ts:d10 Cs:e10 Cs:f10 Ts:g10 Ds:h10 Ss:i9 Sn:e5");
  EXPECT_FALSE(s.is_terminal());
  s.apply(parse(s, "i9-i10"));
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.result_text(), "south wins: all pieces home");
  EXPECT_EQ(s.count_moves(), 0u);
  s.undo();
  EXPECT_FALSE(s.is_terminal());
  // Fewer than 8 pieces never win by R18.
  State few = place("players=2", "Ss:b10 Ds:c9 Sn:e5");
  few.apply(parse(few, "c9-d10"));
  EXPECT_FALSE(few.is_terminal());
}

TEST(TraverseRules, R19_ThirdOccurrenceEndsTheGameAndIsAdjudicated) {
  // Both circles shuffle; the start counts as the first occurrence.
  State s = place("players=2", "Cs:d4 Cn:g7");
  const char* cycle[] = {"d4-d5", "g7-g6", "d5-d4", "g6-g7"};
  for (int i = 0; i < 8; ++i) {
    ASSERT_FALSE(s.is_terminal()) << "ended early at ply " << i;
    s.apply(parse(s, cycle[i % 4]));
  }
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kRepetition);
  // One piece out each, distance 6 each: the player to move (South) wins the tie.
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.result_text(), "south wins: adjudicated after threefold repetition");

  // Fewer pieces outside wins; then the smaller distance.
  State fewer = place("players=2", "Cs:d4 Ss:e9 Cn:g7");
  for (int i = 0; i < 8; ++i) fewer.apply(parse(fewer, cycle[i % 4]));
  EXPECT_EQ(fewer.winner(), 1);
  State closer = place("players=2", "Cs:d4 Cn:g3");
  const char* near[] = {"d4-d5", "g3-g2", "d5-d4", "g2-g3"};
  for (int i = 0; i < 8; ++i) closer.apply(parse(closer, near[i % 4]));
  ASSERT_TRUE(closer.is_terminal());
  EXPECT_EQ(closer.winner(), 1);  // North: distance 2 against 6
}

TEST(TraverseRules, R20_PlyLimitEndsAndAdjudicates) {
  State s = State::start(params_of("players=2 max_plies=3"));
  s.apply(parse(s, "c1-b2"));
  s.apply(parse(s, "c10-b9"));
  EXPECT_FALSE(s.is_terminal());
  s.apply(parse(s, "b2-c3"));  // South: 70 squares to go against North's 71
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kPlyLimit);
  EXPECT_EQ(s.result_text(), "south wins: adjudicated at the ply limit");
  // max_plies=0: no limit.
  EXPECT_EQ(params_of("max_plies=0").max_plies, 0);
  EXPECT_EQ(params_of("").max_plies, 1000);
  // A loaded position at the limit is already over.
  EXPECT_TRUE(place("players=2 max_plies=10", "Cs:d4 Cn:g7", 's', 10).is_terminal());
}

TEST(TraverseRules, R21_WinnerGetsOneOthersShareMinusOne) {
  State s = place("players=4", "Ss:b10 Ds:c10 Ts:d10 Cs:e10 Cs:f10 Ts:g10 Ds:h10 Ss:i9 Sn:e5");
  s.apply(parse(s, "i9-i10"));
  const auto r = s.returns();
  ASSERT_EQ(r.size(), 4u);
  EXPECT_DOUBLE_EQ(r[0], 1.0);
  for (int i = 1; i < 4; ++i) EXPECT_DOUBLE_EQ(r[i], -1.0 / 3);
  EXPECT_EQ(State::start(params_of("players=2")).returns(), (std::vector<double>{0, 0}));
}

}  // namespace
}  // namespace arbiter::traverse
