// Tests of the reference move generator itself (tests/unit/traverse/reference_movegen.*).
// Hand-derived counts are explained in comments next to each position.
#include "reference_movegen.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arbiter::traverse::reference {
namespace {

constexpr int kSouth = 0, kWest = 1, kNorth = 2, kEast = 3;
constexpr int kSquare = 0, kDiamond = 1, kTriangle = 2, kCircle = 3;

RefBoard empty_board() {
  RefBoard b;
  b.fill(-1);
  return b;
}

// "e5" -> square index (row * 10 + col).
int sq(const std::string& name) {
  const int col = name[0] - 'a';
  const int row = std::stoi(name.substr(1)) - 1;
  return row * 10 + col;
}

void put(RefBoard& b, const std::string& name, int seat, int kind) {
  b[sq(name)] = static_cast<int8_t>(seat * 4 + kind);
}

// R5 default arrangement, seen from behind the start row, left to right.
constexpr int kDefaultArrangement[8] = {kSquare, kDiamond,  kTriangle, kCircle,
                                        kCircle, kTriangle, kDiamond,  kSquare};

// Places `seat`'s default set-up. "Left" seen from behind: South west->east (b1..i1),
// West north->south (a9..a2), North east->west (i10..b10), East south->north (j2..j9).
void put_default(RefBoard& b, int seat) {
  for (int i = 0; i < 8; ++i) {
    int square = 0;
    switch (seat) {
      case kSouth:
        square = 0 * 10 + (1 + i);
        break;
      case kWest:
        square = (8 - i) * 10 + 0;
        break;
      case kNorth:
        square = 9 * 10 + (8 - i);
        break;
      case kEast:
        square = (1 + i) * 10 + 9;
        break;
    }
    b[square] = static_cast<int8_t>(seat * 4 + kDefaultArrangement[i]);
  }
}

// Leaf count of the move tree (pass counts as a move, R13). Depths here are too shallow for
// R18 wins or R19 repetitions to occur from the start position.
long perft(const RefBoard& b, const std::vector<int>& seats, std::size_t to_move, int depth,
           const RefRules& rules) {
  if (depth == 0) return 1;
  const std::size_t next = (to_move + 1) % seats.size();
  const auto successors = reference_successors(b, seats[to_move], rules);
  if (successors.empty()) return perft(b, seats, next, depth - 1, rules);
  long total = 0;
  for (const RefBoard& s : successors) total += perft(s, seats, next, depth - 1, rules);
  return total;
}

TEST(TraverseReference, TwoPlayerStartGivesSixteenSouthMoves) {
  RefBoard b = empty_board();
  put_default(b, kSouth);
  put_default(b, kNorth);
  // b1 square: b2 (1). c1 diamond: b2, d2 (2). d1 triangle: c2, e2 (2). e1 circle: d2, e2, f2 (3);
  // its sideways jumps land on occupied squares. Mirror for f1..i1: 3+2+2+1. Total 16.
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{}).size(), 16u);
  EXPECT_EQ(reference_successors(b, kNorth, RefRules{}).size(), 16u);
}

TEST(TraverseReference, StartPerftMatchesSpecCrossCheck) {
  RefBoard two = empty_board();
  put_default(two, kSouth);
  put_default(two, kNorth);
  EXPECT_EQ(perft(two, {kSouth, kNorth}, 0, 1, RefRules{}), 16);
  EXPECT_EQ(perft(two, {kSouth, kNorth}, 0, 2, RefRules{}), 256);
  EXPECT_EQ(perft(two, {kSouth, kNorth}, 0, 3, RefRules{}), 4800);

  RefBoard three = two;
  put_default(three, kWest);
  EXPECT_EQ(perft(three, {kSouth, kWest, kNorth}, 0, 2, RefRules{}), 254);

  RefBoard four = three;
  put_default(four, kEast);
  const RefRules expert{true, true, true, true};
  EXPECT_EQ(perft(four, {kSouth, kWest, kNorth, kEast}, 0, 2, expert), 260);
}

