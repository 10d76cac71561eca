#include "games/trap/snapshot.h"

#include "games/serialize.h"

namespace arbiter::trap {

std::string Snapshot::write(const State& s) {
  const std::size_t from = static_cast<std::size_t>(s.reversible_from_);
  const std::size_t last = s.seen_.size() - 1;  // the current position
  if (last <= from) return "-";
  std::string out;
  out.reserve((last - from) * 17);
  for (std::size_t i = from; i < last; ++i) {
    if (i > from) out += ',';
    append_hex64(out, s.seen_[i]);
  }
  return out;
}

Status Snapshot::read(State& s, std::string_view record) {
  s.seen_.clear();
  s.seen_count_.fill(0);
  s.reversible_from_ = 0;
  if (record != "-") {
    if ((record.size() + 1) % 17 != 0) {
      return make_error("expected '-' or 16-digit hex keys separated by ','");
    }
    const std::size_t n = (record.size() + 1) / 17;
    if (n > static_cast<std::size_t>(s.ply_)) {
      return make_error(std::to_string(n) + " earlier positions, more than the " +
                        std::to_string(s.ply_) + " plies played");
    }
    s.seen_.reserve(n + 1);
    for (std::size_t i = 0; i < n; ++i) {
      uint64_t key = 0;
      if (!parse_hex64(record.substr(17 * i, 16), key) ||
          (i + 1 < n && record[17 * i + 16] != ',')) {
        return make_error("earlier position " + std::to_string(i + 1) +
                          ": expected 16 hex digits, then ',' or the end");
      }
      s.seen_.push_back(key);
      ++s.seen_count_[key % State::kSeenBuckets];
    }
  }
  s.push_seen();
  if (s.end_ == End::kNone && repetitions(s) >= 3) {
    return make_error("the position occurs a third time, yet the game is not over (P11)");
  }
  return {};
}

int Snapshot::repetitions(const State& s) { return s.repeats_; }

}  // namespace arbiter::trap
