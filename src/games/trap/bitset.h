// Fixed-size bitsets for the hot paths: CellSet covers every cell of the largest field
// (169 cells at size 8), SlotSet every slot (462 at size 8). Plain words, no heap.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "core/bits.h"

namespace arbiter::trap {

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
