// Where a game's Observation::write puts its planes (games/adapter.h): values one at a time, or
// kept runs, into a row of channels * height * width floats. Every value the writer does not
// write is 0.
//
// With a Record, the row holds the observation last written through that record (a batch of
// games, VectorEnv, keeps each game's row from step to step), and only the difference is
// written:
//   - single values are noted as they are set, and zeroed when the next observation sets its
//     first (an observation sets a few dozen values of thousands); when that first is a
//     set_ones() of exactly the values the last observation began with (the same pieces on the
//     same planes: a move's later decisions), those are left as they stand;
//   - a kept run (a constant plane, or planes that change seldom, such as Trap's walls) is
//     named by a key that fixes its content: when the last observation had the same run with
//     the same key, it is left as it stands instead of being zeroed and written again.
// Without a Record the row is zero when the writer begins, and everything is written.
//
// A writer's contract, for the difference to be exact:
//   - the kept runs come first, before any single value (a run asked for after one is written
//     in full, never kept);
//   - a run's area is its alone: no other run or value of the same observation falls in it,
//     and a run that recurs at a place has the same length there (a plane, a group of planes);
//   - a place holds runs or single values, the same in every observation of a row: a single
//     value of the last observation never falls in a run of the next (its zeroing comes after
//     the runs are written);
//   - set_ones() gives distinct values, and no other single value of the observation falls
//     among them.
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace arbiter {

class ObservationOut {
 public:
  // The most values a row written through a Record may have, and the most words of a run's
  // key. A longer row is zeroed and written in full at every observation.
  static constexpr std::size_t kMaxRecordedRow = 65535;
  static constexpr std::size_t kMaxKeyWords = 255;

  // What an observation wrote into its row; empty for a zero row.
  class Record {
   public:
    // Forgets the observation: for a row the caller has zeroed.
    void clear() {
      singles_.clear();
      kept_.clear();
      keys_.clear();
    }
    bool empty() const { return singles_.empty() && kept_.empty(); }
    // Asks the processor for what the next observation through this record reads first.
    void prefetch() const {
      __builtin_prefetch(singles_.data(), 1);
      __builtin_prefetch(kept_.data(), 1);
      __builtin_prefetch(keys_.data(), 1);
      __builtin_prefetch(last_.data(), 1);
      __builtin_prefetch(last_keys_.data(), 1);
    }

   private:
    friend class ObservationOut;
    // Twelve bytes: a row's runs and keys are read and written at every observation, and a
    // batch of rows does not stay in the caches.
    struct Run {
      uint32_t begin;
      uint32_t key_at;       // its key is keys[key_at, key_at + key_size)
      uint16_t count;        // a row has at most kMaxRecordedRow values
      uint8_t key_size;      // a key has at most kMaxKeyWords words
      bool claimed = false;  // while a new observation is written: kept or zeroed
    };
    std::vector<uint16_t> singles_;  // indices set one at a time (a row has at most 65,535)
    std::vector<Run> kept_;
    std::vector<uint64_t> keys_;
    // While a new observation is written: the last one's kept runs, not yet kept or zeroed.
    std::vector<Run> last_;
    std::vector<uint64_t> last_keys_;
  };

  // Into a zero row.
  explicit ObservationOut(std::span<float> row) : row_(row), record_(nullptr) {}
  // Over the observation `record` says the row holds: its single values are zeroed now, its
  // kept runs when it is clear that the new observation does not keep them.
  ObservationOut(std::span<float> row, Record& record)
      : row_(row), record_(&record), last_singles_(!record.singles_.empty()) {
    if (row.size() > kMaxRecordedRow) {  // zeroed whole and written in full; nothing recorded
      std::fill(row.begin(), row.end(), 0.0f);
      record.clear();
      record_ = nullptr;
      last_singles_ = false;
      return;
    }
    std::swap(record.kept_, record.last_);
    std::swap(record.keys_, record.last_keys_);
    record.kept_.clear();
    record.keys_.clear();
  }
  ~ObservationOut() {
    close_runs();
    zero_last_singles();
  }
  ObservationOut(const ObservationOut&) = delete;
  ObservationOut& operator=(const ObservationOut&) = delete;

  void set(std::size_t i, float value) {
    close_runs();
    zero_last_singles();
    row_[i] = value;
    if (record_) record_->singles_.push_back(static_cast<uint16_t>(i));
  }

  // Ones at the given indices, as single values: one call for many (the pieces of a board),
  // so that the record grows once instead of once a value. Sixteen-bit indices, as the record
  // keeps them, so that they are compared and copied as they stand.
  void set_ones(std::span<const uint16_t> indices) {
    close_runs();
    if (last_singles_) {
      // The first values of this observation: when the last one began with the same, they
      // stand, and only the rest of the last one's are zeroed.
      std::vector<uint16_t>& last = record_->singles_;
      last_singles_ = false;
      if (last.size() >= indices.size() &&
          std::equal(indices.begin(), indices.end(), last.begin())) {
        for (std::size_t k = indices.size(); k < last.size(); ++k) {
          assert(!in_a_run(last[k]));
          row_[last[k]] = 0.0f;
        }
        last.resize(indices.size());
        return;
      }
      for (uint32_t i : last) {
        assert(!in_a_run(i));
        row_[i] = 0.0f;
      }
      last.clear();
    }
    float* row = row_.data();
    for (uint32_t i : indices) row[i] = 1.0f;
    if (record_) record_->singles_.insert(record_->singles_.end(), indices.begin(), indices.end());
  }

  // A kept run of `count` values from `begin`, whose content `key` fixes. nullptr when the row
  // already holds it (nothing to write); else the run's first value, for the writer to write
  // the run (it is zero).
  float* keep(std::size_t begin, std::size_t count, std::span<const uint64_t> key) {
    return keep_run(begin, count, key, false);
  }

  // A kept run of marks, one per bit of `bits` (Trap's walls: a slot's two cells on six
  // planes): mark(run, bit, value) writes bit's marks into the run (its first value at `run`),
  // marks no other bit shares. When the last
  // observation had the run at the same place, only the bits that changed are marked (1 for a
  // bit now set, 0 for one now clear), else every set bit is, over a zero run.
  template <class Mark>
  void keep_marks(std::size_t begin, std::size_t count, std::span<const uint64_t> bits,
                  Mark&& mark) {
    const uint64_t* last = nullptr;
    float* run = row_.data() + begin;
    if (record_) {
      Record::Run* here = same_place(begin, count);
      if (here != nullptr && here->key_size == bits.size()) {
        here->claimed = true;  // neither zeroed nor kept: its marks are brought up to date
        last = record_->last_keys_.data() + here->key_at;
      } else {
        zero_overlapping(begin, count);
      }
      note_run(begin, count, bits);
    }
    for (std::size_t w = 0; w < bits.size(); ++w) {
      const uint64_t now = bits[w];
      for (uint64_t changed = last ? now ^ last[w] : now; changed != 0; changed &= changed - 1) {
        const int b = std::countr_zero(changed);
        mark(run, static_cast<int>(64 * w) + b, (now >> b) & 1 ? 1.0f : 0.0f);
      }
    }
  }

  // `count` values from `begin`, all `value`, as a kept run (a zero run is nothing to write).
  void fill(std::size_t begin, std::size_t count, float value) {
    if (value == 0.0f) return;
    const uint64_t key[] = {std::bit_cast<uint32_t>(value)};
    if (float* run = keep_run(begin, count, key, true)) write_fill(run, count, value);
  }
  // `count` values from `begin`: pattern[k] * value (a plane of ones on a board's real cells),
  // as a kept run. A place filled this way has the same pattern in every observation of a row
  // (the key names only the value, and that the fill is scaled).
  void fill_scaled(std::size_t begin, const float* pattern, std::size_t count, float value) {
    if (value == 0.0f) return;
    const uint64_t key[] = {std::bit_cast<uint32_t>(value) | (uint64_t{1} << 32)};
    if (float* run = keep_run(begin, count, key, true)) write_scaled(run, pattern, count, value);
  }

  // Zeroes in `row` everything `record` says is there, and empties the record: the row is then
  // zero, as a new observation without a record expects it.
  static void clear(std::span<float> row, Record& record) {
    for (uint32_t i : record.singles_) row[i] = 0.0f;
    for (const Record::Run& run : record.kept_)
      std::fill_n(row.data() + run.begin, run.count, 0.0f);
    record.clear();
  }

 private:
  // to[0, count) = value; to[k] = pattern[k] * value (observation_out.cpp: with the widest
  // stores the processor has). `pattern` does not overlap `to`.
  static void write_fill(float* to, std::size_t count, float value);
  static void write_scaled(float* to, const float* pattern, std::size_t count, float value);

  // keep(); `whole`: the writer writes every value of the run, so a run the last observation
  // had at the same place, with another key, is written over instead of zeroed first (a plane
  // whose value changes every ply, such as the ply's fraction of the limit).
  float* keep_run(std::size_t begin, std::size_t count, std::span<const uint64_t> key, bool whole) {
    float* run = row_.data() + begin;
    if (!record_) return run;
    bool kept = false;
    if (Record::Run* here = same_place(begin, count)) {
      here->claimed = true;
      kept = same_key(key, record_->last_keys_.data() + here->key_at, here->key_size);
      if (!kept && !whole) std::fill_n(row_.data() + here->begin, here->count, 0.0f);
    } else {
      zero_overlapping(begin, count);
    }
    note_run(begin, count, key);
    return kept ? nullptr : run;
  }
  // The last observation's unclaimed run at [begin, begin + count), or nullptr. Observations
  // of a row ask for their runs in the same order, so the one after the last found is tried
  // first. When there is one, no other run of the last observation overlaps the area (its runs
  // were disjoint).
  Record::Run* same_place(std::size_t begin, std::size_t count) {
    std::vector<Record::Run>& last = record_->last_;
    const auto at = [&](std::size_t k) {
      Record::Run& run = last[k];
      return !run.claimed && run.begin == begin && run.count == count;
    };
    if (next_last_ < last.size() && at(next_last_)) return &last[next_last_++];
    for (std::size_t k = 0; k < last.size(); ++k) {
      if (at(k)) {
        next_last_ = k + 1;
        return &last[k];
      }
    }
    return nullptr;
  }
  // Zeroes, and claims, the last observation's unclaimed runs that overlap a new run's area.
  void zero_overlapping(std::size_t begin, std::size_t count) {
    for (Record::Run& last : record_->last_) {
      if (!last.claimed && last.begin < begin + count && begin < last.begin + last.count) {
        std::fill_n(row_.data() + last.begin, last.count, 0.0f);
        last.claimed = true;
      }
    }
  }
  // Records a run of this observation, with its key.
  void note_run(std::size_t begin, std::size_t count, std::span<const uint64_t> key) {
    assert(key.size() <= kMaxKeyWords);
    Record& r = *record_;
    r.kept_.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(r.keys_.size()),
                       static_cast<uint16_t>(count), static_cast<uint8_t>(key.size())});
    for (uint64_t word : key) r.keys_.push_back(word);
  }
  // A word at a time: keys are a few words, and a call to memcmp costs more.
  static bool same_key(std::span<const uint64_t> key, const uint64_t* last, uint32_t size) {
    if (key.size() != size) return false;
    for (std::size_t k = 0; k < key.size(); ++k) {
      if (key[k] != last[k]) return false;
    }
    return true;
  }
  // The last observation's single values, zeroed once, before this one sets its first.
  void zero_last_singles() {
    if (!last_singles_) return;
    last_singles_ = false;
    for (uint32_t i : record_->singles_) {
      assert(!in_a_run(i));
      row_[i] = 0.0f;
    }
    record_->singles_.clear();
  }
  // Whether value i falls in a run of this observation (which the contract rules out for the
  // last one's single values).
  bool in_a_run(uint32_t i) const {
    for (const Record::Run& run : record_->kept_) {
      if (i >= run.begin && i < run.begin + run.count) return true;
    }
    return false;
  }
  // The last observation's runs that this one has not kept are zeroed, once, before the first
  // single value (which may fall where they were).
  void close_runs() {
    if (!record_ || record_->last_.empty()) return;
    for (const Record::Run& last : record_->last_) {
      if (!last.claimed) std::fill_n(row_.data() + last.begin, last.count, 0.0f);
    }
    record_->last_.clear();
    record_->last_keys_.clear();
  }

  std::span<float> row_;
  Record* record_;
  std::size_t next_last_ = 0;  // same_place(): the last observation's run to try first
  // record_->singles_ still lists the last observation's single values, not yet zeroed.
  bool last_singles_ = false;
};

}  // namespace arbiter
