#include "games/traverse/snapshot.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/text.h"
#include "games/serialize.h"

namespace arbiter::traverse {
namespace {

constexpr int kMaxCount = 1'000'000;
constexpr std::string_view kBlockedOut = " blocked-out ";

}  // namespace

std::string Snapshot::write(const State& s) {
  std::vector<std::pair<uint64_t, int>> entries;
  s.repetitions_.for_each([&](uint64_t key, int count) { entries.emplace_back(key, count); });
  std::sort(entries.begin(), entries.end());
  std::string out;
  out.reserve(entries.size() * 18 + 16);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i) out += ',';
    append_hex64(out, entries[i].first);
    if (entries[i].second > 1) {
      out += '*';
      out += std::to_string(entries[i].second);
    }
  }
  if (entries.empty()) out += '-';
  if (s.end_ == End::kBlockedOut) {
    out += kBlockedOut;
    out += seat_letter(s.seats_[s.winner_]);
  }
  return out;
}

Status Snapshot::read(State& s, std::string_view record) {
  std::string_view entries = record;
  int blocked_winner = -1;
  if (const auto at = record.find(' '); at != std::string_view::npos) {
    entries = record.substr(0, at);
    const std::string_view end = record.substr(at);
    const auto seat = end.size() == kBlockedOut.size() + 1 && end.starts_with(kBlockedOut)
                          ? parse_seat(end.substr(kBlockedOut.size()))
                          : std::nullopt;
    if (!seat)
      return make_error("expected ' blocked-out SEAT' after the entries, got " + quote(end));
    blocked_winner = s.player_of_seat(*seat);
    if (blocked_winner < 0) return make_error("the blocked-out seat is not in this game");
  }
  s.repetitions_.clear();
  int64_t total = 0;
  uint64_t previous = 0;
  bool first = true;
  if (entries != "-") {
    std::size_t start = 0;
    for (std::size_t i = 0; i <= entries.size(); ++i) {
      if (i < entries.size() && entries[i] != ',') continue;
      const std::string_view entry = entries.substr(start, i - start);
      start = i + 1;
      const auto star = entry.find('*');
      uint64_t key = 0;
      if (!parse_hex64(entry.substr(0, star), key)) {
        return make_error("entry " + quote(entry) + " is not a 16-digit hex key [*count]");
      }
      int64_t count = 1;
      if (star != std::string_view::npos) {
        auto c = parse_int(entry.substr(star + 1), 2, kMaxCount, "count of " + quote(entry));
        if (!c) return make_error(c.error());
        count = *c;
      }
      if (!first && key <= previous) return make_error("entries are not in ascending key order");
      first = false;
      previous = key;
      total += count;
      if (total > s.ply_ + 1) {
        return make_error("more positions than the " + std::to_string(s.ply_) +
                          " plies played allow");
      }
      for (int64_t k = 0; k < count; ++k) s.repetitions_.increment(key);
    }
  }
  s.repeats_ = s.repetitions_.count(s.hash_);
  if (s.repeats_ < 1) return make_error("the current position is not among the entries");
  if (blocked_winner >= 0) {
    if (s.end_ != End::kNone) return make_error("blocked-out on a position that is already over");
    if (s.repeats_ < 3 || !s.blocked_out(blocked_winner)) {
      return make_error("blocked-out, but the position is not a third occurrence with " +
                        s.player_name(blocked_winner) + " blocked out (R19)");
    }
    s.end_ = End::kBlockedOut;
    s.winner_ = blocked_winner;
  }
  return {};
}

}  // namespace arbiter::traverse
