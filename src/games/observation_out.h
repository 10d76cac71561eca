// Where a game's Observation::write puts its planes (games/adapter.h): values one at a time, or
// kept runs, into a row of channels * height * width floats. Every value the writer does not
// write is 0.
//
// With a Record, the row holds the observation last written through that record (a batch of
// games, VectorEnv, keeps each game's row from step to step), and only the difference is
// written:
//   - single values are noted as they are set, and zeroed when the next observation begins
//     (an observation sets a few dozen values of thousands);
//   - a kept run (a constant plane, or planes that change seldom, such as Trap's walls) is
//     named by a key that fixes its content: when the last observation had the same run with
//     the same key, it is left as it stands instead of being zeroed and written again.
// Without a Record the row is zero when the writer begins, and everything is written.
//
// A writer's contract, for the difference to be exact:
//   - the kept runs come first, before any single value (a run asked for after one is written
//     in full, never kept);
//   - a run's area is its alone: no other run or value of the same observation falls in it,
//     and a run that recurs at a place has the same length there (a plane, a group of planes).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace arbiter {

class ObservationOut {
 public:
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

   private:
    friend class ObservationOut;
    struct Run {
      uint32_t begin, count;
      uint32_t key_at, key_size;  // its key is keys[key_at, key_at + key_size)
      bool claimed = false;       // while a new observation is written: kept or zeroed
    };
    std::vector<uint32_t> singles_;  // indices set one at a time
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
  ObservationOut(std::span<float> row, Record& record) : row_(row), record_(&record) {
    for (uint32_t i : record.singles_) row_[i] = 0.0f;
    record.singles_.clear();
    std::swap(record.kept_, record.last_);
    std::swap(record.keys_, record.last_keys_);
    record.kept_.clear();
    record.keys_.clear();
  }
  ~ObservationOut() { close_runs(); }
  ObservationOut(const ObservationOut&) = delete;
  ObservationOut& operator=(const ObservationOut&) = delete;

  void set(std::size_t i, float value) {
    close_runs();
    row_[i] = value;
    if (record_) record_->singles_.push_back(static_cast<uint32_t>(i));
  }

  // Ones at the given indices, as single values: one call for many (the pieces of a board),
  // so that the record grows once instead of once a value.
  void set_ones(std::span<const uint32_t> indices) {
    close_runs();
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

  // `count` values from `begin`, all `value`, as a kept run (a zero run is nothing to write).
  void fill(std::size_t begin, std::size_t count, float value) {
    if (value == 0.0f) return;
    const uint64_t key[] = {std::bit_cast<uint32_t>(value)};
    if (float* run = keep_run(begin, count, key, true)) std::fill_n(run, count, value);
  }
  // `count` values from `begin`: pattern[k] * value (a plane of ones on a board's real cells),
  // as a kept run; the pattern must not change while a record holds the run.
  void fill_scaled(std::size_t begin, const float* pattern, std::size_t count, float value) {
    if (value == 0.0f) return;
    const uint64_t key[] = {std::bit_cast<uint32_t>(value), reinterpret_cast<uintptr_t>(pattern)};
    if (float* run = keep_run(begin, count, key, true)) {
      for (std::size_t k = 0; k < count; ++k) run[k] = pattern[k] * value;
    }
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
  // keep(); `whole`: the writer writes every value of the run, so a run the last observation
  // had at the same place, with another key, is written over instead of zeroed first (a plane
  // whose value changes every ply, such as the ply's fraction of the limit).
  float* keep_run(std::size_t begin, std::size_t count, std::span<const uint64_t> key, bool whole) {
    float* run = row_.data() + begin;
    if (!record_) return run;
    Record& r = *record_;
    bool kept = false;
    for (Record::Run& last : r.last_) {
      if (last.claimed) continue;
      if (last.begin == begin && last.count == count) {
        if (same_key(key, r.last_keys_.data() + last.key_at, last.key_size)) {
          last.claimed = kept = true;
          break;
        }
        if (whole) {
          last.claimed = true;
          continue;
        }
      }
      if (last.begin < begin + count && begin < last.begin + last.count) {
        std::fill_n(row_.data() + last.begin, last.count, 0.0f);
        last.claimed = true;
      }
    }
    r.kept_.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(count),
                       static_cast<uint32_t>(r.keys_.size()), static_cast<uint32_t>(key.size())});
    for (uint64_t word : key) r.keys_.push_back(word);
    return kept ? nullptr : run;
  }
  // A word at a time: keys are a few words, and a call to memcmp costs more.
  static bool same_key(std::span<const uint64_t> key, const uint64_t* last, uint32_t size) {
    if (key.size() != size) return false;
    for (std::size_t k = 0; k < key.size(); ++k) {
      if (key[k] != last[k]) return false;
    }
    return true;
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
};

}  // namespace arbiter
