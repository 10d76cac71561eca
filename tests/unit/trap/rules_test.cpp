// One test per rule clause (docs/trap.md P1–P12), named for it.
#include <gtest/gtest.h>

#include "games/board_text.h"
#include "games/trap/descriptor.h"
#include "games/trap/state.h"
#include "games/trap/view.h"
#include "test_util.h"

namespace arbiter::trap {
namespace {

using test::is_legal;
using test::legal_texts;
using test::play;
using test::position;
using test::rejection;

TEST(TrapRules, P1_HexFieldOfSizeCellsPerSide) {
  const int cells[] = {19, 37, 61, 91, 127, 169};
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    const Geometry& g = geometry(size);
    EXPECT_EQ(g.num_cells, cells[size - kMinSize]) << size;
    int corners = 0;
    for (int c = 0; c < g.num_cells; ++c) {
      const int n = g.neighbours[c].count();
      EXPECT_TRUE(n == 3 || n == 4 || n == 6) << g.cell_name(c);
      corners += n == 3;
    }
    EXPECT_EQ(corners, 6);
  }
  const Geometry& g = geometry(5);
  EXPECT_EQ(g.cell_name(g.centre), "e5");
  CellSet around;
  for (const char* n : {"e4", "e6", "f5", "f6", "d5", "d4"}) around.set(*g.parse_cell(n));
  EXPECT_EQ(g.neighbours[g.centre], around);
  for (const char* bad : {"size=2", "size=9", "size=x", "walls=-1", "colour=red"}) {
    EXPECT_FALSE(parse_params(*ParamMap::parse(bad)).ok()) << bad;
  }
}

TEST(TrapRules, P2_OneSlotPerInnerEdgeAndWallsBlockSteps) {
  const int slots[] = {42, 90, 156, 240, 342, 462};
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    EXPECT_EQ(geometry(size).num_slots, slots[size - kMinSize]);
  }
  const Geometry& g = geometry(5);
  EXPECT_FALSE(g.parse_slot("a1|a0").ok());  // the border holds no wall
  EXPECT_FALSE(g.parse_slot("a1|a3").ok());  // not neighbours
  State s = position("c3,e7,g5 c5,e3,g7 c3|c4 59 r 1");
  EXPECT_NE(rejection(s, "c3-c4,a1|a2").find("a wall blocks c3-c4"), std::string::npos);
  EXPECT_FALSE(is_legal(s, "c3-c4-c5"));
  EXPECT_TRUE(is_legal(s, "c3-d4-d5"));
}

TEST(TrapRules, P3_SharedPileNeverRefilled) {
  State s = State::start(test::params_of(""));
  EXPECT_EQ(s.pile(), 60);
  play(s, "c3-c4,f5|f6");
  EXPECT_EQ(s.pile(), 59);
  play(s, "f7|f8,a1|a2");
  EXPECT_EQ(s.pile(), 57);
  play(s, "c4-c3-b3");
  EXPECT_EQ(s.pile(), 57);
  EXPECT_TRUE(s.has_wall(*s.geo().parse_slot("f5|f6")));
  EXPECT_EQ(s.to_text(), "b3,e7,g5 c5,e3,g7 a1|a2,f5|f6,f7|f8 57 b 3");

  State unlimited = State::start(test::params_of("walls=0"));
  EXPECT_EQ(unlimited.pile(), -1);
  play(unlimited, "f7|f8,a1|a2");
  EXPECT_EQ(unlimited.to_text(), "c3,e7,g5 c5,e3,g7 a1|a2,f7|f8 - b 1");
  EXPECT_EQ(unlimited.analyse().wall_pair_total, 154u * 153 / 2);
}

