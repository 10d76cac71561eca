// Traverse board geometry: squares, seats, directions and 100-square bitboards (R1, R2, R6).
//
// A square is row * 10 + col with row 0 = row "1" (south) and col 0 = column "a" (west), so
// `c7` is 6 * 10 + 2. A Bitboard holds one bit per square in the low 100 bits of a 128-bit word.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::traverse {

using Bitboard = unsigned __int128;
using Square = int;

inline constexpr int kSize = 10;
inline constexpr int kSquares = 100;
inline constexpr Square kNoSquare = 255;

enum Seat : int { kSouth = 0, kWest = 1, kNorth = 2, kEast = 3 };
inline constexpr int kSeats = 4;
enum Kind : int { kSquarePiece = 0, kDiamond = 1, kTriangle = 2, kCircle = 3 };
inline constexpr int kKinds = 4;

constexpr int row_of(Square s) { return s / kSize; }
constexpr int col_of(Square s) { return s % kSize; }
constexpr Square make_square(int row, int col) { return row * kSize + col; }
constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }

constexpr Bitboard make_mask(bool (*pred)(int row, int col)) {
  Bitboard b = 0;
  for (int s = 0; s < kSquares; ++s) {
    if (pred(row_of(s), col_of(s))) b |= bit(s);
  }
  return b;
}

inline constexpr Bitboard kBoard = make_mask([](int, int) { return true; });
inline constexpr Bitboard kColA = make_mask([](int, int c) { return c == 0; });
inline constexpr Bitboard kColJ = make_mask([](int, int c) { return c == 9; });
// R1: the middle is b2–i9.
inline constexpr Bitboard kMiddle =
    make_mask([](int r, int c) { return r >= 1 && r <= 8 && c >= 1 && c <= 8; });

// R2: start and destination rows, corners excluded.
inline constexpr std::array<Bitboard, kSeats> kStartRow = {
    make_mask([](int r, int c) { return r == 0 && c >= 1 && c <= 8; }),
    make_mask([](int r, int c) { return c == 0 && r >= 1 && r <= 8; }),
    make_mask([](int r, int c) { return r == 9 && c >= 1 && c <= 8; }),
    make_mask([](int r, int c) { return c == 9 && r >= 1 && r <= 8; }),
};
inline constexpr std::array<Bitboard, kSeats> kDestRow = {kStartRow[kNorth], kStartRow[kEast],
                                                          kStartRow[kSouth], kStartRow[kWest]};

// Directions, clockwise from north.
enum Direction : int { kN, kNE, kE, kSE, kS, kSW, kW, kNW };
inline constexpr int kDirections = 8;
inline constexpr std::array<int, kDirections> kDRow = {1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr std::array<int, kDirections> kDCol = {0, 1, 1, 1, 0, -1, -1, -1};
// Each seat's forward direction (R2).
inline constexpr std::array<int, kSeats> kForward = {kN, kE, kS, kW};

// R6: the directions (bit d = Direction d) a piece of this kind and seat may use.
constexpr uint8_t direction_mask(int seat, int kind) {
  const int f = kForward[seat];
  switch (kind) {
    case kSquarePiece:
      return 0b01010101;
    case kDiamond:
      return 0b10101010;
    case kTriangle:
      return static_cast<uint8_t>((1u << ((f + 1) % 8)) | (1u << ((f + 7) % 8)) |
                                  (1u << ((f + 4) % 8)));
    default:
      return 0xff;
  }
}

// The square one step from s in direction d, or kNoSquare off the board.
constexpr Square step(Square s, int d) {
  const int r = row_of(s) + kDRow[d];
  const int c = col_of(s) + kDCol[d];
  if (r < 0 || r >= kSize || c < 0 || c >= kSize) return kNoSquare;
  return make_square(r, c);
}

// Every square of b moved one step in direction d; squares leaving the board vanish.
constexpr Bitboard shift(Bitboard b, int d) {
  switch (d) {
    case kN:
      return (b << 10) & kBoard;
    case kS:
      return b >> 10;
    case kE:
      return (b << 1) & ~kColA & kBoard;
    case kW:
      return (b >> 1) & ~kColJ;
    case kNE:
      return (b << 11) & ~kColA & kBoard;
    case kNW:
      return (b << 9) & ~kColJ & kBoard;
    case kSE:
      return (b >> 9) & ~kColA;
    default:
      return (b >> 11) & ~kColJ;  // kSW
  }
}

inline int popcount(Bitboard b) {
  return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}
inline Square lowest_square(Bitboard b) {
  const auto lo = static_cast<uint64_t>(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}
// Calls f(square) for every set bit, lowest first: a word at a time, where clearing the lowest
// bit of the whole board carries a 128-bit subtraction through every square.
template <class F>
inline void for_each_square(Bitboard b, F&& f) {
  for (auto lo = static_cast<uint64_t>(b); lo != 0; lo &= lo - 1) f(Square(std::countr_zero(lo)));
  for (auto hi = static_cast<uint64_t>(b >> 64); hi != 0; hi &= hi - 1) {
    f(Square(64 + std::countr_zero(hi)));
  }
}

std::string square_name(Square s);                       // "c7"
std::optional<Square> parse_square(std::string_view s);  // "c7" -> 62, nullopt if not a square
std::string_view seat_name(int seat);                    // "south"
std::optional<int> parse_seat(std::string_view s);       // "south" or "s", any case
char seat_letter(int seat);                              // 's' 'w' 'n' 'e'
char kind_letter(int kind);                              // 'S' 'D' 'T' 'C'
std::string_view kind_name(int kind);                    // "square"
// R4: the default colour of a seat in user interfaces.
std::string_view seat_colour(int seat);  // "green"

}  // namespace arbiter::traverse
