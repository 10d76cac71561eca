// Evaluation terms that encode game knowledge: Traverse's home squares by colour and lateral
// distance, Trap's rising price of each trapped mover.
#include <gtest/gtest.h>

#include "ai_test_util.h"

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

}  // namespace
}  // namespace arbiter::ai
