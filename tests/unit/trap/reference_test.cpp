// Move generation against a slow, obviously-correct reference: every (a)–(d) combination is
// played out naively on a plain copy of the position, trapping is judged naively, and the
// resulting positions are collected in a std::set. Also start counts, perft, lazy enumeration,
// sample_move uniformity and text round trips on positions from random playouts.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "games/board_text.h"
#include "games/perft.h"
#include "games/trap/descriptor.h"
#include "games/trap/state.h"
#include "games/trap/view.h"
#include "test_util.h"

namespace arbiter::trap {
namespace {

// A position as plain data: cell → (side, trapped); the set of walled slots.
struct Plain {
  const Geometry* g;
  std::map<int, std::pair<int, bool>> movers;
  std::set<int> walls;
  int pile, side, ply;

  explicit Plain(const State& s) : g(&s.geo()), pile(s.pile()), side(s.to_move()), ply(s.ply()) {
    for (int p = 0; p < 2; ++p) {
      for (int i = 0; i < kMoversPerSide; ++i)
        movers[s.mover_cell(p, i)] = {p, s.mover_trapped(p, i)};
    }
    for (int slot = 0; slot < g->num_slots; ++slot) {
      if (s.has_wall(slot)) walls.insert(slot);
    }
  }
  bool can_step(int from, int to) const {
    const int slot = g->slot_between(from, to);
    return slot >= 0 && !walls.count(slot) && !movers.count(to);
  }
  std::vector<int> steps(int from) const {
    std::vector<int> out;
    for (int d = 0; d < kDirections; ++d) {
      const int to = g->neighbour[from][d];
      if (to >= 0 && can_step(from, to)) out.push_back(to);
    }
    return out;
  }
  std::vector<int> free_movers() const {
    std::vector<int> out;
    for (const auto& [cell, m] : movers) {
      if (m.first == side && !m.second) out.push_back(cell);
    }
    return out;
  }
  void move(int from, int to) {
    auto m = movers.at(from);
    movers.erase(from);
    movers[to] = m;
  }
  // The end of a turn by `side` (P9), in the position text format: the opponent's free movers
  // without a step are trapped; the player's own are left as they are, stuck or not.
  std::string finish() const {
    Plain after = *this;
    for (auto& [cell, m] : after.movers) {
      if (m.first != side && !m.second && steps(cell).empty()) m.second = true;
    }
    std::string out;
    for (int p = 0; p < 2; ++p) {
      std::string list;
      for (const auto& [cell, m] : after.movers) {
        if (m.first == p)
          list += (list.empty() ? "" : ",") + g->cell_name(cell) + (m.second ? "*" : "");
      }
      out += list + " ";
    }
    std::string w;
    for (int slot : walls) w += (w.empty() ? "" : ",") + g->slot_name(slot);
    out += (w.empty() ? "-" : w) + " " + (pile < 0 ? "-" : std::to_string(pile));
    return out + (side == kRed ? " b " : " r ") + std::to_string(ply + 1);
  }
};

std::set<std::string> reference_results(const State& s) {
  std::set<std::string> out;
  const Plain start(s);
  const auto movers = start.free_movers();
  for (int p : movers) {
    for (int mid : start.steps(p)) {  // (a)
      Plain one = start;
      one.move(p, mid);
      for (int end : one.steps(mid)) {
        if (end == p) continue;  // P7
        Plain two = one;
        two.move(mid, end);
        out.insert(two.finish());
      }
    }
    for (int q : movers) {  // (b), p first
      if (q == p) continue;
      for (int r : start.steps(p)) {
        Plain one = start;
        one.move(p, r);
        for (int t : one.steps(q)) {
          Plain two = one;
          two.move(q, t);
          out.insert(two.finish());
        }
      }
    }
    if (start.pile != 0) {  // (c)
      for (int r : start.steps(p)) {
        for (int slot = 0; slot < start.g->num_slots; ++slot) {
          if (start.walls.count(slot)) continue;
          Plain one = start;
          one.move(p, r);
          one.walls.insert(slot);
          if (one.pile > 0) --one.pile;
          out.insert(one.finish());
        }
      }
    }
  }
  if (start.pile < 0 || start.pile >= 2) {  // (d)
    for (int x = 0; x < start.g->num_slots; ++x) {
      for (int y = x + 1; y < start.g->num_slots; ++y) {
        if (start.walls.count(x) || start.walls.count(y)) continue;
        Plain one = start;
        one.walls.insert(x);
        one.walls.insert(y);
        if (one.pile > 0) one.pile -= 2;
        out.insert(one.finish());
      }
    }
  }
  return out;
}

std::string without_mark(std::string text) {
  const std::string mark = " repetition";
  if (text.size() > mark.size() &&
      text.compare(text.size() - mark.size(), mark.size(), mark) == 0) {
    text.resize(text.size() - mark.size());
  }
  return text;
}

void check_against_reference(const State& s) {
  ASSERT_EQ(s.hash(), s.compute_hash()) << s.to_text();
  State::MoveList moves;
  s.generate(moves);
  ASSERT_EQ(moves.size(), s.count_moves()) << s.to_text();
  if (s.is_terminal()) {
    ASSERT_TRUE(moves.empty());
    return;
  }
  const auto expected = reference_results(s);
  std::set<std::string> got;
  State copy = s;
  uint64_t index = 0;
  s.for_each_move([&](const Move& m) {
    EXPECT_EQ(m, moves[index]);
    EXPECT_EQ(s.move_at(index), m) << index << " in " << s.to_text();
    ++index;
  });
  ASSERT_EQ(index, moves.size());
  for (const auto& m : moves) {
    const std::string text = s.move_text(m);
    auto parsed = s.parse_move(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error() << " in " << s.to_text();
    ASSERT_EQ(*parsed, m) << text << " in " << s.to_text();
    if (m.kind == MoveKind::kPass) continue;
    copy.apply(m);
    ASSERT_EQ(copy.hash(), copy.compute_hash()) << text;
    got.insert(without_mark(copy.to_text()));
    copy.undo();
  }
  ASSERT_EQ(copy.to_text(), s.to_text());
  if (expected.empty()) {
    ASSERT_EQ(moves.size(), 1u);
    ASSERT_EQ(moves[0].kind, MoveKind::kPass);
    return;
  }
  ASSERT_EQ(got.size(), moves.size()) << "two moves give one position in " << s.to_text();
  ASSERT_EQ(got, expected) << s.to_text();
}

TEST(TrapMovegen, StartCountsMatchSpec) {
  const uint64_t expected[] = {1425, 5766, 15054, 33162};
  for (int size = 3; size <= 6; ++size) {
    State s = State::start(test::params_of("size=" + std::to_string(size)));
    EXPECT_EQ(s.count_moves(), expected[size - 3]) << size;
    State::MoveList moves;
    s.generate(moves);
    EXPECT_EQ(moves.size(), expected[size - 3]) << size;
  }
  check_against_reference(State::start(test::params_of("size=3")));
}

TEST(TrapMovegen, PerftFromStart) {
  State s3 = State::start(test::params_of("size=3"));
  EXPECT_EQ(perft(s3, 1), 1425u);
  EXPECT_EQ(perft(s3, 2), 1907088u);  // the rules' expected count (docs/trap.md)
#ifdef NDEBUG
  // Ours, regression values, checked against reference_perft_test.cpp's reference. Depth 3 of
  // size 3 moved with P9 (2,296,047,327 when a turn also trapped its own player's movers).
  EXPECT_EQ(perft(s3, 3), 2296135308u);
  State s5 = State::start(test::params_of(""));
  EXPECT_EQ(perft(s5, 2), 221276247u);
#endif
}

// Positions from random playouts (sample_move), checked against the reference.
// Positions with more than `max_pile` walls left are skipped (the reference is slow on large
// fields while wall pairs are available).
void cross_check(const std::string& params, int games, int every, uint64_t seed,
                 int max_pile = 1 << 30) {
  const State start = State::start(test::params_of(params));
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(seed + g);
    State s = start;
    for (int ply = 0;; ++ply) {
      if ((ply % every == 0 || s.is_terminal()) && s.pile() <= max_pile) {
        check_against_reference(s);
        if (::testing::Test::HasFatalFailure()) return;
        ++checked;
      }
      if (s.is_terminal()) break;
      s.apply(s.sample_move(rng));
    }
    while (s.ply() > 0) s.undo();
    ASSERT_EQ(s.to_text(), start.to_text());
    ASSERT_EQ(s.hash(), start.hash());
  }
  EXPECT_GT(checked, 0);
  ::testing::Test::RecordProperty("positions", checked);
}

// Release checks several hundred positions; Debug (also run under ASan) about a fifth.
#ifdef NDEBUG
constexpr int kReferenceGames = 5;
#else
constexpr int kReferenceGames = 1;
#endif

TEST(TrapMovegen, MatchesReferenceSize3) { cross_check("size=3", 2 * kReferenceGames, 3, 100); }
TEST(TrapMovegen, MatchesReferenceSize3FewWalls) {
  cross_check("size=3 walls=9", 2 * kReferenceGames, 2, 200);
}
TEST(TrapMovegen, MatchesReferenceSize3Unlimited) {
  cross_check("size=3 walls=0 max_plies=60", 2 * kReferenceGames, 3, 300);
}
TEST(TrapMovegen, MatchesReferenceSize4) {
  cross_check("size=4 walls=24 max_plies=150", kReferenceGames, 6, 400);
}

// Sizes 6–8 use two and three words per cell set (size ≤ 5 fits one).
TEST(TrapMovegen, MatchesReferenceLargeFields) {
  cross_check("size=6 walls=8 max_plies=60", 1, 4, 500, 1);
  cross_check("size=7 walls=8 max_plies=60", 1, 4, 600, 1);
  cross_check("size=8 walls=8 max_plies=60", 1, 4, 700, 1);
}

TEST(TrapMovegen, SampleMoveIsUniform) {
  // A position with a few hundred turns at most, from a playout.
  State s = State::start(test::params_of("size=3 walls=30"));
  Rng walk(7);
  while (s.count_moves() > 300 || s.count_moves() < 20) {
    ASSERT_FALSE(s.is_terminal());
    s.apply(s.sample_move(walk));
  }
  test::expect_uniform_sampling(s, 200, 11);
}

TEST(TrapText, PositionTextRoundTripsAndParsersAreTotal) {
  const auto params = test::params_of("size=4 walls=30");
  State s = State::start(params);
  Rng rng(5);
  for (int ply = 0; !s.is_terminal() && ply < 120; ++ply) {
    auto parsed = State::parse_position(params, s.to_text());
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    ASSERT_EQ(parsed->to_text(), s.to_text());
    ASSERT_EQ(parsed->hash(), s.hash());
    ASSERT_EQ(s.to_text().find(';'), std::string::npos);
    // Mutated texts give a State or an error, never a crash.
    std::string text = s.to_text();
    for (int k = 0; k < 20; ++k) {
      std::string t = text;
      const auto at = rng.below(t.size());
      t[at] = "ab19,|*- \xff"[rng.below(10)];
      (void)State::parse_position(params, t);
      (void)s.parse_move(t.substr(0, rng.below(t.size())));
    }
    s.apply(s.sample_move(rng));
  }
  for (const char* bad : {"", "x", "a1,a2 a3,a4,a5 - 30 r 0", "a1,a1,a2 b1,b2,b3 - 30 r 0",
                          "a1,a2,a3 b1,b2,b3 - 31 r 0", "a1,a2,a3 b1,b2,b3 - - r 0",
                          "a1,a2,a3 b1,b2,b3 a1|a2,a2|a1 30 r 0", "a1,a2,a3 b1,b2,b3 - 30 x 0",
                          "a1,a2,a3 b1,b2,b3 - 30 r -1", "a1,a2,a3 b1,b2,b3 - 30 r 0 draw",
                          "a1*,a2*,a3* b1,b2,b3 - 30 r 0 repetition"}) {
    EXPECT_FALSE(State::parse_position(params, bad).ok()) << bad;
  }
}

// The one board drawing (games/board_text.h) from the view: no State draws itself.
TEST(TrapText, BoardTextShowsNamesWallsAndMovers) {
  State s = test::position("c3,e7,g5 c5*,e3,g7 c3|c4,d5|e5,e5|f6 57 b 3");
  const std::string r =
      draw_board(Descriptor::kLegend, view(s), nullptr, {}) + draw_status(view(s), {});
  EXPECT_NE(r.find("blue to move, 57 walls left"), std::string::npos);
  EXPECT_NE(r.find("e1-e9"), std::string::npos);
  EXPECT_NE(r.find('|'), std::string::npos);
  EXPECT_NE(r.find('/'), std::string::npos);
  EXPECT_NE(r.find('\\'), std::string::npos);
  EXPECT_NE(r.find(" b "), std::string::npos);
}

}  // namespace
}  // namespace arbiter::trap