TEST(TrapRules, P4_StartDotsAlternateAroundTheCentre) {
  State s = State::start(test::params_of(""));
  EXPECT_EQ(s.to_text(), "c3,e7,g5 c5,e3,g7 - 60 r 0");
  EXPECT_EQ(s.to_move(), kRed);
  EXPECT_EQ(State::start(test::params_of("size=3")).to_text(), "b2,c4,d3 b3,c2,d4 - 60 r 0");
  EXPECT_EQ(State::start(test::params_of("size=8")).to_text(), "d4,h12,l8 d8,h4,l12 - 60 r 0");
}

TEST(TrapRules, P5_AbaloneCellNamesAndWallNames) {
  const Geometry& g = geometry(5);
  const auto row = [&](char letter) {
    std::string names;
    for (int c = 0; c < g.num_cells; ++c) {
      if (g.cell_name(c)[0] == letter) names += g.cell_name(c) + " ";
    }
    return names;
  };
  EXPECT_EQ(row('a'), "a1 a2 a3 a4 a5 ");
  EXPECT_EQ(row('e'), "e1 e2 e3 e4 e5 e6 e7 e8 e9 ");
  EXPECT_EQ(row('i'), "i5 i6 i7 i8 i9 ");
  EXPECT_EQ(g.slot_name(*g.parse_slot("c4|c3")), "c3|c4");
  EXPECT_EQ(g.slot_name(*g.parse_slot("F6|e5")), "e5|f6");
  for (const char* bad : {"", "e", "e0", "e05", "j5", "a6", "i4", "5e", "e5x", "e-5"}) {
    EXPECT_FALSE(g.parse_cell(bad).ok()) << bad;
  }
  // Neighbours of (y, x): (y, x±1), (y+1, x), (y+1, x+1), (y−1, x), (y−1, x−1).
  EXPECT_GE(g.slot_between(*g.parse_cell("c3"), *g.parse_cell("d4")), 0);
  EXPECT_GE(g.slot_between(*g.parse_cell("c3"), *g.parse_cell("b2")), 0);
  EXPECT_LT(g.slot_between(*g.parse_cell("c3"), *g.parse_cell("d2")), 0);
  const Geometry& big = geometry(8);
  EXPECT_EQ(big.cell_name(big.num_cells - 1), "o15");
  EXPECT_EQ(*big.parse_cell("o15"), big.num_cells - 1);
}

TEST(TrapRules, P5a_TurnTextCanonicalAndEitherOrder) {
  State s = State::start(test::params_of(""));
  const auto canonical = [&](const std::string& in) {
    auto m = s.parse_move(in);
    return m.ok() ? s.move_text(*m) : "error: " + m.error();
  };
  EXPECT_EQ(canonical("c3-c4-d5"), "c3-c4-d5");
  EXPECT_EQ(canonical("c3-d4-d5"), "c3-c4-d5");  // lowest intermediate cell
  EXPECT_EQ(canonical("e7-e8,c3-c4"), "c3-c4,e7-e8");
  EXPECT_EQ(canonical(" f5|f6 , C3-C4 "), "c3-c4,f5|f6");
  EXPECT_EQ(canonical("g4|g3,f6|f5"), "f5|f6,g3|g4");
  for (const char* bad : {"", "x", "c3-c4", "f5|f6", "c3-c4-c3", "c3-c5,f5|f6", "c5-c6,f5|f6",
                          "c3-c4,c4-c5", "c3-c4,e7-e8,g5-g6", "c3-c4-d5,f5|f6", "f5|f6,f6|f5",
                          "pass", "c3-c4,", ",", "c3--c4,f5|f6", "a1|a3,b1|b2", "c3-c4|c5"}) {
    EXPECT_FALSE(s.parse_move(bad).ok()) << bad;
  }
  EXPECT_NE(rejection(s, "c3-c4,c4-c5").find("cannot step twice"), std::string::npos);
  EXPECT_NE(rejection(s, "c5-c6,f5|f6").find("no red mover on c5"), std::string::npos);
  EXPECT_EQ(canonical("pass").rfind("error: pass", 0), 0u);
}

