// One test per clause of docs/travelers.md (V1–V14), on hand-built positions.
// Position helpers (test::board) take placements "square + letter": T Traveler, D Displacer,
// B Block, A Ace, W Deuce, R Trey; upper case White, lower case Black.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/travelers/state.h"
#include "test_util.h"

namespace arbiter::travelers {
namespace {

using test::board;
using test::has;
using test::moves;
using test::moves_from;
using test::play;

TEST(TravelersRules, V1_NineByNineBoardWhiteMovesFirst) {
  const State s = State::start({});
  EXPECT_EQ(s.to_move(), kWhite);
  EXPECT_EQ(s.player_name(kWhite), "white");
  EXPECT_EQ(parse_square("a1"), 0);
  EXPECT_EQ(parse_square("i9"), 80);
  EXPECT_EQ(parse_square("j1"), -1);
  EXPECT_EQ(parse_square("a0"), -1);
  // Depth 1 by hand: no captures are in reach (the armies are 6 ranks apart).
  //   Travelers d1, f1: 3 each along rank 1 (c1 b1 a1, g1 h1 i1)              =  6
  //   Displacer e1: boxed in by d1 f1 d2 e2 f2                                 =  0
  //   Block e2: e3-e5, d3-b5, f3-h5 (rank 2 is full, rank 1 forbidden or full) =  9
  //   a2 / i2: 3 up + 3 diagonal up + 1 down + 1 diagonal down                  =  8 + 8
  //   b2 / h2: 3 up + 1 + 3 diagonals up + 3 down squares (b1, a1, c1)          = 10 + 10
  //   c2 / g2: 3 + 2 + 3 up, down c1 and b1 (d1 is taken)                       = 10 + 10
  //   d2 / f2: 3 + 3 + 3 up, down only c1 (d1, e1 taken)                        = 10 + 10
  // total 6 + 9 + 76 = 91.
  EXPECT_EQ(moves(s).size(), 91u);
}

TEST(TravelersRules, V2_StartPosition) {
  const State s = State::start({});
  EXPECT_EQ(s.to_text(), "3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0 1");
  EXPECT_EQ(s.at(parse_square("d1")), make_piece(kWhite, kTraveler));
  EXPECT_EQ(s.at(parse_square("e1")), make_piece(kWhite, kDisplacer));
  EXPECT_EQ(s.at(parse_square("e2")), make_piece(kWhite, kBlock));
  EXPECT_EQ(s.at(parse_square("b2")), make_piece(kWhite, kTrey));
  EXPECT_EQ(s.at(parse_square("h2")), make_piece(kWhite, kDeuce));
  EXPECT_EQ(s.at(parse_square("f9")), make_piece(kBlack, kTraveler));
  EXPECT_EQ(s.at(parse_square("g8")), make_piece(kBlack, kTrey));
  int count[2] = {0, 0};
  for (Square q = 0; q < kSquares; ++q) {
    if (s.at(q)) ++count[side_of(s.at(q))];
  }
  EXPECT_EQ(count[kWhite], 12);
  EXPECT_EQ(count[kBlack], 12);
}

TEST(TravelersRules, V3_LastRankIsTheFarRank) {
  // White's last rank is 9, Black's is 1: a Traveler there is frozen (V8); on its own first
  // rank it moves freely.
  const std::string pieces = "d9T b1T a1t i5t";
  const State white = board(pieces, 'w');
  EXPECT_TRUE(moves_from(white, "d9").empty());
  EXPECT_FALSE(moves_from(white, "b1").empty());
  const State black = board(pieces, 'b');
  EXPECT_TRUE(moves_from(black, "a1").empty());
  EXPECT_FALSE(moves_from(black, "i5").empty());
  // The Block rule's ranks 1 and 9 are the same for both sides (V9).
  const State blocks = board("a3T b3T a7t b7t e2B e8b", 'b');
  EXPECT_FALSE(has(moves(blocks), "e8-e9"));
  EXPECT_TRUE(has(moves(blocks), "e8-e7"));
}

TEST(TravelersRules, V4_SlidesOneToThreeSquaresThroughEmptySquares) {
  // Ace e5 alone: 8 lines × 3 squares.
  const State open = board("e5A a1T b1T h9t i9t");
  EXPECT_EQ(moves_from(open, "e5").size(), 24u);
  EXPECT_TRUE(has(moves(open), "e5-e8"));
  EXPECT_FALSE(has(moves(open), "e5-e9"));  // 4 squares
  // Own Block on e7 and a black Ace on c3 stop the slides; nothing passes over them.
  const State blocked = board("e5A e7B c3a a1T b1T h9t i9t");
  const auto m = moves_from(blocked, "e5");
  EXPECT_EQ(m.size(), 20u);  // N: e6 only, SW: d4 only
  EXPECT_TRUE(has(m, "e5-e6"));
  EXPECT_FALSE(has(m, "e5-e8"));
  EXPECT_TRUE(has(m, "e5-d4"));
  EXPECT_FALSE(has(m, "e5-b2"));
  // Nothing leaves or wraps around the board: Ace h8 has only i9 to the north-east.
  const State edge = board("h8A a1T b1T a9t b9t");
  const auto e = moves_from(edge, "h8");
  EXPECT_TRUE(has(e, "h8-i9"));
  EXPECT_TRUE(has(e, "h8-i8"));
  EXPECT_EQ(e.size(), 14u);  // N NE E SE 1 each, S SW W 3 each, NW 1
}

TEST(TravelersRules, V5_DisplacerMovesLikeAQueen) {
  // (No enemy stands next to any square it reaches, so no displacements add to the count.)
  const State open = board("e5D a2T b1T a3t i7t");
  EXPECT_EQ(moves_from(open, "e5").size(), 32u);
  EXPECT_TRUE(has(moves(open), "e5-a9"));
  EXPECT_TRUE(has(moves(open), "e5-e1"));
  // It stops before any piece and never captures (V6); the black Traveler on e1 is on its
  // last rank, so landing on e2 displaces nothing.
  const State blocked = board("e5D c3A e1t i7t a2T b1T");
  const auto m = moves_from(blocked, "e5");
  EXPECT_TRUE(has(m, "e5-e2"));
  EXPECT_FALSE(has(m, "e5xe1"));
  EXPECT_TRUE(has(m, "e5-d4"));
  EXPECT_FALSE(has(m, "e5-b2"));
  EXPECT_EQ(m.size(), 32u - 1 - 3);
}

TEST(TravelersRules, V6_CapturesByReplacementAtExactDistances) {
  const State s = board(
      "a1T b1T e5A f5A c3W c4A g2R g4B "
      "h9t g3t f6a e7a c5a d5a g5w i4r",
      'w', "-", 7);
  const auto m = moves(s);
  // Ace: distance 1 only, never its own side.
  EXPECT_TRUE(has(m, "e5xf6"));
  EXPECT_TRUE(has(m, "e5xd5"));
  EXPECT_FALSE(has(m, "e5xe7"));
  EXPECT_FALSE(has(m, "e5xf5"));
  EXPECT_TRUE(has(m, "e5-e6"));
  // Deuce: exactly 2, leaping over its own Ace on c4; not at 1 or 3.
  EXPECT_TRUE(has(m, "c3xc5"));
  EXPECT_FALSE(has(m, "c3xc4"));
  EXPECT_FALSE(has(m, "c3xf6"));
  // Trey: exactly 3, leaping over a Traveler and a Block; not at 2.
  EXPECT_TRUE(has(m, "g2xg5"));
  EXPECT_TRUE(has(m, "g2xd5"));
  EXPECT_FALSE(has(m, "g2xi4"));
  // Travelers, Blocks and Displacers never capture.
  const State t = board("a1T b1T e5D e6a b2a h9t i9t c4B c5w");
  EXPECT_FALSE(has(moves(t), "a1xb2"));
  EXPECT_FALSE(has(moves(t), "e5xe6"));
  EXPECT_FALSE(has(moves(t), "c4xc5"));
  // Replacement: the capturer stands on the square, the victim is gone, the counter resets.
  State after = s;
  play(after, "g2xg5");
  EXPECT_EQ(after.at(parse_square("g5")), make_piece(kWhite, kTrey));
  EXPECT_EQ(after.at(parse_square("g2")), 0);
  EXPECT_EQ(after.no_capture_plies(), 0);
  State quiet = s;
  play(quiet, "e5-e6");
  EXPECT_EQ(quiet.no_capture_plies(), 8);
}

// V6 Decision: the Displacer moves like a queen and displaces (V10), and never captures. Here
// enemy Aces, a Deuce, a Trey and the enemy Displacer stand next to it and along its lines: it
// may land on no occupied square, and a capture written for it is refused.
TEST(TravelersRules, V6_DisplacerNeverCaptures) {
  const State s = board("e5D d4a e6a f5w f6r d6d e3a e8w a1T b1T h9t i9t", 'w', "-", 3);
  const auto all = moves(s);
  for (const auto& m : moves_from(s, "e5")) {
    EXPECT_EQ(m.find('x'), std::string::npos) << m;
    EXPECT_EQ(s.at(parse_square(m.substr(3, 2))), 0) << m << " lands on an occupied square";
  }
  for (const char* victim : {"d4", "e6", "f5", "f6", "d6", "e3", "e8"}) {
    const std::string capture = std::string("e5x") + victim;
    EXPECT_FALSE(has(all, capture)) << capture;
    EXPECT_FALSE(s.parse_move(capture).ok()) << capture;
    EXPECT_FALSE(s.parse_move(std::string("e5-") + victim).ok()) << victim;
  }
  // Along random games from the start, no Displacer move of either side takes a piece: the
  // no-capture counter never resets on one.
  Rng rng(6);
  State g = State::start({});
  for (int ply = 0; ply < 400 && !g.is_terminal(); ++ply) {
    State::MoveList list;
    g.generate(list);
    for (const auto& m : list) {
      if (kind_of(g.at(m.from)) == kDisplacer) {
        ASSERT_EQ(g.at(m.to), 0) << g.move_text(m) << " in " << g.to_text();
      }
    }
    g.apply(list[rng.below(list.size())]);
  }
}

TEST(TravelersRules, V7_TravelersAndBlocksAreNeverCaptured) {
  const State s = board("a1T b1T e5A b2R h2W e6t e2t d5b f5d f4w b5r h4a");
  const auto m = moves(s);
  EXPECT_TRUE(has(m, "e5xf5"));   // Displacer
  EXPECT_TRUE(has(m, "e5xf4"));   // Deuce
  EXPECT_TRUE(has(m, "b2xb5"));   // Trey
  EXPECT_TRUE(has(m, "h2xh4"));   // Ace (taken by a Deuce)
  EXPECT_FALSE(has(m, "e5xe6"));  // Traveler
  EXPECT_FALSE(has(m, "b2xe2"));  // Traveler
  EXPECT_FALSE(has(m, "e5xd5"));  // Block
  EXPECT_FALSE(s.parse_move("e5xe6").ok());
}

TEST(TravelersRules, V8_TravelerNeverMovesIntoCheck) {
  // Black Ace g6, Deuce a4 and Trey e9 watch f5 h6, c4 and e6 (V6 patterns, leaping).
  const State s = board("e4T h6T a1D g6a a4w e9r h9t i9t");
  const auto m = moves_from(s, "e4");
  EXPECT_TRUE(has(m, "e4-e5"));
  EXPECT_FALSE(has(m, "e4-e6"));  // into check
  EXPECT_TRUE(has(m, "e4-e7"));   // passing the checked e6 is fine
  EXPECT_FALSE(has(m, "e4-f5"));
  EXPECT_TRUE(has(m, "e4-d4"));
  EXPECT_FALSE(has(m, "e4-c4"));
  EXPECT_TRUE(has(m, "e4-b4"));
  // The Traveler in check on h6 need not move: other moves stay legal, nothing else happens.
  EXPECT_TRUE(s.checked_squares(kWhite) & bit(parse_square("h6")));
  EXPECT_FALSE(s.is_terminal());
  const auto err = s.parse_move("e4-e6");
  ASSERT_FALSE(err.ok());
  EXPECT_NE(err.error().find("check"), std::string::npos) << err.error();
}

TEST(TravelersRules, V8_CheckEvenWhenTheMoveWouldWinAndLastRankFreezes) {
  // White a9 is home and frozen; e8-e9 would win but e9 is in check from the Ace on d9.
  const State s = board("a9T e8T d9a c5t g5t");
  EXPECT_TRUE(moves_from(s, "a9").empty());
  const auto m = moves_from(s, "e8");
  EXPECT_FALSE(has(m, "e8-e9"));
  EXPECT_FALSE(has(m, "e8-d8"));
  EXPECT_TRUE(has(m, "e8-f9"));
  State won = s;
  play(won, "e8-f9");
  EXPECT_EQ(won.end_reason(), End::kAllHome);
  EXPECT_EQ(won.returns(), (std::vector<double>{1.0, -1.0}));  // V12: the winner
}

TEST(TravelersRules, V8_DisplacedTravelerMayLandInCheck) {
  // White Ace e2 watches d3; the black Traveler on c4 may still be dropped there, or onto its
  // own last rank (c1).
  const State s = board("a3D e2A a1T b1T c4t i9t");
  const auto m = moves_from(s, "a3");
  EXPECT_TRUE(has(m, "a3-c3/c4-d3"));
  EXPECT_TRUE(has(m, "a3-c3/c4-c1"));
  EXPECT_TRUE(has(m, "a3-c3/c4-a3"));  // the vacated square
}

TEST(TravelersRules, V9_BlockNeverOnRankOneOrNineNeverCapturesOrIsDisplaced) {
  const State s = board("e2B h8T i8T c6D f2a a4t a5t e7b");
  const auto m = moves_from(s, "e2");
  for (const auto& mv : m) EXPECT_NE(mv.back(), '1') << mv;
  EXPECT_TRUE(has(m, "e2-e3"));
  EXPECT_TRUE(has(m, "e2-b5"));
  EXPECT_FALSE(has(m, "e2xf2"));  // never captures
  EXPECT_FALSE(has(m, "e2-g2"));  // no passing over f2
  EXPECT_EQ(m.size(), 12u);       // N NE NW W × 3; E blocked; S SE SW reach rank 1
  // The Displacer lands next to the black Block on d7 and e6 but may not displace it.
  EXPECT_TRUE(has(moves(s), "c6-d7"));
  EXPECT_TRUE(has(moves(s), "c6-e6"));
  for (const auto& mv : moves(s)) EXPECT_EQ(mv.find("/e7-"), std::string::npos) << mv;
  // Black's Block: not onto rank 9 either.
  const State b = board("e2B h8T i8T c6D f2a a4t a5t e7b", 'b');
  const auto bm = moves_from(b, "e7");
  EXPECT_TRUE(has(bm, "e7-e8"));
  EXPECT_FALSE(has(bm, "e7-e9"));
  EXPECT_FALSE(has(bm, "e7-c9"));
  EXPECT_TRUE(has(bm, "e7-d8"));
}

TEST(TravelersRules, V10_DisplacementVictimsAndDropSquares) {
  // Own pieces box the Displacer on e5 so that it reaches e6 e7 and e4..e1 only.
  // Victims next to e7: the black Ace e8 (yes), the black Block d7 (never).
  // Next to e1: the black Traveler d1 on its last rank (never). Next to e3: own Trey f3.
  // The black Deuce d8 touches e7 only diagonally.
  const State s = board("a1T i1T e5D d4A d5A d6A f4A f5W f6W f3R a9t d1t e8a d7b d8w");
  const auto m = moves_from(s, "e5");
  // 6 plain moves + e8 to 7 squares of rank 7 (not d7, not e7) + 7 of file e (e5 included).
  EXPECT_EQ(m.size(), 6u + 7 + 7);
  EXPECT_TRUE(has(m, "e5-e7"));        // displacing is optional
  EXPECT_TRUE(has(m, "e5-e7/e8-e5"));  // the vacated square counts
  EXPECT_TRUE(has(m, "e5-e7/e8-a7"));  // no clear path needed (past d7)
  EXPECT_TRUE(has(m, "e5-e7/e8-e9"));
  EXPECT_TRUE(has(m, "e5-e7/e8-e1"));
  EXPECT_FALSE(has(m, "e5-e7/e8-e8"));             // not the victim's own square
  EXPECT_FALSE(s.parse_move("e5-e7/e8-a1").ok());  // off its rank and file
  EXPECT_FALSE(s.parse_move("e5-e7/d7-c7").ok());  // a Block
  EXPECT_FALSE(s.parse_move("e5-e1/d1-c1").ok());  // a Traveler on its last rank
  EXPECT_FALSE(s.parse_move("e5-e3/f3-g3").ok());  // own piece
  EXPECT_FALSE(s.parse_move("e5-e7/d8-c8").ok());  // only diagonally adjacent
  // One turn: the Displacer moves and the victim is put down.
  State after = s;
  play(after, "e5-e7/e8-a7");
  EXPECT_EQ(after.at(parse_square("e7")), make_piece(kWhite, kDisplacer));
  EXPECT_EQ(after.at(parse_square("a7")), make_piece(kBlack, kAce));
  EXPECT_EQ(after.at(parse_square("e8")), 0);
  EXPECT_EQ(after.at(parse_square("e5")), 0);
  EXPECT_EQ(after.to_move(), kBlack);
  EXPECT_EQ(after.no_capture_plies(), 1);
  EXPECT_FALSE(after.ban());
}

TEST(TravelersRules, V11_CounterDisplacementBanLastsExactlyOneTurn) {
  State s = board("a1T b1T a5D d6A i2A h9t i9t e6d i7a");
  play(s, "a5-e5/e6-e8");
  ASSERT_TRUE(s.ban());
  // Part of the position: written in the text (the banned Displacer's square) and hashed.
  EXPECT_EQ(test::split_fields(s.to_text())[2], "e8");
  const State same_board_no_ban = test::parse(test::with_field(s.to_text(), 2, "-"));
  EXPECT_NE(same_board_no_ban.hash(), s.hash());
  EXPECT_EQ(s.hash(), s.compute_hash());
  // Black may not displace the White Displacer this turn, but may move next to it and
  // displace another piece.
  const auto m = moves(s);
  EXPECT_TRUE(has(m, "e8-e6"));
  EXPECT_TRUE(has(m, "e8-e6/d6-a6"));
  EXPECT_FALSE(has(m, "e8-e6/e5-e1"));
  const auto err = s.parse_move("e8-e6/e5-e1");
  ASSERT_FALSE(err.ok());
  EXPECT_NE(err.error().find("V11"), std::string::npos) << err.error();
  // White's ban-free reply: the ban is gone for White, and for Black's next turn too.
  play(s, "i7-i6");
  EXPECT_FALSE(s.ban());
  play(s, "i2-i3");
  EXPECT_FALSE(s.ban());
  EXPECT_TRUE(has(moves(s), "e8-e6/e5-e1"));
  // Undo brings the ban back.
  s.undo();
  s.undo();
  EXPECT_TRUE(s.ban());
  EXPECT_FALSE(has(moves(s), "e8-e6/e5-e1"));
}

TEST(TravelersRules, V12_WinByMovingTheSecondTravelerHome) {
  State s = board("a9T e8T c5t g5t a1A");
  play(s, "e8-e9");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.end_reason(), End::kAllHome);
  EXPECT_EQ(s.returns(), (std::vector<double>{1.0, -1.0}));  // V12: the winner
  EXPECT_EQ(s.result_text(), "white wins: both Travelers on the last rank");
  EXPECT_EQ(s.count_moves(), 0u);
  EXPECT_TRUE(moves(s).empty());
}

TEST(TravelersRules, V12_WinByDisplacementForEitherSide) {
  // White drops the second black Traveler onto rank 1: Black wins by White's move.
  State w = board("a3D e4T f4T d1t c4t");
  play(w, "a3-c3/c4-c1");
  EXPECT_EQ(w.end_reason(), End::kAllHome);
  EXPECT_EQ(w.returns(), (std::vector<double>{-1.0, 1.0}));
  // Black drops the second white Traveler onto rank 9: White wins by Black's move.
  State b = board("a7d e6t f6t d9T c6T", 'b');
  play(b, "a7-c7/c6-c9");
  EXPECT_EQ(b.end_reason(), End::kAllHome);
  EXPECT_EQ(b.returns(), (std::vector<double>{1.0, -1.0}));  // V12: the winner
  EXPECT_TRUE(moves(b).empty());
}

TEST(TravelersRules, V13_ThreefoldRepetitionFirstOccurrenceCounts) {
  State s = State::start({});
  const char* shuffle[] = {"a2-a3", "a8-a7", "a3-a2", "a7-a8"};
  for (int ply = 0; ply < 8; ++ply) {
    EXPECT_FALSE(s.is_terminal()) << ply;
    play(s, shuffle[ply % 4]);
  }
  EXPECT_EQ(s.end_reason(), End::kRepetition);  // third time the start position stands
  EXPECT_EQ(s.result_text(), "draw: threefold repetition");
  EXPECT_EQ(s.returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(s.count_moves(), 0u);
}

TEST(TravelersRules, V13_RepetitionKeyIncludesTheV11Ban) {
  // Board B (black to move) occurs after ply 1 with the ban, then after plies 5 and 9 without:
  // not yet a threefold. The position after ply 2 (no ban) occurs a third time at ply 10.
  State s = board("a1T b1T a5D i3A h9t g9t e6d i7a");
  const char* line[] = {"a5-e5/e6-e8", "i7-i6", "i3-i4", "i6-i7", "i4-i3",
                        "i7-i6",       "i3-i4", "i6-i7", "i4-i3", "i7-i6"};
  for (int ply = 0; ply < 10; ++ply) {
    ASSERT_FALSE(s.is_terminal()) << "before ply " << ply + 1;
    play(s, line[ply]);
  }
  EXPECT_EQ(s.end_reason(), End::kRepetition);
}

TEST(TravelersRules, V13_HundredPliesWithoutCapture) {
  const std::string pieces = "a1T b1T e5A e6a h9t i9t";
  State quiet = board(pieces, 'w', "-", 99, 60);
  play(quiet, "e5-d4");
  EXPECT_EQ(quiet.end_reason(), End::kNoCapture);
  EXPECT_EQ(quiet.result_text(), "draw: 100 plies without a capture");
  State capture = board(pieces, 'w', "-", 99, 60);
  play(capture, "e5xe6");
  EXPECT_FALSE(capture.is_terminal());
  EXPECT_EQ(capture.no_capture_plies(), 0);
  // A win on the 100th ply stands (V12 is checked first).
  State win = board("a9T e8T c5t g5t a1A", 'w', "-", 99, 60);
  play(win, "e8-e9");
  EXPECT_EQ(win.end_reason(), End::kAllHome);
  EXPECT_EQ(win.returns(), (std::vector<double>{1.0, -1.0}));  // V12: the winner
  // A position text already at 100 is over.
  EXPECT_TRUE(board(pieces, 'w', "-", 100, 60).is_terminal());
}

TEST(TravelersRules, V13_RepetitionIsCheckedBeforeTheHundredPlyRule) {
  State s = test::parse("3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 92 40");
  const char* shuffle[] = {"a2-a3", "a8-a7", "a3-a2", "a7-a8"};
  for (int ply = 0; ply < 8; ++ply) {
    ASSERT_FALSE(s.is_terminal()) << ply;
    play(s, shuffle[ply % 4]);
  }
  EXPECT_EQ(s.no_capture_plies(), 100);
  EXPECT_EQ(s.end_reason(), End::kRepetition);
}

TEST(TravelersRules, V13_NoLegalMoveIsADrawAfterTheWinCheck) {
  // The black Travelers a9 and i9 are walled in; Black has nothing else.
  const std::string walls = "b9A a8A b8A h9A h8W i8W a9t i9t";
  const State stuck = board(walls + " d5T e5T", 'b');
  EXPECT_EQ(stuck.end_reason(), End::kNoMoves);
  EXPECT_EQ(stuck.result_text(), "draw: black has no legal move");
  EXPECT_TRUE(moves(stuck).empty());
  State after = board(walls + " d5T e5T", 'w');
  play(after, "e5-e6");
  EXPECT_EQ(after.end_reason(), End::kNoMoves);
  // A move that wins and leaves Black without a move is a win.
  State win = board(walls + " d9T e8T", 'w');
  play(win, "e8-e9");
  EXPECT_EQ(win.end_reason(), End::kAllHome);
  EXPECT_EQ(win.returns(), (std::vector<double>{1.0, -1.0}));  // V12: the winner
}

TEST(TravelersRules, V14_Returns) {
  EXPECT_EQ(State::start({}).returns(), (std::vector<double>{0.0, 0.0}));
  State w = board("a9T e8T c5t g5t a1A");
  play(w, "e8-e9");
  EXPECT_EQ(w.returns(), (std::vector<double>{1.0, -1.0}));
  State b = board("a9T e8T c2t d1t a5A", 'b');
  play(b, "c2-c1");
  EXPECT_EQ(b.end_reason(), End::kAllHome);
  EXPECT_EQ(b.returns(), (std::vector<double>{-1.0, 1.0}));
  State d = board("a1T b1T e5A e6a h9t i9t", 'w', "-", 99, 60);
  play(d, "e5-d4");
  EXPECT_EQ(d.returns(), (std::vector<double>{0.0, 0.0}));
}

}  // namespace
}  // namespace arbiter::travelers
