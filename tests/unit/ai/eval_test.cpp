// Evaluation terms that encode game knowledge: Traverse's home squares by colour and lateral
// distance; Trap's rising price of each trapped mover, the hunt for the last free one and the
// room the side ahead keeps for its movers.
#include <gtest/gtest.h>

#include "test_util.h"

namespace arbiter::ai {
namespace {

// South has seven pieces home on b10–h10 (`home`, the eighth piece is on row 9); i10 is the
// only free home square (odd colour: column 8 + row 9). North is far away on row 6.
std::string south_last_piece(const std::string& home, const std::string& row9) {
  return "1" + home + "2/" + row9 + "/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40";
}
constexpr const char* kHomeButADiamond = "SsDsTsCsCsTsSs";
constexpr const char* kHomeButASquare = "SsDsTsCsCsTsDs";

TEST(TraverseEval, DiamondNeedsAHomeSquareOfItsColour) {
  // h9 has i10's colour (a diagonal step away); i9 has the other colour and can never get there.
  auto can = test::traverse_position("", south_last_piece(kHomeButADiamond, "7Ds2"));
  auto cannot = test::traverse_position("", south_last_piece(kHomeButADiamond, "8Ds1"));
  EXPECT_GE(
      traverse_evaluate(can, 0, kTraverseWeights) - traverse_evaluate(cannot, 0, kTraverseWeights),
      kTraverseWeights.no_slot);
}

TEST(TraverseEval, SquareBesideItsHomeSquareCountsTheSideStep) {
  // A square (orthogonal moves) on i9 steps home; on h9 it must step sideways first.
  auto straight = test::traverse_position("", south_last_piece(kHomeButASquare, "8Ss1"));
  auto beside = test::traverse_position("", south_last_piece(kHomeButASquare, "7Ss2"));
  EXPECT_GE(traverse_evaluate(straight, 0, kTraverseWeights) -
                traverse_evaluate(beside, 0, kTraverseWeights),
            kTraverseWeights.lateral);
}

TEST(TrapEval, TradingMoversFavoursTheSideAhead) {
  // Red is a mover up; trading one mover each (c3 for e3) leaves Red two up out of three.
  auto ahead = test::trap_position("", "c3,e7,g5 c5*,e3,g7 - 60 r 10");
  auto traded = test::trap_position("", "c3*,e7,g5 c5*,e3*,g7 - 60 r 10");
  EXPECT_GT(trap_evaluate(traded, trap::kRed, kTrapWeights),
            trap_evaluate(ahead, trap::kRed, kTrapWeights));
  for (std::size_t k = 1; k + 1 < kTrapWeights.trapped.size(); ++k) {
    EXPECT_GT(kTrapWeights.trapped[k + 1] - kTrapWeights.trapped[k],
              kTrapWeights.trapped[k] - kTrapWeights.trapped[k - 1]);
  }
}

TEST(TrapEval, MoversCloseInOnTheLastFreeEnemyMover) {
  // Red's third mover stands on e6 (two cells from Blue's g7) or d3 (four cells); both have six
  // steps and the open board, so only the hunt term (TrapWeights::chase) tells them apart, and
  // only once Blue is down to one free mover while walls are left.
  const auto red_gain = [](const std::string& blue) {
    auto near = test::trap_position("", "h6,i8,e6 " + blue + " - 60 r 10");
    auto far = test::trap_position("", "h6,i8,d3 " + blue + " - 60 r 10");
    return trap_evaluate(near, trap::kRed, kTrapWeights) -
           trap_evaluate(far, trap::kRed, kTrapWeights);
  };
  EXPECT_EQ(red_gain("a1*,a5*,g7"), 2 * kTrapWeights.chase);
  EXPECT_EQ(red_gain("a1*,a5,g7"), 0);
}

TEST(TrapEval, OnlyTheSideAheadValuesItsMoversRoom) {
  // Red's third mover on e6 (six steps) or on the border cell c1 (four); both reach the open
  // board. The steps count for Red's own score while Red has more free movers, and never in
  // Blue's view of Red's movers.
  const auto gain = [](const std::string& blue, int view) {
    auto open = test::trap_position("", "h6,i8,e6 " + blue + " - 60 r 10");
    auto border = test::trap_position("", "h6,i8,c1 " + blue + " - 60 r 10");
    return trap_evaluate(open, view, kTrapWeights) - trap_evaluate(border, view, kTrapWeights);
  };
  EXPECT_EQ(gain("a5*,e3,g7", trap::kRed), 2 * kTrapWeights.safe_step);
  EXPECT_EQ(gain("a5*,e3,g7", trap::kBlue), 0);
  EXPECT_EQ(gain("a5,e3,g7", trap::kRed), 0);
}

}  // namespace
}  // namespace arbiter::ai
