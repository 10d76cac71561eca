// Bit tricks on 64-bit words, shared by the games and the batch environment.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

namespace arbiter {

// kSelectInByte[b][k]: the position of the k-th set bit (0-based) of the byte b; k < popcount(b).
inline constexpr auto kSelectInByte = [] {
  std::array<std::array<uint8_t, 8>, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (int i = 0; i < 8; ++i) {
      if ((b >> i) & 1) t[b][k++] = static_cast<uint8_t>(i);
    }
  }
  return t;
}();

// The position of the k-th set bit (0-based) of x; k < popcount(x). Broadword, no branches:
// byte counts, their prefix sums in one multiply, the byte found by a bytewise compare.
inline int select64(uint64_t x, int k) {
  assert(k >= 0 && k < std::popcount(x));
  constexpr uint64_t kOnes = 0x0101'0101'0101'0101ULL, kHighs = 0x8080'8080'8080'8080ULL;
  uint64_t s = x - ((x >> 1) & 0x5555'5555'5555'5555ULL);
  s = (s & 0x3333'3333'3333'3333ULL) + ((s >> 2) & 0x3333'3333'3333'3333ULL);
  s = (s + (s >> 4)) & 0x0f0f'0f0f'0f0f'0f0fULL;
  const uint64_t prefix = s * kOnes;  // byte i: set bits in bytes 0 … i (at most 64)
  // Bit 7 of byte i is set when prefix byte i ≤ k (128 + k − prefix never borrows).
  const uint64_t at_most_k = ((static_cast<uint64_t>(k) * kOnes | kHighs) - prefix) & kHighs;
  const int byte = std::popcount(at_most_k);
  const int before = static_cast<int>(((prefix << 8) >> (8 * byte)) & 0xff);
  return 8 * byte + kSelectInByte[(x >> (8 * byte)) & 0xff][k - before];
}

// Sets bit base + i of the bitset `out` for each set bit i of `word` (a word of a wider set,
// or a small set of ids that begin at `base`); the bits must fall inside `out`.
inline void or_shifted(std::span<uint64_t> out, uint64_t word, int base) {
  if (word == 0) return;
  const int at = base >> 6, shift = base & 63;
  out[static_cast<std::size_t>(at)] |= word << shift;
  if (shift != 0 && (word >> (64 - shift)) != 0) {
    out[static_cast<std::size_t>(at) + 1] |= word >> (64 - shift);
  }
}

// The same for a 128-bit set (the bitboards of the 9×9 and 10×10 boards).
inline void or_shifted(std::span<uint64_t> out, unsigned __int128 bits, int base) {
  or_shifted(out, static_cast<uint64_t>(bits), base);
  or_shifted(out, static_cast<uint64_t>(bits >> 64), base + 64);
}

}  // namespace arbiter
