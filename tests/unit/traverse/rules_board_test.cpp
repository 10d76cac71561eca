// Traverse rules R1–R6: board, seats, set-up and directions.
#include "test_util.h"

namespace arbiter::traverse {
namespace {

using namespace testing;

TEST(TraverseRules, R1_TenByTenBoardWithNamedSquaresSidesAndMiddle) {
  EXPECT_EQ(parse_square("a1"), 0);
  EXPECT_EQ(parse_square("c7"), 62);
  EXPECT_EQ(parse_square("j10"), 99);
  EXPECT_FALSE(parse_square("k1"));
  EXPECT_FALSE(parse_square("a11"));
  EXPECT_FALSE(parse_square("a0"));
  EXPECT_FALSE(parse_square("a01"));
  EXPECT_EQ(popcount(kMiddle), 64);
  EXPECT_TRUE(kMiddle & bit(*parse_square("b2")));
  EXPECT_TRUE(kMiddle & bit(*parse_square("i9")));
  EXPECT_FALSE(kMiddle & bit(*parse_square("a5")));
  EXPECT_EQ(square_name(62), "c7");
}

TEST(TraverseRules, R2_SeatsStartAndDestinationRowsExcludeCorners) {
  for (int seat = 0; seat < kSeats; ++seat) {
    EXPECT_EQ(popcount(kStartRow[seat]), 8);
    EXPECT_EQ(kDestRow[seat], kStartRow[(seat + 2) % 4]);
    for (const char* corner : {"a1", "j1", "a10", "j10"}) {
      EXPECT_FALSE(kStartRow[seat] & bit(*parse_square(corner)));
    }
  }
  EXPECT_TRUE(kStartRow[kSouth] & bit(*parse_square("b1")));
  EXPECT_TRUE(kStartRow[kWest] & bit(*parse_square("a9")));
  EXPECT_TRUE(kStartRow[kNorth] & bit(*parse_square("i10")));
  EXPECT_TRUE(kStartRow[kEast] & bit(*parse_square("j2")));
  // Forward: South north, West east, North south, East west.
  EXPECT_EQ(kForward[kSouth], kN);
  EXPECT_EQ(kForward[kWest], kE);
  EXPECT_EQ(kForward[kNorth], kS);
  EXPECT_EQ(kForward[kEast], kW);
}

TEST(TraverseRules, R3_SeatsByPlayerCountAndClockwiseTurnsFromSouth) {
  EXPECT_EQ(params_of("players=2").seats, (std::vector<int>{kSouth, kNorth}));
  EXPECT_EQ(params_of("players=3").seats, (std::vector<int>{kSouth, kWest, kNorth}));
  EXPECT_EQ(params_of("players=4").seats, (std::vector<int>{kSouth, kWest, kNorth, kEast}));
  State s = State::start(params_of("players=3"));
  EXPECT_EQ(s.player_name(s.to_move()), "south");
  s.apply(parse(s, "c1-b2"));
  EXPECT_EQ(s.player_name(s.to_move()), "west");
  s.apply(parse(s, "a7-b6"));
  EXPECT_EQ(s.player_name(s.to_move()), "north");
  // Explicit seats: turn order is still clockwise from South, skipping empty seats.
  State e = State::start(params_of("seats=east,north"));
  EXPECT_EQ(e.player_name(e.to_move()), "north");
  e.apply(parse(e, "h10-g9"));
  EXPECT_EQ(e.player_name(e.to_move()), "east");
  EXPECT_FALSE(parse_params(*ParamMap::parse("seats=south")).ok());
  EXPECT_FALSE(parse_params(*ParamMap::parse("seats=south,south")).ok());
  EXPECT_FALSE(parse_params(*ParamMap::parse("players=3 seats=south,north")).ok());
}

TEST(TraverseRules, R4_DefaultSeatColours) {
  EXPECT_EQ(seat_colour(kSouth), "green");
  EXPECT_EQ(seat_colour(kWest), "pink");
  EXPECT_EQ(seat_colour(kNorth), "orange");
  EXPECT_EQ(seat_colour(kEast), "yellow");
}

TEST(TraverseRules, R5_DefaultCustomAndSeededRandomArrangements) {
  State s = State::start(params_of("players=4"));
  // Seen from behind each start row, left to right: square diamond triangle circle circle ...
  EXPECT_EQ(s.to_text(),
            "1SnDnTnCnCnTnDnSn1/Sw8Se/Dw8De/Tw8Te/Cw8Ce/Cw8Ce/Tw8Te/Dw8De/Sw8Se/"
            "1SsDsTsCsCsTsDsSs1 s 0");
  State c = State::start(params_of("players=2 south=CCSSDDTT"));
  EXPECT_EQ(c.at(*parse_square("b1")), make_piece(kSouth, kCircle));
  EXPECT_EQ(c.at(*parse_square("i1")), make_piece(kSouth, kTriangle));
  // North's left, seen from behind its row, is i10.
  State n = State::start(params_of("players=2 north=CCSSDDTT"));
  EXPECT_EQ(n.at(*parse_square("i10")), make_piece(kNorth, kCircle));
  // A seeded random set-up is reproducible, differs by seed, and is written out per seat.
  const Params r1 = params_of("players=2 arrangement=random seed=1");
  EXPECT_EQ(params_text(r1), params_text(params_of("players=2 arrangement=random seed=1")));
  EXPECT_NE(params_text(r1), params_text(params_of("players=2 arrangement=random seed=2")));
  EXPECT_EQ(params_text(params_of(params_text(r1))), params_text(r1));
  for (const char* bad : {"south=SSSSDDTT", "south=SDTCCTD", "south=SDTCCTDX", "arrangement=odd"}) {
    EXPECT_FALSE(parse_params(*ParamMap::parse(bad)).ok()) << bad;
  }
}

TEST(TraverseRules, R6_DirectionsOfEachKindRelativeToForward) {
  EXPECT_EQ(moves_from(place("players=2", "Ss:e5"), "e5"),
            (std::vector<std::string>{"e5-d5", "e5-e4", "e5-e6", "e5-f5"}));
  EXPECT_EQ(moves_from(place("players=2", "Ds:e5"), "e5"),
            (std::vector<std::string>{"e5-d4", "e5-d6", "e5-f4", "e5-f6"}));
  EXPECT_EQ(moves_from(place("players=2", "Cs:e5"), "e5").size(), 8u);
  // Triangles: the two forward diagonals and straight back.
  EXPECT_EQ(moves_from(place("players=2", "Ts:e5"), "e5"),
            (std::vector<std::string>{"e5-d6", "e5-e4", "e5-f6"}));
  EXPECT_EQ(moves_from(place("players=2", "Tn:e5", 'n'), "e5"),
            (std::vector<std::string>{"e5-d4", "e5-e6", "e5-f4"}));
  EXPECT_EQ(moves_from(place("players=4", "Tw:e5", 'w'), "e5"),
            (std::vector<std::string>{"e5-d5", "e5-f4", "e5-f6"}));
  EXPECT_EQ(moves_from(place("players=4", "Te:e5", 'e'), "e5"),
            (std::vector<std::string>{"e5-d4", "e5-d6", "e5-f5"}));
  // The same directions hold for jumps: a triangle cannot jump sideways.
  EXPECT_FALSE(has(moves_from(place("players=2", "Ts:e5 Sn:f5"), "e5"), "e5-g5"));
}

}  // namespace
}  // namespace arbiter::traverse
