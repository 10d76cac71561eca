// The Trap AI under P9 as it stands: a turn traps only the opponent's movers, and a mover that
// its own player's turn leaves without a step is judged at the end of the opponent's next turn.
// The evaluation counts such a mover as trapped (it almost always is by then), the pruned move
// set spends no walls beside an enemy mover that is trapped at the end of this turn anyway, and
// the search does not strand its own movers for nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/alphabeta.h"
#include "test_util.h"

namespace arbiter::ai {
namespace {

using trap::Move;

// Whether `side` has a free mover without a step.
bool stranded(const trap::State& s, int side) {
  for (int i = 0; i < trap::kMoversPerSide; ++i) {
    if (!s.mover_trapped(side, i) && !s.has_step(s.mover_cell(side, i))) return true;
  }
  return false;
}

// Red's turn c3-c4,a1|b1 leaves its own a1 without a step (b2 holds a Blue mover): not trapped
// by that turn (P9), but it will be at the end of Blue's unless Blue moves b2 away.
constexpr const char* kRedStranded = "a1,c4,e7 b2,e3,g7 a1|a2,a1|b1 58 b 4";
constexpr const char* kRedStrandedStarred = "a1*,c4,e7 b2,e3,g7 a1|a2,a1|b1 58 b 4";

TEST(TrapEval, P9_OwnMoverWithoutAStepCountsAsTrapped) {
  const auto stranded_pos = test::trap_position("", kRedStranded);
  const auto starred = test::trap_position("", kRedStrandedStarred);
  ASSERT_FALSE(stranded_pos.mover_trapped(trap::kRed, 0));
  ASSERT_TRUE(stranded(stranded_pos, trap::kRed));
  for (int view : {trap::kRed, trap::kBlue}) {
    EXPECT_EQ(trap_evaluate(stranded_pos, view, kTrapWeights),
              trap_evaluate(starred, view, kTrapWeights))
        << view;
  }
  // Worse for Red than the same mover with its last step open and under threat (b2 empty).
  const auto threatened = test::trap_position("", "a1,c4,e7 c2,e3,g7 a1|a2,a1|b1 58 b 4");
  EXPECT_LT(trap_evaluate(stranded_pos, trap::kRed, kTrapWeights),
            trap_evaluate(threatened, trap::kRed, kTrapWeights));
  // And the same from the side to move: a Blue mover its own turn left without a step.
  const auto blue = test::trap_position("", "a1,c4,e7 b2,e3,g7 a1|a2,a1|b1 58 r 4");
  const auto blue_starred = test::trap_position("", "a1*,c4,e7 b2,e3,g7 a1|a2,a1|b1 58 r 4");
  EXPECT_EQ(trap_evaluate(blue, trap::kRed, kTrapWeights),
            trap_evaluate(blue_starred, trap::kRed, kTrapWeights));
}

TEST(TrapSearchMoves, P9_NoWallsBesideAnEnemyMoverTrappedAnyway) {
  // Blue to move; Red's a1 has no step and is trapped at the end of this turn whatever Blue
  // does (unless b2 moves away). Its one empty slot, a1|b2, is no candidate for a wall.
  const auto s = test::trap_position("", kRedStranded);
  const int slot = *s.geo().parse_slot("a1|b2");
  std::vector<Move> moves;
  trap_search_moves(s, moves);
  ASSERT_FALSE(moves.empty());
  for (const Move& m : moves) {
    const bool walls_a1 = (m.kind == trap::MoveKind::kStepWall && m.c == slot) ||
                          (m.kind == trap::MoveKind::kWalls && (m.a == slot || m.b == slot));
    EXPECT_FALSE(walls_a1) << s.move_text(m);
  }
  EXPECT_EQ(trap_move_hint(s, Move::walls(slot, *s.geo().parse_slot("i8|i9"))), 0);
}

// Positions from random games where the best turn by the evaluation that ignored stranding was
// one that leaves a mover of the side to move without a step, for nothing in return (found by
// scanning playouts; that turn is given second).
struct StrandCase {
  const char* params;
  const char* position;
  const char* strands;
};
const StrandCase kStrandCases[] = {
    {"size=3",
     "a1,c4,d3 b3,c1,d4 a1|b1,a1|b2,a2|b3,a3|b3,b1|b2,b1|c1,b1|c2,b2|b3,b2|c2,b3|b4,b4|c5,c1|d2,"
     "c3|d3,c4|c5,c4|d5,d2|e3,d3|d4,d4|d5,d4|e4,d4|e5 40 b 11",
     "d4-c3,a1|a2"},
    {"size=3",
     "b1,c5,d3 c2,c3,e5 a1|a2,a1|b2,a2|a3,b2|c2,b3|c4,b4|c5,c1|d2,c2|c3,c2|d3,c3|c4,c3|d3,c4|d5,"
     "c5|d5,d2|e3,d3|d4,d4|d5,d5|e5,e4|e5 42 b 11",
     "c3-d4,c4|c5"},
    {"",
     "f2,f3,g4 e4,e6,h4 a1|a2,a2|a3,a2|b2,a2|b3,a3|b4,a4|a5,b1|b2,b2|b3,b3|b4,b4|b5,b4|c5,b5|b6,"
     "b5|c6,b6|c7,c1|c2,c3|c4,c3|d4,c4|c5,c5|c6,c5|d6,c6|c7,c6|d7,c7|d8,d1|e1,d1|e2,d2|d3,d2|e2,"
     "d3|d4,d3|e3,d4|e5,d5|e5,d5|e6,d6|e6,d7|e8,d8|e8,d8|e9,e2|e3,e2|f2,e2|f3,e3|f4,e4|f5,e7|f7,"
     "f2|g3,f5|g5,f5|g6,f7|g7,f8|f9,f8|g9,g3|g4,g4|g5,g5|h5,g5|h6,g6|h7,h4|h5,h4|i5,h5|i6,h6|i7,"
     "h7|h8,i5|i6,i7|i8 0 r 98",
     "f3-g3,f2-f3"},
};

TEST(TrapAi, P9_SearchDoesNotStrandItsOwnMover) {
  for (const auto& c : kStrandCases) {
    auto s = test::trap_position(c.params, c.position);
    const int side = s.to_move();
    // The stranding turn is legal and strands, and the evaluation sees it as a loss of a mover.
    auto bad = s.parse_move(c.strands);
    ASSERT_TRUE(bad.ok()) << bad.error();
    s.apply(*bad);
    ASSERT_FALSE(s.is_terminal());
    ASSERT_TRUE(stranded(s, side)) << c.strands;
    s.undo();
    for (int depth : {1, 2, 3}) {
      AlphaBeta<trap::State> ab;
      SearchLimits limits;
      limits.depth = depth;
      const auto r = ab.search(s, limits);
      ASSERT_TRUE(r.has_move);
      trap::State after = s;
      after.apply(r.best);
      EXPECT_FALSE(!after.is_terminal() && stranded(after, side))
          << c.position << ": depth " << depth << " chose " << s.move_text(r.best);
    }
  }
}

}  // namespace
}  // namespace arbiter::ai
