// Nim's research face (games/game.h), small enough for one header. A move is two decisions:
// the heap (id h), then how many counters to take (id heaps + k − 1, k = 1 … 15). The
// observation is 3 planes of heaps x 15: the counters (row h, first k columns), the observer
// to move, the heap chosen of the move in progress. Nothing but the position matters (no
// repetition rule), so its record is "-".
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/text.h"
#include "games/decisions.h"
#include "games/nim/state.h"
#include "games/observation_out.h"

namespace arbiter::nim {

class ActionCodec {
 public:
  using State = nim::State;
  static constexpr int kMaxDecisions = 2;

  explicit ActionCodec(const Params& params) : heaps_(params.heaps) {}
  ActionSpace space() const {
    ActionSpace s;
    s.num_actions = heaps_ + kMaxCounters;
    s.max_game_length = 2 * kMaxHeaps * kMaxCounters;  // a move takes a counter at least
    return s;
  }
  int sequence(const State&, const Move& m, uint16_t* out) const {
    out[0] = m.heap;
    out[1] = static_cast<uint16_t>(heaps_ + m.take - 1);
    return 2;
  }
  std::string text(int a) const {
    if (a < heaps_) return "heap " + std::string(1, static_cast<char>('a' + a));
    return "take " + std::to_string(a - heaps_ + 1);
  }
  Result<int> read(std::string_view text) const {
    const std::string lower = to_lower(text);
    const auto words = split(lower);
    if (words.size() == 2 && words[0] == "heap" && words[1].size() == 1 && words[1][0] >= 'a' &&
        words[1][0] < 'a' + heaps_) {
      return words[1][0] - 'a';
    }
    if (words.size() == 2 && words[0] == "take") {
      auto k = parse_int(words[1], 1, kMaxCounters, "counters to take");
      if (!k) return make_error(k.error());
      return heaps_ + static_cast<int>(*k) - 1;
    }
    return make_error("decision " + quote(text) + ": expected 'heap a' or 'take 2'");
  }

 private:
  int heaps_;
};

using Actions = FilteredDecisions<ActionCodec>;

struct Observation {
  static std::array<int, 3> shape(const Params& p) { return {3, p.heaps, kMaxCounters}; }
  static void write(const State& s, std::span<const int> taken, int player, ObservationOut& out) {
    const int plane = s.heaps() * kMaxCounters;
    for (int h = 0; h < s.heaps(); ++h) out.fill(h * kMaxCounters, s.heap(h), 1.0f);
    if (!s.is_terminal() && s.to_move() == player) out.fill(plane, plane, 1.0f);
    if (!taken.empty()) out.fill(2 * plane + taken[0] * kMaxCounters, kMaxCounters, 1.0f);
  }
};

struct Snapshot {
  static std::string write(const State&) { return "-"; }
  static Status read(State&, std::string_view record) {
    if (record != "-")
      return make_error("expected '-' (Nim keeps no record), got " + quote(record));
    return {};
  }
};

}  // namespace arbiter::nim
