// Fixed-size bitsets for the hot paths: CellSet covers every cell of the largest field
// (169 cells at size 8), SlotSet every slot (462 at size 8). Plain words, no heap.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

namespace arbiter::trap {

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

// Members taking <int U> touch only the first U words: a caller that knows the higher words are
// zero (a field of at most 64·U cells) saves the work; the default is every word.
template <int kWords>
struct BitSet {
  std::array<uint64_t, kWords> w{};

  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1U; }
  void set(int i) { w[i >> 6] |= uint64_t{1} << (i & 63); }
  void reset(int i) { w[i >> 6] &= ~(uint64_t{1} << (i & 63)); }
  template <int U = kWords>
  int count() const {
    int n = 0;
    for (int i = 0; i < U; ++i) n += std::popcount(w[i]);
    return n;
  }
  template <int U = kWords>
  bool none() const {
    uint64_t any = 0;
    for (int i = 0; i < U; ++i) any |= w[i];
    return any == 0;
  }
  BitSet operator&(const BitSet& o) const { return intersect(o); }
  template <int U = kWords>
  BitSet intersect(const BitSet& o) const {
    BitSet r;
    for (int i = 0; i < U; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  BitSet operator|(const BitSet& o) const {
    BitSet r;
    for (int i = 0; i < kWords; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  BitSet& operator|=(const BitSet& o) { return unite(o); }
  template <int U = kWords>
  BitSet& unite(const BitSet& o) {
    for (int i = 0; i < U; ++i) w[i] |= o.w[i];
    return *this;
  }
  // this & ~o
  template <int U = kWords>
  BitSet minus(const BitSet& o) const {
    BitSet r;
    for (int i = 0; i < U; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  bool operator==(const BitSet&) const = default;

  // Calls f(index) for each set bit, ascending; stops early when f returns false.
  template <int U = kWords, class F>
  bool for_each(F&& f) const {
    for (int i = 0; i < U; ++i) {
      for (uint64_t x = w[i]; x != 0; x &= x - 1) {
        if (!f(i * 64 + std::countr_zero(x))) return false;
      }
    }
    return true;
  }
  // Index of the k-th set bit (0-based); k < count().
  int select(int k) const {
    for (int i = 0; i < kWords; ++i) {
      const int n = std::popcount(w[i]);
      if (k < n) return i * 64 + select64(w[i], k);
      k -= n;
    }
    assert(false && "select past the last set bit");
    return -1;
  }
};

using CellSet = BitSet<3>;
using SlotSet = BitSet<8>;

}  // namespace arbiter::trap