TEST(TraverseReference, ChainCanStopAnywhereButNotBackAtOrigin) {
  RefBoard b = empty_board();
  put(b, "e5", kSouth, kSquare);
  put(b, "e6", kNorth, kSquare);
  put(b, "e8", kNorth, kSquare);
  // Steps e4, d5, f5 (3). Chain e5-e7 and e5-e7-e9 (2). e5-e7-e9-e7-e5 ends on the origin with
  // an unchanged board (R12). Total 5; long jumps add nothing (every gap is 0).
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{}).size(), 5u);
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{.long_jumps = true}).size(), 5u);
}

TEST(TraverseReference, LongJumpsAreSymmetricAndChain) {
  RefBoard b = empty_board();
  put(b, "e2", kSouth, kSquare);
  put(b, "e4", kNorth, kSquare);
  put(b, "e8", kNorth, kSquare);
  // Basic: steps e3, d2, f2 (e1 is the start row, but the origin e2 is not on it: R11). 3.
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{}).size(), 3u);
  // Long jumps: e2-e6 (k=1 over e4), e2-e6-e10 (k=1 over e8, landing on the destination row).
  // e2 over e8 would pass e4 too (never two pieces). 3 + 2 = 5.
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{.long_jumps = true}).size(), 5u);

  // Landing square occupied: e2 over e4 would land on e6, which holds a piece. Only 3 steps.
  RefBoard c = empty_board();
  put(c, "e2", kSouth, kSquare);
  put(c, "e4", kNorth, kSquare);
  put(c, "e6", kNorth, kSquare);
  EXPECT_EQ(reference_successors(c, kSouth, RefRules{.long_jumps = true}).size(), 3u);
}

TEST(TraverseReference, StartRowRouteMustStayInRow) {
  RefBoard b = empty_board();
  put(b, "c1", kSouth, kSquare);
  put(b, "c2", kNorth, kSquare);
  put(b, "d3", kNorth, kSquare);
  put(b, "e2", kNorth, kSquare);
  // Steps b1, d1 (sideways along the start row). Chains c1-c3, c1-c3-e3. c1-c3-e3-e1 ends on the
  // start row after leaving it: illegal (R11 clarification). Total 4.
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{}).size(), 4u);

  RefBoard s = empty_board();
  put(s, "b1", kSouth, kSquare);
  put(s, "c1", kNorth, kSquare);
  put(s, "e1", kNorth, kSquare);
  // Step b2; a1 is a corner. Chains b1-d1 and b1-d1-f1 stay in the start row. Total 3.
  EXPECT_EQ(reference_successors(s, kSouth, RefRules{}).size(), 3u);
}

TEST(TraverseReference, GoalAnchorFreezesPiecesOnDestinationRow) {
  RefBoard b = empty_board();
  put(b, "e10", kSouth, kSquare);
  // Without the anchor: e9, d10, f10 (3). With it: no move, so South would pass (R14).
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{}).size(), 3u);
  EXPECT_TRUE(reference_successors(b, kSouth, RefRules{.goal_anchor = true}).empty());
}

TEST(TraverseReference, TriangleDirectionsFollowOwnersForward) {
  RefBoard b = empty_board();
  put(b, "e5", kWest, kTriangle);
  // West's forward is east: f6, f4 and straight back d5 (R6).
  const auto succ = reference_successors(b, kWest, RefRules{});
  ASSERT_EQ(succ.size(), 3u);
  for (const std::string to : {"f6", "f4", "d5"}) {
    RefBoard expected = empty_board();
    put(expected, to, kWest, kTriangle);
    EXPECT_EQ(succ.count(expected), 1u) << to;
  }
}

TEST(TraverseReference, CircleReversalPlacesOnOwnersStartRow) {
  RefBoard b = empty_board();
  put(b, "e5", kSouth, kSquare);
  put(b, "e6", kNorth, kCircle);
  // Steps e4, d5, f5 (3). Jump to e7: without reversal 1 board; with reversal the circle goes to
  // one of the 8 empty squares b10..i10 (8 boards).
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{}).size(), 4u);
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{.circle_reversal = true}).size(), 11u);

  // R15: North's start row full (East pieces, which never move for South): fall back to any
  // empty middle square, including the circle's former square e6 and the origin e5 (64 - 1 for
  // the mover on e7 = 63), or any empty square of North's destination row 1 (b1-i1, 8), plus 3
  // steps.
  RefBoard full = b;
  for (const std::string s : {"b10", "c10", "d10", "e10", "f10", "g10", "h10", "i10"}) {
    put(full, s, kEast, kSquare);
  }
  EXPECT_EQ(reference_successors(full, kSouth, RefRules{.circle_reversal = true}).size(), 74u);
}

