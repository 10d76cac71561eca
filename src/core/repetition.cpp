#include "core/repetition.h"

#include <cassert>

namespace arbiter {

int RepetitionTable::increment(uint64_t key) {
  if (2 * (used_ + 1) > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(key);; i = (i + 1) & mask) {
    Slot& s = slots_[i];
    if (s.count == 0) {
      s.key = key;
      s.count = 1;
      ++used_;
      return 1;
    }
    if (s.key == key) return static_cast<int>(++s.count);
  }
}

int RepetitionTable::count(uint64_t key) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(key);; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.count == 0) return 0;
    if (s.key == key) return static_cast<int>(s.count);
  }
}

void RepetitionTable::decrement(uint64_t key) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = home(key);
  while (slots_[i].key != key || slots_[i].count == 0) {
    assert(slots_[i].count != 0 && "decrement of a key that is not present");
    i = (i + 1) & mask;
  }
  if (--slots_[i].count > 0) return;
  // Backward-shift deletion keeps every other key reachable from its home slot.
  --used_;
  for (std::size_t j = (i + 1) & mask; slots_[j].count != 0; j = (j + 1) & mask) {
    const std::size_t h = home(slots_[j].key);
    const bool movable = (j > i) ? (h <= i || h > j) : (h <= i && h > j);
    if (movable) {
      slots_[i] = slots_[j];
      slots_[j].count = 0;
      i = j;
    }
  }
  slots_[i].count = 0;
}

void RepetitionTable::clear() {
  for (auto& s : slots_) s.count = 0;
  used_ = 0;
}

void RepetitionTable::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.size() * 2, Slot{});
  --shift_;
  used_ = 0;
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.count == 0) continue;
    std::size_t i = home(s.key);
    while (slots_[i].count != 0) i = (i + 1) & mask;
    slots_[i] = s;
    ++used_;
  }
}

}  // namespace arbiter