TEST(TrapRules, P6_FourTurnOptions) {
  State s = State::start(test::params_of(""));
  const Analysis an = s.analyse();
  EXPECT_EQ(an.wall_pair_total, 12090u);    // (d)
  EXPECT_EQ(an.step_wall_total, 2808u);     // (c)
  EXPECT_EQ(an.shift_total, 48u);           // (a)
  EXPECT_EQ(an.double_total, 108u);         // (b)
  EXPECT_TRUE(is_legal(s, "e7-e8,e7|e8"));  // (c): the wall may close the slot just crossed

  // No passing over a mover; (b): the second mover may enter the cell the first one left.
  State t = position("e5,e6,a1 f6,e3,g7 - 60 r 0");
  EXPECT_NE(rejection(t, "e6-f6-f7").find("f6 is occupied"), std::string::npos);
  EXPECT_NE(rejection(t, "e5-e6-e7").find("e6 is occupied"), std::string::npos);
  EXPECT_TRUE(is_legal(t, "e6-e7,e5-e6"));
  EXPECT_EQ(t.move_text(*t.parse_move("e5-e6,e6-e7")), "e6-e7,e5-e6");
  EXPECT_NE(rejection(t, "e5-e6,a1-a2").find("e6 is occupied"), std::string::npos);

  // Options with walls need walls left: 1 → no (d); 0 → neither (c) nor (d).
  State one = position("c3,e7,g5 c5,e3,g7 - 1 r 0");
  EXPECT_EQ(one.analyse().wall_pair_total, 0u);
  EXPECT_EQ(one.analyse().step_wall_total, 2808u);
  EXPECT_NE(rejection(one, "f5|f6,g3|g4").find("need 2"), std::string::npos);
  State none = position("c3,e7,g5 c5,e3,g7 - 0 r 0");
  EXPECT_EQ(none.count_moves(), 48u + 108u);
  EXPECT_NE(rejection(none, "c3-c4,f5|f6").find("no walls left"), std::string::npos);
}

TEST(TrapRules, P7_TurnMustChangePositionAndSameResultIsOneTurn) {
  State s = State::start(test::params_of(""));
  EXPECT_NE(rejection(s, "c3-c4-c3").find("P7"), std::string::npos);
  // (a) e5-e6-f7 and the chain f6-f7,e5-f6 give the same position: one turn.
  State t = position("e5,f6,a1 c5,e3,g7 - 60 r 0");
  EXPECT_TRUE(is_legal(t, "e5-e6-f7"));
  EXPECT_FALSE(is_legal(t, "f6-f7,e5-f6"));
  EXPECT_EQ(t.move_text(*t.parse_move("f6-f7,e5-f6")), "e5-e6-f7");
  // Movers of a colour are interchangeable: d4→d5 + e6→e5 equals d4→e5 + e6→d5.
  State u = position("d4,e6,a1 c5,e3,g7 - 60 r 0");
  EXPECT_TRUE(is_legal(u, "d4-d5,e6-e5"));
  EXPECT_FALSE(is_legal(u, "d4-e5,e6-d5"));
  EXPECT_EQ(u.move_text(*u.parse_move("e6-d5,d4-e5")), "d4-d5,e6-e5");
}

// Red has one free mover alone in the pocket {a1, a2} and no walls: no legal turn.
constexpr const char* kRedStuck = "a1,c3*,e7* c5,e3,g7 a1|b1,a1|b2,a2|a3,a2|b2,a2|b3 0 r 30";

TEST(TrapRules, P8_PassWhenNoLegalTurn) {
  State s = position(kRedStuck);
  EXPECT_EQ(legal_texts(s), std::vector<std::string>{"pass"});
  EXPECT_EQ(s.count_moves(), 1u);
  EXPECT_NE(rejection(s, "a1-a2-a1").find("P7"), std::string::npos);
  play(s, "pass");
  EXPECT_EQ(s.to_move(), kBlue);
  EXPECT_EQ(s.ply(), 31);
  EXPECT_FALSE(s.mover_trapped(kRed, 0));  // a2 is still a step
  EXPECT_GT(s.count_moves(), 1u);
}

