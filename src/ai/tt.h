// The transposition table of alpha-beta: one entry per bucket, replaced when the new entry is
// deeper or from a newer search. Keys are full 64-bit hashes; a stored move is only a hint and
// the search checks it against the legal moves before playing it. A table shared by the
// threads of a lazy-SMP search guards each entry with one of a few thousand spin locks, so no
// thread reads a half-written entry.
#pragma once

#include <sys/mman.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#include "ai/search.h"

namespace arbiter::ai {

enum class Bound : uint8_t { kNone, kUpper, kLower, kExact };

// An entry whose bound is kNone is empty, whatever its other fields hold: the table starts as
// zero bytes mapped afresh from the system (mmap), untouched pages, so a table costs only the
// pages a search writes (a short search from Python makes its 16 MB table without filling it).
// calloc would not do: once a large block is freed, malloc serves the next from its heap and
// clears it byte by byte.
template <class Move>
struct TtEntry {
  uint64_t key = 0;
  Move move{};
  int32_t score = 0;
  int16_t depth = -1;
  Bound bound = Bound::kNone;
  uint8_t generation = 0;
  bool has_move = false;
};

template <class Move>
class TranspositionTable {
  static_assert(std::is_trivially_copyable_v<TtEntry<Move>>, "entries live in mapped zero pages");

 public:
  // `megabytes` of entries, rounded down to a power of two (at least 1024 entries).
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    std::size_t n = 1024;
    while (n * 2 * sizeof(TtEntry<Move>) <= megabytes * 1024 * 1024) n *= 2;
    resize_entries(n);
  }
  void resize_entries(std::size_t n) {
    table_.reset();
    void* p = mmap(nullptr, n * sizeof(TtEntry<Move>), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    table_ = std::unique_ptr<TtEntry<Move>[], Unmap>(static_cast<TtEntry<Move>*>(p),
                                                     Unmap{n * sizeof(TtEntry<Move>)});
    mask_ = n - 1;
  }
  void clear() { resize_entries(mask_ + 1); }
  void new_search() { generation_.fetch_add(1, std::memory_order_relaxed); }

  // Guard entries with locks from now on (before threads share the table).
  void set_shared(bool shared) { shared_ = shared; }

  // Copies the entry of `key` into `out`; false when there is none.
  bool probe(uint64_t key, TtEntry<Move>& out) const {
    const std::size_t i = key & mask_;
    Lock lock(this, i);
    const auto& e = table_[i];
    if (e.key != key || e.bound == Bound::kNone) return false;
    out = e;
    return true;
  }

  // Scores of proven results are stored relative to this node (`ply` from the root).
  void store(uint64_t key, int depth, int score, Bound bound, int ply, const Move* move) {
    const std::size_t i = key & mask_;
    Lock lock(this, i);
    auto& e = table_[i];
    const uint8_t generation = generation_.load(std::memory_order_relaxed);
    if (e.key != key && e.bound != Bound::kNone && e.generation == generation && e.depth > depth) {
      return;
    }
    if (e.key == key && !move && e.has_move) move = &e.move;  // keep the old hint
    if (score > kWinBound) score += ply;
    if (score < -kWinBound) score -= ply;
    e.key = key;
    e.score = score;
    e.depth = static_cast<int16_t>(depth);
    e.bound = bound;
    e.generation = generation;
    e.has_move = move != nullptr;
    if (move) e.move = *move;
  }

  static int score_at(const TtEntry<Move>& e, int ply) {
    if (e.score > kWinBound) return e.score - ply;
    if (e.score < -kWinBound) return e.score + ply;
    return e.score;
  }

 private:
  static constexpr std::size_t kLocks = 4096;
  class Lock {
   public:
    Lock(const TranspositionTable* tt, std::size_t i)
        : flag_(tt->shared_ ? &tt->locks_[i & (kLocks - 1)] : nullptr) {
      if (flag_) {
        while (flag_->test_and_set(std::memory_order_acquire)) {
        }
      }
    }
    ~Lock() {
      if (flag_) flag_->clear(std::memory_order_release);
    }

   private:
    std::atomic_flag* flag_;
  };

  mutable std::array<std::atomic_flag, kLocks> locks_{};
  bool shared_ = false;
  struct Unmap {
    std::size_t bytes = 0;
    void operator()(void* p) const { munmap(p, bytes); }
  };
  std::unique_ptr<TtEntry<Move>[], Unmap> table_;
  std::size_t mask_ = 0;
  std::atomic<uint8_t> generation_{0};
};

}  // namespace arbiter::ai
