// Where a game's Observation::write puts its planes (games/adapter.h): values one at a time or a
// run at a time into a row of channels * height * width floats. Every value the writer does not
// write is 0: the row is zero when it begins.
//
// With a Record the writes are noted as they are made, so the next observation into the same
// row zeroes only them (clear()) instead of the whole row: a batch of games (VectorEnv) keeps
// each game's row from step to step, and an observation sets a few dozen values of thousands.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace arbiter {

class ObservationOut {
 public:
  // Single indices, and runs as two entries: kRun | begin, then the length.
  using Record = std::vector<uint32_t>;

  explicit ObservationOut(std::span<float> row, Record* record = nullptr)
      : row_(row), record_(record) {}

  void set(std::size_t i, float value) {
    row_[i] = value;
    if (record_) record_->push_back(static_cast<uint32_t>(i));
  }
  // `count` values from `begin`, all `value` (a zero run is already there).
  void fill(std::size_t begin, std::size_t count, float value) {
    if (value == 0.0f) return;
    std::fill_n(row_.data() + begin, count, value);
    note_run(begin, count);
  }
  // `count` values from `begin`: pattern[k] * value (a plane of ones on a board's real cells).
  void fill_scaled(std::size_t begin, const float* pattern, std::size_t count, float value) {
    if (value == 0.0f) return;
    float* dst = row_.data() + begin;
    for (std::size_t k = 0; k < count; ++k) dst[k] = pattern[k] * value;
    note_run(begin, count);
  }

  // Notes the run from `begin` of `count` values as written, for the writer to set values in
  // it through data(): cheaper than set() when it sets many of them (the run is cleared whole).
  void run(std::size_t begin, std::size_t count) { note_run(begin, count); }
  float* data() { return row_.data(); }

  // Zeroes in `row` what `record` says was written there, and empties the record: the row is
  // then as a new observation expects it.
  static void clear(std::span<float> row, Record& record) {
    for (std::size_t k = 0; k < record.size(); ++k) {
      const uint32_t e = record[k];
      if (e & kRun) {
        std::fill_n(row.data() + (e & ~kRun), record[++k], 0.0f);
      } else {
        row[e] = 0.0f;
      }
    }
    record.clear();
  }

 private:
  static constexpr uint32_t kRun = uint32_t{1} << 31;
  void note_run(std::size_t begin, std::size_t count) {
    if (!record_) return;
    record_->push_back(kRun | static_cast<uint32_t>(begin));
    record_->push_back(static_cast<uint32_t>(count));
  }

  std::span<float> row_;
  Record* record_;
};

}  // namespace arbiter