// The rule sheet's diagrams, and the pockets of the Clarifications.
TEST(TrapRules, P9_TrappingAtTheEndOfEveryTurn) {
  // (A) walls only.
  State a = position("e5,a1,i9 c5,e3,g7 d4|e5,d5|e5,e4|e5,e5|f5,e5|f6 55 b 9");
  play(a, "e5|e6,a4|a5");
  EXPECT_EQ(a.trapped_count(kRed), 1);
  EXPECT_NE(draw_board(Descriptor::kLegend, view(a), nullptr, {}).find(" r "), std::string::npos);
  // (B) walls and movers.
  State b = position("e4,e6,g5 c5,e5,g7 d4|e5,d5|e5,e5|f5 57 r 6");
  play(b, "e5|f6,a1|a2");
  EXPECT_EQ(b.trapped_count(kBlue), 1);
  EXPECT_EQ(b.trapped_count(kRed), 0);
  // (C) walls, movers and the border.
  State c = position("a1,e7,g5 b1,e3,g7 a1|a2 59 b 1");
  play(c, "e3-e4,a1|b2");
  EXPECT_TRUE(c.mover_trapped(kRed, 0));
  // Permanent, and an obstacle: b1 moves away, a1 stays trapped and cannot move.
  play(c, "e7-e8,i8|i9");
  play(c, "b1-c1,h4|i5");
  EXPECT_TRUE(c.mover_trapped(kRed, 0));
  EXPECT_NE(rejection(c, "a1-b1,e5|e6").find("trapped"), std::string::npos);

  // A mover alone in a closed 2-cell pocket has a step: not trapped.
  const std::string pocket = " a1|b1,a2|a3,a2|b2,a2|b3 56 b 5";
  State alone = position("a1,e7,g5 c5,e3,g7" + pocket);
  play(alone, "a1|b2,i8|i9");
  EXPECT_EQ(alone.trapped_count(kRed), 0);
  // A mover blocked halfway through a turn is judged only at its end.
  State half = position("e5,e6,a1 d4,e3,g7 d4|e5,d5|e5,e4|e5,e5|f5,e5|f6 55 r 9");
  play(half, "e6-e7,e5-e6");
  EXPECT_EQ(half.trapped_count(kRed), 0);
}

TEST(TrapRules, P9_OpponentMoversTrappedAtEndOfTurn) {
  // Two Blue movers share a pocket that Red's wall closes: neither has a step, both are trapped
  // at once, and undo takes both flags back.
  const std::string before = "c3,e7,g5 a1,a2,g7 a1|b1,a2|a3,a2|b2,a2|b3 56 r 5";
  State s = position(before);
  play(s, "a1|b2,i8|i9");
  EXPECT_TRUE(s.mover_trapped(kBlue, 0));
  EXPECT_TRUE(s.mover_trapped(kBlue, 1));
  EXPECT_EQ(s.trapped_count(kBlue), 2);
  EXPECT_EQ(s.to_text(), "c3,e7,g5 a1*,a2*,g7 a1|b1,a1|b2,a2|a3,a2|b2,a2|b3,i8|i9 54 b 6");
  EXPECT_EQ(s.hash(), s.compute_hash());
  EXPECT_FALSE(s.is_terminal());
  s.undo();
  EXPECT_EQ(s.to_text(), before);
  EXPECT_EQ(s.hash(), s.compute_hash());
  // A pass is a turn too: Red's own turn left its last free mover a1 without a step; Blue's
  // lone mover has a pocket of two cells and no walls are left, so Blue passes, and the pass
  // traps a1 and wins.
  State p =
      position("a1,c3*,e7* i9,c5*,e3* a1|a2,a1|b1,a1|b2,h7|i8,h8|i8,h8|i9,h9|i9,i7|i8 0 b 21");
  EXPECT_FALSE(p.mover_trapped(kRed, 0));
  ASSERT_EQ(legal_texts(p), std::vector<std::string>{"pass"});
  play(p, "pass");
  EXPECT_TRUE(p.mover_trapped(kRed, 0));
  EXPECT_EQ(p.end_reason(), End::kAllTrapped);
  EXPECT_EQ(p.returns(), (std::vector<double>{-1.0, 1.0}));  // P12: the winner
}

