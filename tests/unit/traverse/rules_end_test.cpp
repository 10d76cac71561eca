// Traverse rules R15–R21: circle reversals, the end of the game (wins, blocked out by
// repetition, the ply limit) and returns.
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

TEST(TraverseRules, R15_FullStartRowAllowsDestinationRow) {
  // Row 10 full: the circle may go to any empty middle square, its former square and the
  // mover's origin included, or to any empty square of its own destination row (row 1), never
  // a corner or another side square.
  State s = place("players=4 circle_reversal=on",
                  "Sn:b10 Dn:c10 Tn:d10 Cn:e10 Tn:f10 Dn:g10 Sn:h10 Sw:i10 Ss:e5 Cn:e6 Ds:c1");
  std::size_t lifts = 0;
  for (const auto& m : moves_from(s, "e5")) lifts += m.rfind("e5-e7/", 0) == 0;
  EXPECT_EQ(lifts, 63u + 7u);  // 64 middle squares less e7, 8 of row 1 less c1
  EXPECT_TRUE(s.parse_move("e5-e7/e6").ok());
  EXPECT_TRUE(s.parse_move("e5-e7/e5").ok());
  EXPECT_TRUE(s.parse_move("e5-e7/b1").ok());
  EXPECT_TRUE(s.parse_move("e5-e7/i1").ok());
  for (const char* bad : {"e5-e7/a1", "e5-e7/j1", "e5-e7/c1", "e5-e7/j5", "e5-e7/a5"}) {
    auto m = s.parse_move(bad);
    ASSERT_FALSE(m.ok()) << bad;
    EXPECT_NE(m.error().find("destination row"), std::string::npos) << m.error();
  }
}

TEST(TraverseRules, R15_CirclePlacedOnItsDestinationRowIsAtRest) {
  // North's start row is full; South sends the circle to row 1, North's destination row, where
  // the goal anchor pins it (R14).
  State s =
      position("players=2 rules=advanced", "1SnDnTnCnTnDnSnSs1/10/10/10/4Cn5/4Ss5/10/10/10/10 s 0");
  s.apply(parse(s, "e5-e7/e1"));
  EXPECT_EQ(s.at(*parse_square("e1")), make_piece(kNorth, kCircle));
  EXPECT_TRUE(s.anchored(*parse_square("e1"), kNorth));
  EXPECT_TRUE(moves_from(s, "e1").empty());
}

TEST(TraverseRules, R15_EachCircleIsJudgedWhenPlacedInJumpOrder) {
  // South lifts a West and an East circle. West's start row (column a) is full, East's (column
  // j) has one empty square, j8. Whichever circle is placed first decides who may take j8:
  // West's circle may (column j is its destination row), and then East's row is full.
  const std::string rows =
      "Sw:a8 Dw:a7 Tw:a6 Cw:a5 Tw:a4 Dw:a3 Sw:a2 Se:a9 "
      "Se:j2 De:j3 Te:j4 Ce:j5 Te:j6 De:j7 Sn:j9 ";
  State west_first = place("players=4 circle_reversal=on", rows + "Ss:e3 Cw:e4 Ce:e6");
  EXPECT_TRUE(west_first.parse_move("e3-e5-e7/j8,e5").ok());  // then East goes to the middle
  EXPECT_TRUE(west_first.parse_move("e3-e5-e7/d4,j8").ok());
  EXPECT_FALSE(west_first.parse_move("e3-e5-e7/d4,e5").ok());  // East's row still has room
  EXPECT_TRUE(has(moves_from(west_first, "e3"), "e3-e5-e7/j8,e5"));
  // West to j8 and East to any of 63 middle squares, or West to the middle and East to j8.
  const auto lifting_both = [](const State& s, const std::string& prefix) {
    std::size_t n = 0;
    for (const auto& m : moves_of(s)) n += m.rfind(prefix, 0) == 0;
    return n;
  };
  EXPECT_EQ(lifting_both(west_first, "e3-e5-e7/"), 126u);

  State east_first = place("players=4 circle_reversal=on", rows + "Ss:e7 Cw:e4 Ce:e6");
  EXPECT_TRUE(east_first.parse_move("e7-e5-e3/j8,e5").ok());
  EXPECT_FALSE(east_first.parse_move("e7-e5-e3/e5,j8").ok());  // East's circle must take j8
  EXPECT_EQ(lifting_both(east_first, "e7-e5-e3/"), 63u);       // East to j8, West anywhere
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

TEST(TraverseRules, R18_ACirclePutHomeByAnotherPlayerWinsForItsOwner) {
  // West has seven pieces home on column j and a circle on e5; its start row (column a) is
  // full, so South may put the lifted circle on j9, West's eighth home square.
  const std::string west = "Sw:j2 Dw:j3 Tw:j4 Cw:j5 Tw:j6 Dw:j7 Sw:j8 ";
  const std::string column_a = "Se:a2 De:a3 Te:a4 Ce:a5 Te:a6 De:a7 Se:a8 Sn:a9 ";
  State s = place("players=4 circle_reversal=on", west + column_a + "Ss:e4 Cw:e5");
  s.apply(parse(s, "e4-e6/j9"));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kAllHome);
  EXPECT_EQ(s.winner(), s.player_of_seat(kWest));
  EXPECT_EQ(s.result_text(), "west wins: all pieces home");
  s.undo();
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.winner(), -1);

  // When the same move brings the mover's own eighth piece home, the mover wins.
  const std::string south = "Ss:b10 Ds:c10 Ts:d10 Cs:e10 Cs:f10 Ts:g10 Ds:h10 ";
  State both = place("players=4 circle_reversal=on", west + column_a + south + "Ss:i8 Cw:i9");
  both.apply(parse(both, "i8-i10/j9"));
  ASSERT_TRUE(both.is_terminal());
  EXPECT_EQ(both.winner(), both.player_of_seat(kSouth));
}

