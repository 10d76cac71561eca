// Counts how often each position key occurs along the current line of play, for repetition
// rules. increment/decrement pair up with apply/undo; keys are 64-bit zobrist hashes.
//
// A batch of games keeps thousands of these tables and reaches each one out of cache, so a
// slot is one key (8 bytes, 8 to a cache line): most positions of a game occur once, and a key
// that occurs more than once also has an entry in a short list of the counts beyond one.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace arbiter {

class RepetitionTable {
 public:
  RepetitionTable() : slots_(kInitialSize, kEmpty) {}
  // Adds one occurrence of key; returns the new count.
  int increment(uint64_t key);
  // Removes one occurrence of key, which must be present.
  void decrement(uint64_t key);
  int count(uint64_t key) const;
  // A line is expected to reach `positions` keys: the table, once it outgrows its first size,
  // grows straight to one that holds them (growing rehashes every key into fresh memory; a game
  // to its ply limit doubled it three times). A short line keeps the small table, which is all
  // a serialized record walks.
  void expect(std::size_t positions) { expected_ = positions; }
  // Asks the processor to bring key's home slot into cache: increment(key) will read it.
  void prefetch(uint64_t key) const { __builtin_prefetch(&slots_[home(key)]); }
  void clear();
  // Calls f(key, count) for every key present, in no particular order.
  template <class F>
  void for_each(F&& f) const {
    for (uint64_t key : slots_) {
      if (key != kEmpty) f(key, 1 + extra(key));
    }
    if (empty_key_count_ > 0) f(kEmpty, static_cast<int>(empty_key_count_));
  }

 private:
  // Marks an empty slot; the key equal to it is counted apart (empty_key_count_).
  static constexpr uint64_t kEmpty = 0;
  static constexpr std::size_t kInitialSize = 256;
  std::size_t home(uint64_t key) const { return (key * 0x9e3779b97f4a7c15ULL) >> shift_; }
  // The slot holding key, or -1.
  std::ptrdiff_t find(uint64_t key) const;
  // The occurrences of key beyond its first (0 for a key present once or not at all).
  int extra(uint64_t key) const;
  // Key's entry in extra_ (const or not), or its end.
  template <class Extra>
  static auto extra_entry(Extra& extra, uint64_t key) {
    auto it = extra.begin();
    while (it != extra.end() && it->first != key) ++it;
    return it;
  }
  void grow();

  std::vector<uint64_t> slots_;  // open addressing, linear probing, at most half full
  std::size_t used_ = 0;
  int shift_ = 64 - 8;  // log2(kInitialSize) bits of the multiplied key
  // (key, occurrences beyond the first) of each key present more than once; short.
  std::vector<std::pair<uint64_t, uint32_t>> extra_;
  uint32_t empty_key_count_ = 0;
  std::size_t expected_ = 0;  // expect()'s
};

}  // namespace arbiter