// Red's turn "c3-c4,a1|b1" walls its own mover a1 in on every side but b2, where a Blue mover
// stands: a1 is left without a step by its own player's turn.
constexpr const char* kOwnStuck = "a1,c3,e7 b2,e3,g7 a1|a2 59 r 3";
constexpr const char* kOwnStuckAfter = "a1,c4,e7 b2,e3,g7 a1|a2,a1|b1 58 b 4";

TEST(TrapRules, P9_OwnTurnDoesNotTrapOwnMover) {
  State s = position(kOwnStuck);
  play(s, "c3-c4,a1|b1");
  EXPECT_FALSE(s.has_step(*s.geo().parse_cell("a1")));
  EXPECT_FALSE(s.mover_trapped(kRed, 0));  // not by Red's own turn
  EXPECT_EQ(s.trapped_count(kRed), 0);
  EXPECT_EQ(s.to_text(), kOwnStuckAfter);
  EXPECT_EQ(s.hash(), s.compute_hash());
  EXPECT_FALSE(s.is_terminal());
  s.undo();
  EXPECT_EQ(s.to_text(), kOwnStuck);
  EXPECT_EQ(s.hash(), s.compute_hash());
  // The same in the other colour: Blue's pocket-mate a2 is not trapped by Blue's own turn,
  // which traps Red's a1 beside it.
  State shared = position("a1,e7,g5 a2,e3,g7 a1|b1,a2|a3,a2|b2,a2|b3 56 b 5");
  play(shared, "a1|b2,i8|i9");
  EXPECT_TRUE(shared.mover_trapped(kRed, 0));
  EXPECT_FALSE(shared.mover_trapped(kBlue, 0));
  EXPECT_EQ(shared.trapped_count(kBlue), 0);
}

TEST(TrapRules, P9_OwnMoverJudgedAfterOpponentsNextTurn) {
  // Blue's next turn leaves a1 without a step: it is trapped at the end of that turn.
  State kept = position(kOwnStuckAfter);
  play(kept, "f5|f6,g3|g4");
  EXPECT_TRUE(kept.mover_trapped(kRed, 0));
  EXPECT_EQ(kept.to_text(), "a1*,c4,e7 b2,e3,g7 a1|a2,a1|b1,f5|f6,g3|g4 56 r 5");
  EXPECT_EQ(kept.hash(), kept.compute_hash());
  kept.undo();
  EXPECT_EQ(kept.to_text(), kOwnStuckAfter);
  // Blue's turn moves b2 away: a1 has a step again at the end of it, so it is not trapped,
  // and Red may move it.
  State freed = position(kOwnStuckAfter);
  play(freed, "b2-c2,e3-e4");
  EXPECT_FALSE(freed.mover_trapped(kRed, 0));
  EXPECT_TRUE(is_legal(freed, "a1-b2-b3"));
  // The same pocket shared by a mover of each colour (the Clarifications): Blue's turn traps
  // Red's a1; Blue's own a2 is judged at the end of Red's next turn, and trapped then.
  State shared = position("a1,e7,g5 a2,e3,g7 a1|b1,a2|a3,a2|b2,a2|b3 56 b 5");
  play(shared, "a1|b2,i8|i9");
  EXPECT_FALSE(shared.mover_trapped(kBlue, 0));
  play(shared, "e7-e8-e9");
  EXPECT_TRUE(shared.mover_trapped(kBlue, 0));
  EXPECT_EQ(shared.to_text(), "a1*,e9,g5 a2*,e3,g7 a1|b1,a1|b2,a2|a3,a2|b2,a2|b3,i8|i9 54 b 7");
}

