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
//     the same key, it is left as it stands instead of being zeroed and written again. A
//     writer that asks for its runs in the same order every time has them checked and updated
//     where they stand in the record; a fill of zeros (a plane filled or not by turns) keeps
//     the place of the run it replaces, so the order holds. Another order costs a search.
// Without a Record the row is zero when the writer begins, and everything is written.
//
// A writer's contract, for the difference to be exact:
//   - the kept runs come first, before any single value (a run asked for after one is written
//     in full, never kept);
//   - a run's area is its alone: no other run or value of the same observation falls in it,
//     and a run that recurs at a place has the same length there (a plane, a group of planes)
//     and is asked for the same way (keep, keep_marks, or a fill: their keys are not told
//     apart, but for a scaled fill's);
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

#include "games/content_stamp.h"

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
      runs_.clear();
      keys_.clear();
      source_ = {};
    }
    // Whether the row holds the observation of the game content `name` by `player`, as its
    // writer said with set_source() (StateAdapter::observe_over); never for no content.
    bool holds(const ContentStamp::Name& name, int player) const {
      return name.serial != 0 && source_ == name && source_player_ == player;
    }
    // What the observation just written through this record is of. Any new observation
    // through the record forgets it until its writer says it again.
    void set_source(const ContentStamp::Name& name, int player) {
      source_ = name;
      source_player_ = player;
    }
    bool empty() const { return singles_.empty() && runs_.empty(); }
    // Asks the processor for what the next observation through this record reads first.
    void prefetch() const {
      __builtin_prefetch(singles_.data(), 1);
      __builtin_prefetch(runs_.data(), 1);
      __builtin_prefetch(keys_.data(), 1);
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
    // The runs of the observation, in the order asked for, and their keys in the same order.
    // A new observation that asks for the same runs in the same order (the usual case) checks
    // and updates them where they stand.
    std::vector<Run> runs_;
    std::vector<uint64_t> keys_;
    // Once a new observation asks for a run out of that order: the last observation's runs not
    // yet met in order, to be kept or zeroed, and their keys.
    std::vector<Run> last_;
    std::vector<uint64_t> last_keys_;
    ContentStamp::Name source_;  // set_source()
    int source_player_ = -1;
  };

  // Into a zero row.
  explicit ObservationOut(std::span<float> row) : row_(row), record_(nullptr) {}
  // Over the observation `record` says the row holds: its single values are zeroed before the
  // new observation sets its first, its kept runs when it is clear that the new observation
  // does not keep them.
  ObservationOut(std::span<float> row, Record& record)
      : row_(row), record_(&record), last_singles_(!record.singles_.empty()) {
    record.source_ = {};
    if (row.size() > kMaxRecordedRow) {  // zeroed whole and written in full; nothing recorded
      std::fill(row.begin(), row.end(), 0.0f);
      record.clear();
      record_ = nullptr;
      last_singles_ = false;
      return;
    }
  }
  // Over the observation `record` says the row holds, adding single values to it (the marks of
  // a decision added to the move in progress, StateAdapter::observe_over): nothing is zeroed,
  // and no run may be asked for.
  struct Extend {};
  ObservationOut(std::span<float> row, Record& record, Extend)
      : row_(row),
        record_(row.size() > kMaxRecordedRow ? nullptr : &record),
        in_order_(false),
        runs_closed_(true) {
    record.source_ = {};
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
    float* run = row_.data() + begin;
    if (record_) {
      if (uint64_t* last = in_order(begin, count, bits.size())) {
        // The last observation's run at this place: only the marks of the bits that changed
        // are written, and the key becomes the new bits.
        mark_changes(run, bits, last, mark);
        std::copy(bits.begin(), bits.end(), last);
        return;
      }
      Record::Run* here = same_place(begin, count);
      if (here != nullptr && here->key_size == bits.size()) {
        here->claimed = true;  // neither zeroed nor kept: its marks are brought up to date
        const uint64_t* last = record_->last_keys_.data() + here->key_at;
        mark_changes(run, bits, last, mark);
        note_run(begin, count, bits);
        return;
      }
      zero_overlapping(begin, count);
      note_run(begin, count, bits);
    }
    mark_changes(run, bits, nullptr, mark);
  }

  // `count` values from `begin`, all `value`, as a kept run (a zero run is nothing to write).
  void fill(std::size_t begin, std::size_t count, float value) {
    if (value == 0.0f) return zero_run(begin, count);
    const uint64_t key[] = {std::bit_cast<uint32_t>(value)};
    if (float* run = keep_run(begin, count, key, true)) write_fill(run, count, value);
  }
  // `count` values from `begin`: pattern[k] * value (a plane of ones on a board's real cells),
  // as a kept run. A place filled this way has the same pattern in every observation of a row
  // (the key names only the value, and that the fill is scaled).
  void fill_scaled(std::size_t begin, const float* pattern, std::size_t count, float value) {
    if (value == 0.0f) return zero_run(begin, count);
    const uint64_t key[] = {std::bit_cast<uint32_t>(value) | (uint64_t{1} << 32)};
    if (float* run = keep_run(begin, count, key, true)) write_scaled(run, pattern, count, value);
  }

  // to[0, count) = value; to[k] = pattern[k] * value (observation_out.cpp: with the widest
  // stores the processor has). For a writer's marks that are planes (keep_marks()). `pattern`
  // does not overlap `to`.
  static void write_fill(float* to, std::size_t count, float value);
  static void write_scaled(float* to, const float* pattern, std::size_t count, float value);

  // Zeroes in `row` everything `record` says is there, and empties the record: the row is then
  // zero, as a new observation without a record expects it.
  static void clear(std::span<float> row, Record& record) {
    for (uint32_t i : record.singles_) row[i] = 0.0f;
    for (const Record::Run& run : record.runs_)
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
    if (uint64_t* last = in_order(begin, count, key.size())) {
      if (same_key(key, last, static_cast<uint32_t>(key.size()))) return nullptr;
      std::copy(key.begin(), key.end(), last);
      if (!whole) std::fill_n(run, count, 0.0f);
      return run;
    }
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
  // A fill of zeros: nothing to write. When the last observation's run at this place is the
  // next in order, it stays in the record as a run of zeros (zeroed now if it was not), so
  // that the runs after it are still met in order: a plane that is filled or not by turns
  // (the side to move's, the seat's) keeps its place in the record.
  void zero_run(std::size_t begin, std::size_t count) {
    if (!record_ || !in_order_ || met_ >= record_->runs_.size()) return;
    const Record::Run& next = record_->runs_[met_];
    if (next.begin != begin || next.count != count || next.key_size != 1) return;
    ++met_;
    uint64_t& key = record_->keys_[next.key_at];
    if (key != kZeroKey) {
      std::fill_n(row_.data() + begin, count, 0.0f);
      key = kZeroKey;
    }
  }
  // The key of a run of zeros: that of fill(…, 0.0f), whose content is the same whatever the
  // fill.
  static constexpr uint64_t kZeroKey = 0;

  // While the new observation asks for the last one's runs in the same order: the key of the
  // next of them when it is at [begin, begin + count) with a key of `key_size` words (the run
  // is then the new observation's too, and its key is to be brought up to date), else nullptr,
  // and from then on the last observation's runs not yet met are in last_.
  uint64_t* in_order(std::size_t begin, std::size_t count, std::size_t key_size) {
    if (!in_order_) return nullptr;
    Record& r = *record_;
    if (met_ < r.runs_.size()) {
      const Record::Run& next = r.runs_[met_];
      if (next.begin == begin && next.count == count && next.key_size == key_size) {
        ++met_;
        return r.keys_.data() + next.key_at;
      }
    }
    out_of_order();
    return nullptr;
  }
  // The runs met in order stay the new observation's; the rest of the last one's go to last_,
  // to be kept or zeroed as the new observation asks for its runs.
  void out_of_order() {
    in_order_ = false;
    Record& r = *record_;
    const std::size_t key_base = met_ < r.runs_.size() ? r.runs_[met_].key_at : r.keys_.size();
    r.last_.assign(r.runs_.begin() + static_cast<std::ptrdiff_t>(met_), r.runs_.end());
    r.last_keys_.assign(r.keys_.begin() + static_cast<std::ptrdiff_t>(key_base), r.keys_.end());
    for (Record::Run& run : r.last_) {
      run.key_at -= static_cast<uint32_t>(key_base);
      run.claimed = false;
    }
    r.runs_.resize(met_);
    r.keys_.resize(key_base);
    next_last_ = 0;
  }
  // Marks of the bits of `bits` that differ from `last` (every set bit without a last).
  template <class Mark>
  static void mark_changes(float* run, std::span<const uint64_t> bits, const uint64_t* last,
                           Mark& mark) {
    for (std::size_t w = 0; w < bits.size(); ++w) {
      const uint64_t now = bits[w];
      for (uint64_t changed = last ? now ^ last[w] : now; changed != 0; changed &= changed - 1) {
        const int b = std::countr_zero(changed);
        mark(run, static_cast<int>(64 * w) + b, (now >> b) & 1 ? 1.0f : 0.0f);
      }
    }
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
    r.runs_.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(r.keys_.size()),
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
    for (const Record::Run& run : record_->runs_) {
      if (i >= run.begin && i < run.begin + run.count) return true;
    }
    return false;
  }
  // The last observation's runs that this one has not kept are zeroed, once, before the first
  // single value (which may fall where they were).
  void close_runs() {
    if (runs_closed_) return;
    runs_closed_ = true;
    if (!record_) return;
    Record& r = *record_;
    if (in_order_) {
      in_order_ = false;
      for (std::size_t k = met_; k < r.runs_.size(); ++k) {
        std::fill_n(row_.data() + r.runs_[k].begin, r.runs_[k].count, 0.0f);
      }
      if (met_ < r.runs_.size()) {
        r.keys_.resize(r.runs_[met_].key_at);
        r.runs_.resize(met_);
      }
      return;
    }
    for (const Record::Run& last : r.last_) {
      if (!last.claimed) std::fill_n(row_.data() + last.begin, last.count, 0.0f);
    }
    r.last_.clear();
    r.last_keys_.clear();
  }

  std::span<float> row_;
  Record* record_;
  // The new observation has asked for the first met_ runs of the record, in its order (and
  // only those): they stand in the record as this observation's.
  bool in_order_ = true;
  std::size_t met_ = 0;
  bool runs_closed_ = false;   // close_runs() is done
  std::size_t next_last_ = 0;  // same_place(): the last observation's run to try first
  // record_->singles_ still lists the last observation's single values, not yet zeroed.
  bool last_singles_ = false;
};

}  // namespace arbiter
