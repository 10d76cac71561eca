#include "core/repetition.h"

#include <algorithm>
#include <cassert>

namespace arbiter {

std::ptrdiff_t RepetitionTable::find(uint64_t key) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(key);; i = (i + 1) & mask) {
    if (slots_[i] == key) return static_cast<std::ptrdiff_t>(i);
    if (slots_[i] == kEmpty) return -1;
  }
}

int RepetitionTable::extra(uint64_t key) const {
  const auto it = extra_entry(extra_, key);
  return it == extra_.end() ? 0 : static_cast<int>(it->second);
}

int RepetitionTable::increment(uint64_t key) {
  if (key == kEmpty) return static_cast<int>(++empty_key_count_);
  if (2 * (used_ + 1) > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(key);; i = (i + 1) & mask) {
    if (slots_[i] == kEmpty) {
      slots_[i] = key;
      ++used_;
      return 1;
    }
    if (slots_[i] == key) break;
  }
  if (const auto it = extra_entry(extra_, key); it != extra_.end()) {
    return static_cast<int>(++it->second) + 1;
  }
  extra_.emplace_back(key, 1);
  return 2;
}

int RepetitionTable::count(uint64_t key) const {
  if (key == kEmpty) return static_cast<int>(empty_key_count_);
  return find(key) < 0 ? 0 : 1 + extra(key);
}

void RepetitionTable::decrement(uint64_t key) {
  if (key == kEmpty) {
    assert(empty_key_count_ > 0 && "decrement of a key that is not present");
    --empty_key_count_;
    return;
  }
  if (const auto more = extra_entry(extra_, key); more != extra_.end()) {
    if (--more->second == 0) {
      *more = extra_.back();
      extra_.pop_back();
    }
    return;
  }
  const std::ptrdiff_t found = find(key);
  assert(found >= 0 && "decrement of a key that is not present");
  if (found < 0) return;
  // Backward-shift deletion keeps every other key reachable from its home slot.
  --used_;
  const std::size_t mask = slots_.size() - 1;
  auto i = static_cast<std::size_t>(found);
  for (std::size_t j = (i + 1) & mask; slots_[j] != kEmpty; j = (j + 1) & mask) {
    const std::size_t h = home(slots_[j]);
    const bool movable = (j > i) ? (h <= i || h > j) : (h <= i && h > j);
    if (movable) {
      slots_[i] = slots_[j];
      i = j;
    }
  }
  slots_[i] = kEmpty;
}

void RepetitionTable::clear() {
  std::fill(slots_.begin(), slots_.end(), kEmpty);
  used_ = 0;
  extra_.clear();
  empty_key_count_ = 0;
}

void RepetitionTable::grow() {
  std::vector<uint64_t> old = std::move(slots_);
  std::size_t size = old.size() * 2;
  --shift_;
  while (size < 2 * expected_) {
    size *= 2;
    --shift_;
  }
  slots_.assign(size, kEmpty);
  const std::size_t mask = slots_.size() - 1;
  for (uint64_t key : old) {
    if (key == kEmpty) continue;
    std::size_t i = home(key);
    while (slots_[i] != kEmpty) i = (i + 1) & mask;
    slots_[i] = key;
  }
}

}  // namespace arbiter