// Red's last free mover a1 and Blue's last free mover i9 each have one step left.
constexpr const char* kLastMovers = "a1,c3*,e7* c5*,e3*,i9 a1|a2,a1|b1,h8|i9,i8|i9 40 r 20";

TEST(TrapRules, P10_WinWhenAllThreeOpponentMoversTrapped) {
  State win = position(kLastMovers);
  play(win, "h9|i9,a4|a5");
  EXPECT_EQ(win.end_reason(), End::kAllTrapped);
  EXPECT_EQ(win.returns(), (std::vector<double>{1.0, -1.0}));  // P12: the winner
  EXPECT_EQ(win.result_text(), "red wins: all blue movers trapped");
  EXPECT_TRUE(win.is_terminal());
  EXPECT_EQ(win.count_moves(), 0u);
  EXPECT_EQ(legal_texts(win), std::vector<std::string>{});

  // One turn closes in both last movers: Red's turn judges only Blue's, so Blue's is trapped
  // and Red wins, with its own a1 still free.
  State both = position(kLastMovers);
  play(both, "a1|b2,h9|i9");
  EXPECT_EQ(both.end_reason(), End::kAllTrapped);
  EXPECT_EQ(both.returns(), (std::vector<double>{1.0, -1.0}));  // P12: the winner
  EXPECT_FALSE(both.mover_trapped(kRed, 0));
  EXPECT_EQ(both.to_text(), "a1,c3*,e7* c5*,e3*,i9* a1|a2,a1|b1,a1|b2,h8|i9,h9|i9,i8|i9 38 b 21");

  // Red closes in its own last mover: no loss at the end of Red's turn. Blue's next turn
  // traps it (only a Blue mover leaving a neighbour could free it), and Blue wins then.
  State own = position(kLastMovers);
  play(own, "a1|b2,a4|a5");
  EXPECT_FALSE(own.is_terminal());
  EXPECT_EQ(own.trapped_count(kRed), 2);
  play(own, "b1|b2,c1|c2");
  EXPECT_EQ(own.end_reason(), End::kAllTrapped);
  EXPECT_EQ(own.returns(), (std::vector<double>{-1.0, 1.0}));  // P12: the winner
  EXPECT_EQ(own.result_text(), "blue wins: all red movers trapped");
  own.undo();
  own.undo();
  EXPECT_EQ(own.to_text(), kLastMovers);
  EXPECT_FALSE(own.is_terminal());

  // A position text: all three of the side to move's movers trapped is a finished game for the
  // other side; the other side's, likewise; both sides at once is refused.
  EXPECT_EQ(position("a1*,c3*,e7* c5*,e3*,i9 - 40 r 20").end_reason(), End::kAllTrapped);
  EXPECT_EQ(position("a1*,c3*,e7* c5*,e3*,i9 - 40 r 20").returns(),
            (std::vector<double>{-1.0, 1.0}));  // P12: the winner
  EXPECT_EQ(position("a1*,c3*,e7* c5*,e3*,i9 - 40 b 20").end_reason(), End::kAllTrapped);
  EXPECT_EQ(position("a1*,c3*,e7* c5*,e3*,i9 - 40 b 20").returns(),
            (std::vector<double>{-1.0, 1.0}));  // P12: the winner
  auto none = State::parse_position(test::params_of(""), "a1*,c3*,e7* c5*,e3*,i9* - 40 r 20");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().find("P10"), std::string::npos) << none.error();
}

