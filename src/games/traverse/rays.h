// Precomputed rays for jumps (R8, R9). From square s in direction d, the first piece on the ray
// at distance m can be jumped when the m squares beyond it are empty and on the board; the
// piece then lands at distance 2m (m = 1 is R8, m = 2..4 are R9's long jumps with k = m - 1).
#pragma once

#include <array>

#include "games/traverse/geometry.h"

namespace arbiter::traverse {

inline constexpr int kMaxJumpReach = 4;  // 2m <= 9 on a 10-square line

struct RayTables {
  std::array<std::array<Bitboard, kDirections>, kSquares> ray{};  // squares after s, excl. s
  // The squares at distances m+1..2m (landing included), and the landing square itself, or
  // kNoSquare when the landing would be off the board.
  std::array<std::array<std::array<Bitboard, kMaxJumpReach + 1>, kDirections>, kSquares> beyond{};
  std::array<std::array<std::array<uint8_t, kMaxJumpReach + 1>, kDirections>, kSquares> landing{};
};

constexpr RayTables make_ray_tables() {
  RayTables t{};
  for (Square s = 0; s < kSquares; ++s) {
    for (int d = 0; d < kDirections; ++d) {
      Square x = s;
      std::array<Square, kSize> line{};
      int n = 0;
      while ((x = step(x, d)) != kNoSquare) {
        t.ray[s][d] |= bit(x);
        line[n++] = x;
      }
      for (int m = 1; m <= kMaxJumpReach; ++m) {
        t.landing[s][d][m] = static_cast<uint8_t>(2 * m <= n ? line[2 * m - 1] : kNoSquare);
        for (int i = m; i < 2 * m && i < n; ++i) t.beyond[s][d][m] |= bit(line[i]);
      }
    }
  }
  return t;
}

inline constexpr RayTables kRays = make_ray_tables();

// Directions in which square numbers grow: the first piece on the ray is its lowest bit.
constexpr bool ray_ascends(int d) { return d == kN || d == kNE || d == kE || d == kNW; }

inline Square highest_square(Bitboard b) {
  const auto hi = static_cast<uint64_t>(b >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<uint64_t>(b));
}

// Chebyshev distance along a ray between two squares on it.
constexpr int ray_distance(Square a, Square b) {
  const int dr = row_of(a) > row_of(b) ? row_of(a) - row_of(b) : row_of(b) - row_of(a);
  const int dc = col_of(a) > col_of(b) ? col_of(a) - col_of(b) : col_of(b) - col_of(a);
  return dr > dc ? dr : dc;
}

}  // namespace arbiter::traverse