// South has seven pieces home and i10 free; its diamond keeps the colour of e5, which i10 does
// not have, so no move ever brings it home: South is blocked out whenever it is the only piece
// South has outside.
const std::string kSouthHomeButADiamond = "Ss:b10 Ds:c10 Ts:d10 Cs:e10 Cs:f10 Ts:g10 Ss:h10 Ds:e5 ";

// Plays `cycle` (a list of moves) round and round for `plies` plies.
void play_cycle(State& s, const std::vector<std::string>& cycle, int plies) {
  for (int i = 0; i < plies; ++i) {
    ASSERT_FALSE(s.is_terminal()) << "ended early at ply " << i << ": " << s.result_text();
    s.apply(parse(s, cycle[i % cycle.size()]));
  }
}

TEST(TraverseRules, R19_RepetitionWithoutBlockedOutGoesOn) {
  // Two pieces each outside: nobody is blocked out, so repeating does not end the game.
  State s = place("players=2", "Cs:d4 Ss:b2 Cn:g7 Sn:i9");
  play_cycle(s, {"d4-d5", "g7-g6", "d5-d4", "g6-g7"}, 12);
  EXPECT_EQ(s.repetitions(), 4);  // the start counts as the first occurrence
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kNone);

  // One piece outside that can come home at once is not blocked out.
  State home = place("players=2",
                     "Ss:b10 Ds:c10 Ts:d10 Cs:f10 Ts:g10 Ds:h10 Ss:i10 Cs:e9 "
                     "Cn:g7 Sn:i9");
  EXPECT_FALSE(home.blocked_out(0));
  // Nor one that comes home by jumping a circle, which is lifted on the way (R15).
  EXPECT_FALSE(place("players=2 rules=advanced",
                     "Ss:b10 Ds:c10 Ts:d10 Cs:f10 Ts:g10 Ds:h10 Ss:i10 Cs:e8 Cn:e9 Sn:b5")
                   .blocked_out(0));
  play_cycle(home, {"e9-d9", "g7-g6", "d9-e9", "g6-g7"}, 12);
  EXPECT_FALSE(home.is_terminal());
}

