// Position text, move text, parameters and the runtime face of The Travelers.
#include <gtest/gtest.h>

#include <string>

#include "core/rng.h"
#include "games/board_text.h"
#include "games/registry.h"
#include "games/travelers/params.h"
#include "test_util.h"

namespace arbiter::travelers {
namespace {

using test::play;

constexpr const char* kStart = "3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0 1";

TEST(TravelersText, PositionTextRoundTrips) {
  State s = State::start({});
  EXPECT_EQ(s.to_text(), kStart);
  for (const char* m : {"d2-d5", "g8xd5", "e2-e5"}) play(s, m);
  EXPECT_EQ(s.to_text(), "3tdt3/arwaba1wa/9/9/3rB4/9/9/ARW2ARWA/3TDT3 b - 1 2");
  const State back = test::parse(s.to_text());
  EXPECT_EQ(back.to_text(), s.to_text());
  EXPECT_EQ(back.hash(), s.hash());
  // The V11 ban and the counters round-trip too.
  const std::string banned = "7tt/9/9/4D4/4d4/9/9/9/TT7 b e5 17 42";
  const State b = test::parse(banned);
  EXPECT_TRUE(b.ban());
  EXPECT_EQ(b.no_capture_plies(), 17);
  EXPECT_EQ(b.ply(), 83);
  EXPECT_EQ(b.to_text(), banned);
  EXPECT_EQ(b.hash(), b.compute_hash());
}

TEST(TravelersText, PositionTextErrorsNameTheField) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "expected 5 fields"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0", "expected 5 fields"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA w - 0 1", "expected 9 ranks"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT4 w - 0 1", "rank 1 has more than 9"},
      {"3tdt3/arwabarwa/8/9/9/9/9/ARWABARWA/3TDT3 w - 0 1", "rank 7 has 8 squares"},
      {"3tdt3/arwabarwa/9/9/4x4/9/9/ARWABARWA/3TDT3 w - 0 1", "unknown piece letter 'x'"},
      {"3tdt3/arwabarwa/9/9/4T4/9/9/ARWABARWA/3TDT3 w - 0 1", "white has 3 Travelers"},
      {"3tdt3/arwabarwa/9/9/4A4/9/9/ARWABARWA/3TDT3 w - 0 1", "white has 5 Aces, at most 4"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWA1ARWA/3TBT3 w - 0 1", "Block stands on rank 1 or 9"},
      {"3TDT3/9/9/9/9/9/9/9/3tdt3 w - 0 1", "both sides have both Travelers"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 x - 0 1", "side to move"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w z9 0 1", "V11 ban"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w e9 0 1", "V11 ban: e9 does not hold"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 101 1", "no-capture plies"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - x 1", "no-capture plies"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0 0", "move number"},
      {"3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0 -5", "move number"},
  };
  for (const auto& [text, expected] : cases) {
    const auto s = State::parse_position({}, text);
    ASSERT_FALSE(s.ok()) << text;
    EXPECT_NE(s.error().find(expected), std::string::npos) << text << " -> " << s.error();
    EXPECT_EQ(s.error().find('\n'), std::string::npos);
  }
  const auto no_enemy = State::parse_position({}, "7tt/9/9/4D4/9/9/9/9/TT7 w e6 0 1");
  ASSERT_FALSE(no_enemy.ok());
  EXPECT_NE(no_enemy.error().find("black has no Displacer"), std::string::npos);
}

TEST(TravelersText, PositionParserSurvivesGarbage) {
  Rng rng(7);
  const std::string alphabet = "0123456789/ -tdbawrTDBAWRxwbe\t;\x01\xff";
  for (int i = 0; i < 3000; ++i) {
    std::string text = kStart;
    const int edits = 1 + static_cast<int>(rng.below(4));
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng.below(text.size() + 1);
      const char c = alphabet[rng.below(alphabet.size())];
      switch (rng.below(3)) {
        case 0:
          text.insert(text.begin() + at, c);
          break;
        case 1:
          if (at < text.size()) text.erase(at, 1);
          break;
        default:
          if (at < text.size()) text[at] = c;
          break;
      }
    }
    const auto s = State::parse_position({}, text);
    if (!s) continue;
    EXPECT_EQ(test::parse(s->to_text()).to_text(), s->to_text()) << text;
    EXPECT_EQ(s->count_moves(), test::moves(*s).size());
  }
}

TEST(TravelersText, MoveTextCanonicalAndAccepted) {
  State s = State::start({});
  const auto m = s.parse_move("d2-d5");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(s.move_text(*m), "d2-d5");
  EXPECT_TRUE(s.parse_move("  D2-D5 ").ok());  // case and blanks are forgiven
  play(s, "d2-d5");
  const auto capture = s.parse_move("g8-d5");  // `-` is accepted for a capture
  ASSERT_TRUE(capture.ok());
  EXPECT_EQ(s.move_text(*capture), "g8xd5");
  // A displacement: one move in the text, both squares named.
  State d = test::board("a5D e6a a1T b1T h9t i9t");
  const auto disp = d.parse_move("a5-e5/e6-e9");
  ASSERT_TRUE(disp.ok()) << disp.error();
  EXPECT_EQ(d.move_text(*disp), "a5-e5/e6-e9");
}

