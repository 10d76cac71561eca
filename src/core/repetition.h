// Counts how often each position key occurs along the current line of play, for repetition
// rules. increment/decrement pair up with apply/undo; keys are 64-bit zobrist hashes.
#pragma once

#include <cstdint>
#include <vector>

namespace arbiter {

class RepetitionTable {
 public:
  RepetitionTable() : slots_(kInitialSize) {}
  // Adds one occurrence of key; returns the new count.
  int increment(uint64_t key);
  // Removes one occurrence of key, which must be present.
  void decrement(uint64_t key);
  int count(uint64_t key) const;
  void clear();
  // Calls f(key, count) for every key present, in no particular order.
  template <class F>
  void for_each(F&& f) const {
    for (const Slot& s : slots_) {
      if (s.count != 0) f(s.key, static_cast<int>(s.count));
    }
  }

 private:
  struct Slot {
    uint64_t key = 0;
    uint32_t count = 0;  // 0 = empty slot
  };
  static constexpr std::size_t kInitialSize = 256;
  std::size_t home(uint64_t key) const { return (key * 0x9e3779b97f4a7c15ULL) >> shift_; }
  void grow();

  std::vector<Slot> slots_;
  std::size_t used_ = 0;
  int shift_ = 64 - 8;  // log2(kInitialSize) bits of the multiplied key
};

}  // namespace arbiter