TEST(TraverseRules, R19_BlockedOutPlayerWins) {
  // North has two pieces outside; South is blocked out in the repeated position.
  State s = place("players=2", kSouthHomeButADiamond + "Cn:g6 Sn:b5");
  EXPECT_TRUE(s.blocked_out(0));
  EXPECT_FALSE(s.blocked_out(1));
  play_cycle(s, {"e5-d6", "g6-g5", "d6-e5", "g5-g6"}, 7);
  EXPECT_FALSE(s.is_terminal());
  s.apply(parse(s, "g5-g6"));  // the start position, South to move, for the third time
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kBlockedOut);
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.result_text(), "south wins: blocked out by repetition");
  EXPECT_EQ(s.returns(), (std::vector<double>{1, -1}));
  s.undo();  // undo restores the running game
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.winner(), -1);
  EXPECT_EQ(s.result_text(), "");

  // Blocked out is judged for every player, the mover included: South's own move makes the
  // third occurrence, North to move.
  State mover = place("players=2", kSouthHomeButADiamond + "Cn:g6 Sn:b5", 'n');
  play_cycle(mover, {"g6-g5", "e5-d6", "g5-g6", "d6-e5"}, 8);
  ASSERT_TRUE(mover.is_terminal());
  EXPECT_EQ(mover.winner(), 0);
  // And for the player to move who did not make it: South's move repeats a position in which
  // North, to move, is blocked out.
  State north =
      place("players=2", "Ss:b5 Cs:d4 Sn:b1 Dn:c1 Tn:d1 Cn:e1 Tn:g1 Dn:h1 Sn:i1 Cn:g7", 'n');
  EXPECT_TRUE(north.blocked_out(1));
  play_cycle(north, {"g7-g6", "d4-d5", "g6-g7", "d5-d4"}, 8);
  ASSERT_TRUE(north.is_terminal());
  EXPECT_EQ(north.winner(), 1);
}

TEST(TraverseRules, R19_SeveralBlockedOutNearestWins) {
  // Both players have one piece outside that cannot come home in one move. North's circle on g3
  // is 2 rows from row 1, South's diamond 5 from row 10: North wins, though South moves next.
  State s = place("players=2", kSouthHomeButADiamond + "Cn:g3");
  play_cycle(s, {"e5-d6", "g3-g4", "d6-e5", "g4-g3"}, 8);
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kBlockedOut);
  EXPECT_EQ(s.winner(), 1);
  EXPECT_EQ(s.result_text(), "north wins: blocked out by repetition");

  // Equally near (5 and 5): the player who would move soonest after the final position.
  State tie = place("players=2", kSouthHomeButADiamond + "Cn:g6", 'n');
  play_cycle(tie, {"g6-g5", "e5-d6", "g5-g6", "d6-e5"}, 8);
  ASSERT_TRUE(tie.is_terminal());
  EXPECT_EQ(tie.player_name(tie.to_move()), "north");
  EXPECT_EQ(tie.winner(), 1);

  // A corner counts as outside the destination row.
  State alone = place("players=2", "Cs:d4 Ss:b2 Tn:a1");
  EXPECT_TRUE(alone.blocked_out(1));  // a triangle on a1 has no move home
}

TEST(TraverseRules, R20_PlyLimitAdjudicates) {
  State s = State::start(params_of("players=2 max_plies=3"));
  s.apply(parse(s, "c1-b2"));
  s.apply(parse(s, "c10-b9"));
  EXPECT_FALSE(s.is_terminal());
  s.apply(parse(s, "b2-c3"));  // South: 70 squares to go against North's 71
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kPlyLimit);
  EXPECT_EQ(s.result_text(), "south wins: adjudicated at the ply limit");
  s.undo();
  EXPECT_FALSE(s.is_terminal());
  // max_plies=0: no limit.
  EXPECT_EQ(params_of("max_plies=0").max_plies, 0);
  EXPECT_EQ(params_of("").max_plies, 1000);
  // A loaded position at the limit is already over.
  EXPECT_TRUE(place("players=2 max_plies=10", "Cs:d4 Cn:g7", 's', 10).is_terminal());

  // Fewest pieces outside wins; then the smaller distance; then the player to move.
  const auto at_limit = [](const std::string& pieces) {
    State t = place("players=2 max_plies=1", pieces);
    t.apply(parse(t, "d4-d5"));  // South moves; North is to move at the limit
    EXPECT_TRUE(t.is_terminal());
    return t.winner();
  };
  EXPECT_EQ(at_limit("Cs:d4 Ss:e9 Cn:g7"), 1);  // South 2 outside, North 1
  EXPECT_EQ(at_limit("Cs:d4 Cn:g3"), 1);        // distance 5 against 2
  EXPECT_EQ(at_limit("Cs:d4 Cn:g9"), 0);        // 5 against 8
  EXPECT_EQ(at_limit("Cs:d4 Cn:g6"), 1);        // 5 and 5: North moves next
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