TEST(TravelersText, MoveTextErrors) {
  const State s = State::start({});
  const std::pair<const char*, const char*> cases[] = {
      {"", "malformed move"},
      {"d2d5", "malformed move"},
      {"z2-d5", "malformed move"},
      {"d2-d5/", "malformed move"},
      {"e1-e5/f5+f9", "malformed move"},
      {"e4-e5", "no piece on e4"},
      {"a8-a7", "the piece on a8 is black's; white is to move"},
      {"d2xd5", "nothing to capture on d5"},
      {"d2-d6", "illegal move: d2-d6"},
      {"d2-d1", "illegal move: d2-d1"},
      {"e2-e1", "illegal move: e2-e1"},
  };
  for (const auto& [text, expected] : cases) {
    const auto m = s.parse_move(text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_NE(m.error().find(expected), std::string::npos) << text << " -> " << m.error();
  }
  Rng rng(3);
  for (int i = 0; i < 2000; ++i) {
    std::string text;
    const int n = static_cast<int>(rng.below(13));
    for (int k = 0; k < n; ++k) text += "abcdefghijx-/19 \xff"[rng.below(17)];
    (void)s.parse_move(text);  // must not crash or assert
  }
}

// The reason an illegal move gets is the one that applies: a piece that cannot reach the square
// is told so before anything is said of what stands there.
TEST(TravelersText, IllegalMoveReasonIsTheOneThatApplies) {
  const State s = State::start({});
  const std::pair<const char*, const char*> cases[] = {
      {"d2-d9", "illegal move: d2-d9 (an Ace captures at distance 1 only, along a line (V6))"},
      {"b2-b8", "(a Trey captures at distance 3 only, along a line (V6))"},
      {"d2-d6", "illegal move: d2-d6 (only the Displacer moves more than 3 squares (V4))"},
      {"d2-e4", "(a piece moves along a rank, file or diagonal (V4))"},
      {"e1-e3", "(a piece never moves over another (V5))"},
      {"e1-c4", "(a piece moves along a rank, file or diagonal (V5))"},
  };
  for (const auto& [text, expected] : cases) {
    const auto m = s.parse_move(text);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_NE(m.error().find(expected), std::string::npos) << text << " -> " << m.error();
  }
  // A capture at the right distance of a piece that cannot be taken still says V7.
  const State t = test::board("a1T b1T e5A e6t h9t");
  const auto v7 = t.parse_move("e5xe6");
  ASSERT_FALSE(v7.ok());
  EXPECT_NE(v7.error().find("Travelers and Blocks cannot be captured (V7)"), std::string::npos)
      << v7.error();
}

TEST(TravelersText, ParamsRoundTripAndUnknownKeys) {
  auto map = ParamMap::parse("max_plies=40");
  ASSERT_TRUE(map.ok());
  const auto p = travelers::parse_params(*map);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->max_plies, 40);
  EXPECT_EQ(travelers::params_text(*p), "max_plies=40");
  EXPECT_EQ(travelers::params_text(Params{}), "max_plies=0");
  const auto back = travelers::parse_params(*ParamMap::parse(travelers::params_text(*p)));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->max_plies, 40);
  const auto unknown = travelers::parse_params(*ParamMap::parse("players=4"));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("unknown parameter 'players'"), std::string::npos);
  EXPECT_FALSE(travelers::parse_params(*ParamMap::parse("max_plies=-1")).ok());
  EXPECT_FALSE(travelers::parse_params(*ParamMap::parse("max_plies=ten")).ok());
}

TEST(TravelersText, PlyLimitDraw) {
  State s = State::start(Params{3});
  play(s, "a2-a3");
  play(s, "a8-a7");
  EXPECT_FALSE(s.is_terminal());
  play(s, "a3-a2");
  EXPECT_EQ(s.end_reason(), End::kPlyLimit);
  EXPECT_EQ(s.result_text(), "draw: ply limit 3 reached");
}

TEST(TravelersText, RuntimeGame) {
  const Game& g = *find_game("travelers");
  EXPECT_EQ(g.name(), "travelers");
  auto state = g.new_state(*ParamMap::parse(""));
  ASSERT_TRUE(state.ok()) << state.error();
  auto& s = **state;
  EXPECT_EQ(s.params_text(), "max_plies=0");
  EXPECT_EQ(s.legal_moves().size(), 91u);
  EXPECT_EQ(s.perft(2), 8238u);
  ASSERT_TRUE(s.apply("e2-e5").ok());
  EXPECT_FALSE(s.apply("e2-e5").ok());
  EXPECT_NE(draw_game(s, {}).find("a  b  c  d  e  f  g  h  i"), std::string::npos);
  EXPECT_EQ(s.to_text().find(';'), std::string::npos);
  auto parsed = g.parse_state(*ParamMap::parse("max_plies=9"), s.to_text());
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ((*parsed)->to_text(), s.to_text());
  EXPECT_FALSE(g.parse_state(*ParamMap::parse("size=3"), kStart).ok());
}

}  // namespace
}  // namespace arbiter::travelers