TEST(TrapRules, P11_DrawByRepetitionAndPlyLimit) {
  State s = State::start(test::params_of(""));
  const char* cycle[] = {"e7-e8-e9", "e3-e2-e1", "e9-e8-e7", "e1-e2-e3"};
  for (int ply = 0; ply < 8; ++ply) {
    EXPECT_FALSE(s.is_terminal()) << ply;
    play(s, cycle[ply % 4]);
  }
  EXPECT_EQ(s.end_reason(), End::kRepetition);  // the start counts as the first occurrence
  EXPECT_EQ(s.to_text(), "c3,e7,g5 c5,e3,g7 - 60 r 8 repetition");
  auto parsed = State::parse_position(test::params_of(""), s.to_text());
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->is_terminal());

  // Walls (and the pile) are part of the position: after a wall the count starts afresh.
  State w = State::start(test::params_of(""));
  for (int ply = 0; ply < 4; ++ply) play(w, cycle[ply]);
  play(w, "a1|a2,a2|a3");
  const char* cycle2[] = {"e3-e2-e1", "e7-e8-e9", "e1-e2-e3", "e9-e8-e7"};
  for (int ply = 0; ply < 8; ++ply) {
    EXPECT_FALSE(w.is_terminal()) << ply;
    play(w, cycle2[ply % 4]);
  }
  EXPECT_EQ(w.end_reason(), End::kRepetition);
  EXPECT_EQ(w.ply(), 13);

  // A pass is a ply: two stuck players pass into a repetition.
  State p = position(
      "a1,c3*,e7* i9,c5*,e3* a1|b1,a1|b2,a2|a3,a2|b2,a2|b3,h7|i8,h8|i8,h8|i9,"
      "h9|i9,i7|i8 0 r 30");
  for (int ply = 0; ply < 4; ++ply) play(p, "pass");
  EXPECT_EQ(p.end_reason(), End::kRepetition);

  State limit = State::start(test::params_of("max_plies=4"));
  for (int ply = 0; ply < 4; ++ply) play(limit, cycle[ply]);
  EXPECT_EQ(limit.end_reason(), End::kPlyLimit);
  EXPECT_EQ(limit.result_text(), "draw: ply limit 4 reached");
  // A win on the last ply stands.
  State win = position("a1,c3*,e7* c5*,e3*,i9 a1|a2,a1|b1,h8|i9,i8|i9 40 r 20", "max_plies=21");
  play(win, "h9|i9,a4|a5");
  EXPECT_EQ(win.end_reason(), End::kAllTrapped);
  EXPECT_EQ(win.returns(), (std::vector<double>{1.0, -1.0}));  // P12: the winner
}

TEST(TrapRules, P12_ReturnsWinLossDraw) {
  State s = State::start(test::params_of(""));
  EXPECT_EQ(s.returns(), (std::vector<double>{0, 0}));
  State win = position("a1,c3*,e7* c5*,e3*,i9 a1|a2,a1|b1,h8|i9,i8|i9 40 r 20");
  play(win, "h9|i9,a4|a5");
  EXPECT_EQ(win.returns(), (std::vector<double>{1, -1}));
  State loss = position("a1,c3*,e7* c5*,e3*,i9 a1|a2,a1|b1,h8|i9,i8|i9 40 r 20");
  play(loss, "a1|b2,a4|a5");  // Red closes in its own last mover; Blue's turn traps it (P9)
  EXPECT_EQ(loss.returns(), (std::vector<double>{0, 0}));
  play(loss, "i9-h9,b1|b2");
  EXPECT_EQ(loss.returns(), (std::vector<double>{-1, 1}));
  State draw = State::start(test::params_of("max_plies=1"));
  play(draw, "a1|a2,a2|a3");
  EXPECT_EQ(draw.returns(), (std::vector<double>{0, 0}));
  EXPECT_TRUE(draw.is_terminal());
}

}  // namespace
}  // namespace arbiter::trap
