// The Travelers board geometry: 81 squares (V1) as bits of an unsigned __int128.
//
// Square index = rank * 9 + file, with file 0 = `a` and rank 0 = rank `1` (White's side).
// Shifts never wrap: sources that would leave the board through a side are masked off before
// shifting, and bits pushed past square 80 are masked off after (V4/V6 clarification).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace arbiter::travelers {

using Bitboard = unsigned __int128;
using Square = int;

inline constexpr int kFiles = 9;
inline constexpr int kRanks = 9;
inline constexpr int kSquares = 81;
inline constexpr uint8_t kNoSquare = 0xff;

constexpr Square make_square(int file, int rank) { return rank * kFiles + file; }
constexpr int file_of(Square s) { return s % kFiles; }
constexpr int rank_of(Square s) { return s / kFiles; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }

// Square names as in the notation: file letter then rank digit, `a1`..`i9`.
inline std::string square_name(Square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}
// The square named by exactly two characters (lower-case file), or -1.
inline Square parse_square(std::string_view t) {
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'i' || t[1] < '1' || t[1] > '9') return -1;
  return make_square(t[0] - 'a', t[1] - '1');
}

inline constexpr Bitboard kBoard = (Bitboard{1} << kSquares) - 1;

constexpr Bitboard rank_mask(int rank) { return (Bitboard{0x1ff}) << (rank * kFiles); }
constexpr Bitboard file_mask(int file) {
  Bitboard b = 0;
  for (int r = 0; r < kRanks; ++r) b |= bit(make_square(file, r));
  return b;
}
// Ranks 1 and 9: the Block may never stand there (V9).
inline constexpr Bitboard kEdgeRanks = rank_mask(0) | rank_mask(kRanks - 1);

inline int popcount(Bitboard b) {
  return __builtin_popcountll(static_cast<uint64_t>(b)) +
         __builtin_popcountll(static_cast<uint64_t>(b >> 64));
}
// Lowest set square; b must be non-empty.
inline Square lsb(Bitboard b) {
  const auto lo = static_cast<uint64_t>(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<uint64_t>(b >> 64));
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
// f(square) for every set square, lowest first: a word at a time, where pop_lsb() carries a
// 128-bit subtraction through every square.
template <class F>
inline void for_each_square(Bitboard b, F&& f) {
  for (auto lo = static_cast<uint64_t>(b); lo != 0; lo &= lo - 1) f(Square(__builtin_ctzll(lo)));
  for (auto hi = static_cast<uint64_t>(b >> 64); hi != 0; hi &= hi - 1) {
    f(Square(64 + __builtin_ctzll(hi)));
  }
}

// The 8 lines (V4): N NE E SE S SW W NW, as file and rank steps.
inline constexpr int kDirections = 8;
inline constexpr std::array<int, kDirections> kDirFile = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr std::array<int, kDirections> kDirRank = {1, 1, 0, -1, -1, -1, 0, 1};

// Squares whose file stays on the board after moving `df` files.
constexpr Bitboard files_that_allow(int df) {
  Bitboard b = 0;
  for (int f = 0; f < kFiles; ++f) {
    if (f + df >= 0 && f + df < kFiles) b |= file_mask(f);
  }
  return b;
}

// Every bit moved `n` steps along direction D; bits that would leave the board vanish.
template <int D, int N = 1>
inline Bitboard shift(Bitboard b) {
  constexpr int df = kDirFile[D] * N;
  constexpr int delta = df + kDirRank[D] * N * kFiles;
  constexpr Bitboard keep = files_that_allow(df);
  b &= keep;
  if constexpr (delta > 0) {
    return (b << delta) & kBoard;
  } else {
    return b >> -delta;
  }
}

// Calls f(std::integral_constant<int, D>{}) for the 8 directions, unrolled.
template <class F>
inline void for_each_direction(F&& f) {
  [&]<int... D>(std::integer_sequence<int, D...>) { (f(std::integral_constant<int, D>{}), ...); }
  (std::make_integer_sequence<int, kDirections>{});
}

// Per-square tables, built once at compile time.
struct Geometry {
  // The 4 orthogonal neighbours (V10 adjacency).
  std::array<Bitboard, kSquares> orthogonal{};
  // The rank and file through a square, without the square itself (V10 drop squares).
  std::array<Bitboard, kSquares> lines{};
  // The square n steps away along a direction, or -1 (n = 1..8).
  std::array<std::array<std::array<int8_t, 9>, kDirections>, kSquares> step{};
};

constexpr Geometry make_geometry() {
  Geometry g{};
  for (Square s = 0; s < kSquares; ++s) {
    const int f = file_of(s), r = rank_of(s);
    g.lines[s] = (rank_mask(r) | file_mask(f)) & ~bit(s);
    for (int d = 0; d < kDirections; ++d) {
      g.step[s][d][0] = static_cast<int8_t>(s);
      for (int n = 1; n < 9; ++n) {
        const int nf = f + kDirFile[d] * n, nr = r + kDirRank[d] * n;
        g.step[s][d][n] = on_board(nf, nr) ? static_cast<int8_t>(make_square(nf, nr)) : -1;
      }
      if ((kDirFile[d] == 0 || kDirRank[d] == 0) && g.step[s][d][1] >= 0) {
        g.orthogonal[s] |= bit(g.step[s][d][1]);
      }
    }
  }
  return g;
}

inline constexpr Geometry kGeometry = make_geometry();

}  // namespace arbiter::travelers
