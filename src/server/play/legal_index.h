// The legal endpoint's index of one position: every legal move with its text (sorted, for
// completing a typed move by prefix) and how it is made by pointing (its click orders, what
// each click changes on the board, its route), packed small: each cell or slot name is stored
// once and moves refer to it by a 16-bit number. A size-8 Trap position (~115,000 moves) packs
// into a few MiB, where the moves' parts as strings took ~33 MiB.
//
// LegalIndexes keeps the indexes of the positions asked about lately within one memory budget
// for the whole server, least recently used dropped first; a position asked about again after
// its index was dropped is indexed again (on a hub worker, never an I/O thread).
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/result.h"
#include "games/game.h"
#include "server/play/game_view.h"

namespace arbiter::server {

// The legal endpoint's answer for a typed prefix (docs/api.md).
struct LegalPrefix {
  std::string prefix;              // as asked
  std::size_t count = 0;           // legal moves whose text begins with it
  std::vector<std::string> moves;  // the first of them in sorted order, at most the limit asked
};

class LegalIndex {
 public:
  // Every legal move of `state` (none when it is terminal). An error when the position names
  // more cells and slots than the index can number.
  static Result<std::shared_ptr<const LegalIndex>> build(const GameState& state);

  // The legal endpoint's answer after `clicks` (docs/api.md): the moves some click order of
  // begins with them, the distinct next clicks (sorted by name, each with the shortest route
  // to it) and the moves they complete.
  LegalClicks answer(const std::vector<std::string>& clicks) const;
  // The moves whose canonical text begins with `prefix`, compared without regard to case as the
  // move readers take text (canonical texts are lower case): all counted, the first `limit`
  // listed. Two binary searches on the sorted texts, so a size-8 Trap answers in microseconds.
  LegalPrefix with_prefix(std::string_view prefix, std::size_t limit) const;
  std::size_t moves() const { return text_end_.size(); }
  // Memory held, in bytes.
  std::size_t bytes() const;

 private:
  using Id = uint16_t;
  static constexpr std::size_t kMaxNames = 0xffff;
  std::string_view text(std::size_t m) const;

  std::vector<std::string> names_;           // id -> cell or slot name; id 0 is ""
  std::unordered_map<std::string, Id> ids_;  // name -> id
  std::string texts_;                        // the moves' texts, back to back, sorted
  std::vector<uint32_t> text_end_;           // move i: texts_[end[i-1], end[i])
  std::vector<uint32_t> path_end_;           // move i: paths_[end[i-1], end[i])
  std::vector<Id> paths_;
  std::vector<uint32_t> orders_end_;  // move i: its click orders are orders [end[i-1], end[i])
  std::vector<uint32_t> clicks_end_;  // order j: clicks_[end[j-1], end[j])
  std::vector<Id> clicks_;
  std::vector<Id> changes_;  // two per click (from, to), aligned with clicks_
};

class LegalIndexes {
 public:
  explicit LegalIndexes(std::size_t budget_bytes) : budget_(budget_bytes) {}

  // The index of game `id` at `generation`, when kept.
  std::shared_ptr<const LegalIndex> find(const std::string& id, uint64_t generation);
  // Keeps `index` (replacing the game's older one), dropping the least recently used past the
  // budget; an index larger than the whole budget is not kept.
  void put(const std::string& id, uint64_t generation, std::shared_ptr<const LegalIndex> index);
  void drop(const std::string& id);

  struct Stats {
    std::size_t indexes = 0;
    std::size_t bytes = 0;
    std::size_t budget = 0;
    uint64_t built = 0;  // indexes put so far
  };
  Stats stats() const;

 private:
  struct Entry {
    std::string id;
    uint64_t generation = 0;
    std::shared_ptr<const LegalIndex> index;
    std::size_t bytes = 0;
  };
  void erase_locked(std::list<Entry>::iterator it);

  const std::size_t budget_;
  mutable std::mutex mu_;
  std::list<Entry> lru_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> by_id_;
  std::size_t bytes_ = 0;
  uint64_t built_ = 0;
};

}  // namespace arbiter::server