TEST(TraverseReference, R15_LiftedCirclesAreJudgedInJumpOrder) {
  // West's start column a is full, East's column j has one empty square, j8. A South square
  // lifts a West circle and an East circle. Placed West first, West's circle may take j8 (its
  // destination row), leaving East's circle the middle; placed East first, East's must take j8.
  RefBoard b = empty_board();
  for (const std::string s : {"a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"}) {
    put(b, s, kWest, kSquare);
  }
  for (const std::string s : {"j2", "j3", "j4", "j5", "j6", "j7", "j9"}) put(b, s, kEast, kSquare);
  put(b, "e4", kWest, kCircle);
  put(b, "e6", kEast, kCircle);
  RefBoard west_first = b;
  put(west_first, "e3", kSouth, kSquare);
  // Steps d3, f3, e2 (3); e3-e5 lifts West's circle: j8 or one of 62 middle squares (e5 and e6
  // taken), 63; e3-e5-e7: West to j8 and East to one of 63 middle squares, or West to one of 63
  // and East to j8 (126).
  EXPECT_EQ(reference_successors(west_first, kSouth, RefRules{.circle_reversal = true}).size(),
            3u + 63u + 126u);
  RefBoard east_first = b;
  put(east_first, "e7", kSouth, kSquare);
  // Steps d7, f7, e8 (3); e7-e5 lifts East's circle: j8 only (1); e7-e5-e3: East to j8, West to
  // one of 63 middle squares (63).
  EXPECT_EQ(reference_successors(east_first, kSouth, RefRules{.circle_reversal = true}).size(),
            3u + 1u + 63u);
}

TEST(TraverseReference, TwoLiftedCirclesArePlacedInOrder) {
  RefBoard b = empty_board();
  put(b, "e3", kSouth, kSquare);
  put(b, "e4", kNorth, kCircle);
  put(b, "e6", kNorth, kCircle);
  // Steps e2, d3, f3 (3). e3-e5 lifts e4: 8 placements. e3-e5-e7 lifts both: two identical
  // circles on 2 distinct squares of b10..i10: C(8,2) = 28 boards. Total 39.
  EXPECT_EQ(reference_successors(b, kSouth, RefRules{.circle_reversal = true}).size(), 39u);
}

TEST(TraverseReference, CirclesNotLiftedOnStartRowOrOwnOrGoalUnlessReversalFromGoal) {
  // Own circle (R17): South circle e6 moves too. Square e5: e4, d5, f5, jump e7 (4). Circle e6:
  // 7 steps (e5 occupied) + jump to e4 (8). Total 12 with or without reversal.
  RefBoard own = empty_board();
  put(own, "e5", kSouth, kSquare);
  put(own, "e6", kSouth, kCircle);
  EXPECT_EQ(reference_successors(own, kSouth, RefRules{.circle_reversal = true}).size(), 12u);

  // North circle on its start row d10 (R16): South square c10 steps c9, b10 and jumps to e10. 3.
  RefBoard start = empty_board();
  put(start, "c10", kSouth, kSquare);
  put(start, "d10", kNorth, kCircle);
  EXPECT_EQ(reference_successors(start, kSouth, RefRules{.circle_reversal = true}).size(), 3u);

  // North circle on its destination row d1. South square c1: steps c2, b1; jump c1-e1 stays in
  // the start row. Not lifted: 3. With reversal_from_goal (even with goal_anchor): lifted,
  // 8 placements on row 10: 2 + 8 = 10.
  RefBoard goal = empty_board();
  put(goal, "c1", kSouth, kSquare);
  put(goal, "d1", kNorth, kCircle);
  EXPECT_EQ(reference_successors(goal, kSouth, RefRules{.circle_reversal = true}).size(), 3u);
  EXPECT_EQ(reference_successors(
                goal, kSouth,
                RefRules{.circle_reversal = true, .goal_anchor = true, .reversal_from_goal = true})
                .size(),
            10u);
}

}  // namespace
}  // namespace arbiter::traverse::reference
