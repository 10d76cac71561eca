// Perft tables for The Travelers, and the slow reference generator they come from.
//
// The reference below is deliberately naive: a 9×9 array of letters, rules written straight
// from the rules (V4–V12, V13's 100-ply rule and no-legal-move), no bitboards, no sharing with
// the fast generator except position text as the common language. Threefold repetition is left
// out: perft from a position without history cannot see a third occurrence within 7 plies.
#include "games/perft.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/travelers/state.h"
#include "test_util.h"

namespace arbiter::travelers {
namespace {

struct Ref {
  std::array<std::array<char, 9>, 9> cell;  // [rank][file], '.' empty
  int side = 0;                             // 0 White, 1 Black
  bool ban = false;
  int no_capture = 0;

  std::string key() const {
    std::string k;
    for (const auto& rank : cell) k.append(rank.begin(), rank.end());
    return k + (side ? " b" : " w") + (ban ? " ban " : " - ") + std::to_string(no_capture);
  }
};

constexpr int kDf[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDr[8] = {1, 1, 0, -1, -1, -1, 0, 1};

bool inside(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }
int owner(char c) { return c == '.' ? -1 : (std::isupper(static_cast<unsigned char>(c)) ? 0 : 1); }
char kind(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }
int home_rank(int side) { return side == 0 ? 8 : 0; }

Ref ref_from_text(const std::string& text) {
  Ref r;
  const auto fields = test::split_fields(text);
  int rank = 8, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      for (int i = 0; i < c - '0'; ++i) r.cell[rank][file++] = '.';
    } else {
      r.cell[rank][file++] = c;
    }
  }
  r.side = fields[1] == "b";
  r.ban = fields[2] != "-";
  r.no_capture = std::stoi(fields[3]);
  return r;
}

// V8: could an enemy (of `side`) Ace, Deuce or Trey capture on (f, r)?
bool checked(const Ref& p, int f, int r, int side) {
  for (int d = 0; d < 8; ++d) {
    for (int n = 1; n <= 3; ++n) {
      const int sf = f + kDf[d] * n, sr = r + kDr[d] * n;
      if (!inside(sf, sr)) break;
      const char c = p.cell[sr][sf];
      if (owner(c) == 1 - side && kind(c) == "AWR"[n - 1]) return true;
    }
  }
  return false;
}

bool won(const Ref& p, int side) {
  int n = 0;
  for (int f = 0; f < 9; ++f) n += p.cell[home_rank(side)][f] == (side == 0 ? 'T' : 't');
  return n == 2;
}

std::vector<Ref> raw_children(const Ref& p) {
  std::vector<Ref> out;
  const int us = p.side;
  auto after = [&](int ff, int fr, int tf, int tr) {
    Ref c = p;
    const bool capture = c.cell[tr][tf] != '.';
    c.cell[tr][tf] = c.cell[fr][ff];
    c.cell[fr][ff] = '.';
    c.side = 1 - us;
    c.ban = false;
    c.no_capture = capture ? 0 : p.no_capture + 1;
    return c;
  };
  for (int r = 0; r < 9; ++r) {
    for (int f = 0; f < 9; ++f) {
      const char pc = p.cell[r][f];
      if (owner(pc) != us) continue;
      const char k = kind(pc);
      if (k == 'D') {
        for (int d = 0; d < 8; ++d) {
          for (int n = 1;; ++n) {
            const int tf = f + kDf[d] * n, tr = r + kDr[d] * n;
            if (!inside(tf, tr) || p.cell[tr][tf] != '.') break;
            const Ref moved = after(f, r, tf, tr);
            out.push_back(moved);
            for (int o = 0; o < 8; o += 2) {  // orthogonal neighbours of the landing square
              const int vf = tf + kDf[o], vr = tr + kDr[o];
              if (!inside(vf, vr)) continue;
              const char v = moved.cell[vr][vf];
              if (owner(v) != 1 - us || kind(v) == 'B') continue;
              if (kind(v) == 'T' && vr == home_rank(1 - us)) continue;
              if (kind(v) == 'D' && p.ban) continue;
              for (int q = 0; q < 9; ++q) {
                // Rank then file through the landing square; only the landing square is on
                // both, and the Displacer stands there, so no drop is listed twice.
                for (const auto& [qf, qr] : {std::pair{q, tr}, std::pair{tf, q}}) {
                  if (moved.cell[qr][qf] != '.') continue;
                  Ref c = moved;
                  c.cell[qr][qf] = v;
                  c.cell[vr][vf] = '.';
                  c.ban = kind(v) == 'D';
                  out.push_back(c);
                }
              }
            }
          }
        }
        continue;
      }
      if (k == 'T' && r == home_rank(us)) continue;
      for (int d = 0; d < 8; ++d) {
        for (int n = 1; n <= 3; ++n) {
          const int tf = f + kDf[d] * n, tr = r + kDr[d] * n;
          if (!inside(tf, tr) || p.cell[tr][tf] != '.') break;
          if (k == 'B' && (tr == 0 || tr == 8)) continue;
          if (k == 'T' && checked(p, tf, tr, us)) continue;
          out.push_back(after(f, r, tf, tr));
        }
        const int reach = k == 'A' ? 1 : k == 'W' ? 2 : k == 'R' ? 3 : 0;
        if (reach == 0) continue;
        const int tf = f + kDf[d] * reach, tr = r + kDr[d] * reach;
        if (!inside(tf, tr)) continue;
        const char t = p.cell[tr][tf];
        if (owner(t) == 1 - us && kind(t) != 'T' && kind(t) != 'B')
          out.push_back(after(f, r, tf, tr));
      }
    }
  }
  return out;
}

bool ref_terminal(const Ref& p) {
  return won(p, 0) || won(p, 1) || p.no_capture >= 100 || raw_children(p).empty();
}

std::vector<Ref> ref_children(const Ref& p) {
  return ref_terminal(p) ? std::vector<Ref>{} : raw_children(p);
}

uint64_t ref_perft(const Ref& p, int depth) {
  if (depth == 0) return 1;
  uint64_t n = 0;
  for (const auto& c : ref_children(p)) n += ref_perft(c, depth - 1);
  return n;
}

// The resulting positions of every legal move, by both generators, as sorted keys; with
// `terminal_too`, also whether each resulting position is over (costs a level deeper).
void expect_same_children(State& s, bool terminal_too) {
  const Ref root = ref_from_text(s.to_text());
  std::vector<std::string> ref_keys;
  for (const auto& c : ref_children(root)) ref_keys.push_back(c.key());
  if (s.end_reason() == End::kRepetition || s.end_reason() == End::kPlyLimit) return;
  std::vector<std::string> fast_keys;
  State::MoveList list;
  s.generate(list);
  ASSERT_EQ(s.count_moves(), list.size()) << s.to_text();
  for (const auto& m : list) {
    s.apply(m);
    const Ref child = ref_from_text(s.to_text());
    fast_keys.push_back(child.key());
    if (terminal_too && s.end_reason() != End::kRepetition) {
      ASSERT_EQ(s.is_terminal(), ref_terminal(child)) << s.to_text();
    }
    s.undo();
  }
  std::sort(ref_keys.begin(), ref_keys.end());
  std::sort(fast_keys.begin(), fast_keys.end());
  ASSERT_EQ(fast_keys, ref_keys) << s.to_text();
}

#ifdef NDEBUG
constexpr bool kFull = true;  // Release: more positions and deeper tables
#else
constexpr bool kFull = false;  // Debug (and the sanitizer build): a lighter sample
#endif

TEST(TravelersPerft, ReferenceAgreesOnRandomPlayouts) {
  int positions = 0;
  for (int game = 0; game < (kFull ? 24 : 3); ++game) {
    Rng rng(game + 1);
    State s = State::start({});
    for (int ply = 0; ply < 160 && !s.is_terminal(); ++ply) {
      expect_same_children(s, ply % 8 == 0);
      if (HasFatalFailure()) return;
      ++positions;
      State::MoveList list;
      s.generate(list);
      s.apply(list[rng.below(list.size())]);
    }
  }
  EXPECT_GT(positions, kFull ? 2500 : 250);
}

// Random sparse boards: Travelers on last ranks, lone pieces, bans, counters near 100.
std::string random_position(Rng& rng) {
  std::array<char, kSquares> cells;
  cells.fill('.');
  auto place = [&](char c, int lo_rank, int hi_rank) {
    for (int tries = 0; tries < 100; ++tries) {
      const int s = make_square(static_cast<int>(rng.below(9)),
                                lo_rank + static_cast<int>(rng.below(hi_rank - lo_rank + 1)));
      if (cells[s] == '.') {
        cells[s] = c;
        return s;
      }
    }
    return -1;
  };
  int displacer[2] = {-1, -1};
  for (int side = 0; side < 2; ++side) {
    auto letter = [&](char c) { return side == 0 ? c : static_cast<char>(std::tolower(c)); };
    for (int t = 0; t < 2; ++t) {
      const bool home = rng.below(4) == 0;
      const int r = side == 0 ? 8 : 0;
      place(letter('T'), home ? r : 0, home ? r : 8);
    }
    if (rng.below(5)) displacer[side] = place(letter('D'), 0, 8);
    if (rng.below(5)) place(letter('B'), 1, 7);
    const int density = static_cast<int>(rng.below(4));
    for (int i = 0; i < 4 && i < density + 1; ++i) place(letter('A'), 0, 8);
    for (int i = 0; i < 2 && i < density; ++i) place(letter('W'), 0, 8);
    for (int i = 0; i < 2 && i < density; ++i) place(letter('R'), 0, 8);
  }
  std::string pieces;
  for (Square s = 0; s < kSquares; ++s) {
    if (cells[s] != '.') pieces += square_name(s) + cells[s] + " ";
  }
  const int side = static_cast<int>(rng.below(2));
  std::string ban = "-";
  if (displacer[0] >= 0 && displacer[1] >= 0 && rng.below(3) == 0)
    ban = square_name(displacer[side]);
  return test::position(pieces, side ? 'b' : 'w', ban, static_cast<int>(rng.below(101)), 7);
}

TEST(TravelersPerft, ReferenceAgreesOnRandomBoards) {
  Rng rng(99);
  int checked = 0;
  const int count = kFull ? 1200 : 150;
  for (int i = 0; i < count; ++i) {
    const std::string text = random_position(rng);
    auto s = State::parse_position({}, text);
    if (!s) continue;  // e.g. both sides home at once
    expect_same_children(*s, true);
    if (HasFatalFailure()) return;
    if (i % 20 == 0) {  // depth 2 as well
      ASSERT_EQ(perft(*s, 2), ref_perft(ref_from_text(text), 2)) << text;
    }
    ++checked;
  }
  EXPECT_GT(checked, count * 4 / 5);
}

struct PerftCase {
  const char* name;
  const char* text;
  std::vector<uint64_t> counts;  // depth 1, 2, ...
};

// The start counts 91 / 8,238 / 792,364 are the rules' expected counts (docs/travelers.md).
// Depth 2 is 91 × 91 = 8,281 minus 43. Only White moves onto rank 5 change Black's reply
// count (Black reaches rank 5 at most, captures there only with the Treys b8 and g8). Per
// landing square: a5 −2 (a8, d8 lose it), b5 −2+1 (b8 and the Block lose it, Trey b8
// captures), c5 −2, d5 −3+1, e5 −3+1, f5 −3, g5 −2+1, h5 −2, i5 −2, and no +1 when the Block
// lands (uncapturable). Over the 21 moves onto rank 5 (Block e5 b5 h5; a2 a5 d5; b2 b5 e5;
// c2 c5 f5; d2 d5 a5 g5; f2 f5 c5 i5; g2 g5 d5; h2 h5 e5; i2 i5 f5): 7+4+3+5+5+7+3+4+5 = 43.
//
// The others were reached by seeded random playouts from the start (bench/suites/travelers.txt
// holds the same positions); the last two carry a V11 ban. Values agree with ref_perft.
const PerftCase kTable[] = {
    {"start", "3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0 1", {91, 8238, 792364, 75862900}},
    {"opening", "2t1dt3/a1wa1ar2/5bw2/5W3/r7a/9/7WA/A2ABA3/R2TDTR2 w - 16 9", {93, 10532, 1041300}},
    {"displacers",
     "2at1t3/ar4a2/6rb1/1wB6/5D3/1w2A4/4d4/AAW3R2/R2TaTAW1 w - 24 13",
     {221, 54762, 9619658}},
    {"ban-white",
     "3t1ta2/a1w2br1a/9/ad2D2w1/8R/1rB5T/9/ARWA1A1WA/3T5 w e6 12 7",
     {152, 17441, 2956539}},
    {"ban-black",
     "1a1tA2t1/1A3ar2/2w4w1/1W5a1/9/1a7/Rb2DAR1d/3B3TW/2AT5 b i3 22 18",
     {120, 15348, 2043267}},
};

TEST(TravelersPerft, Table) {
  for (const auto& c : kTable) {
    State s = test::parse(c.text);
    const Ref ref = ref_from_text(c.text);
    for (std::size_t d = 1; d <= c.counts.size(); ++d) {
      if (d >= 4 && !kFull) break;  // keeps the sanitizer build quick
      EXPECT_EQ(perft(s, static_cast<int>(d)), c.counts[d - 1]) << c.name << " depth " << d;
      if (d <= (kFull ? 3u : 2u)) {
        EXPECT_EQ(ref_perft(ref, static_cast<int>(d)), c.counts[d - 1]) << c.name << " ref " << d;
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::travelers
