// Traverse's decisions (the research face; docs/research.md gives the ids): a move is `from`
// (the piece), `to` (where it comes to rest, with how many circles it lifts), then for each
// lifted circle, in jump order, `lift` (the circle's square) and `place` (where it is put, R15);
// a lone `pass` (R13) is one decision. K = 6 lifts at most with circle_reversal, else 0:
//
//   from s          s                      s = row * 10 + column (a1 = 0, j10 = 99)
//   to s, k lifts   100 + 100 k + s        k = 0 … K
//   lift s          100 (K + 2) + s        only when K > 0
//   place s         100 (K + 3) + s        only when K > 0
//   pass            the last id: 100 (K + 2) + (K > 0 ? 200 : 0)
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/decisions.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

class ActionCodec {
 public:
  using State = traverse::State;
  static constexpr int kMaxDecisions = 2 + 2 * kMaxLifts;

  explicit ActionCodec(const Params& params);
  ActionSpace space() const;
  int sequence(const State& state, const Move& move, uint16_t* out) const;
  // A move begins with its piece (or is the lone pass): while no circle can be lifted, the
  // first decisions are the movable pieces and a chosen piece needs only its own moves
  // (decisions.h). Each returns false, listing nothing, where that does not hold.
  bool first_decisions(const State& state, std::vector<int>& out) const;
  bool moves_after_first(const State& state, int first, State::MoveList& out) const;
  std::string text(int action) const;
  Result<int> read(std::string_view text) const;

  int to_id(Square s, int lifts) const { return kSquares + kSquares * lifts + s; }
  int lift_id(Square s) const { return kSquares * (max_lifts_ + 2) + s; }
  int place_id(Square s) const { return kSquares * (max_lifts_ + 3) + s; }
  int pass_id() const { return kSquares * (max_lifts_ + 2) + (max_lifts_ > 0 ? 2 * kSquares : 0); }

 private:
  int max_lifts_;
  int max_plies_;
};

// The decisions of a move. Where moves split by piece (no circle can be lifted: always without
// circle_reversal), a move is `from` then `to`, read off the position (State::movable_pieces,
// destinations) without listing moves; elsewhere FilteredDecisions lists the moves once and
// filters them, a move's lifts and placements being decisions of their own.
class Actions {
 public:
  explicit Actions(const Params& params) : filtered_(params) {}

  ActionSpace space() const { return filtered_.space(); }
  int pending() const { return split_ ? pending_ : filtered_.pending(); }
  std::span<const int> taken() const {
    return split_ ? std::span<const int>(taken_.data(), static_cast<std::size_t>(pending_))
                  : filtered_.taken();
  }
  void legal(const State& state, std::vector<int>& out) const;
  // The same as a bitset over the action space (bit a of word a / 64), into zero words.
  void legal_bits(const State& state, std::span<uint64_t> out) const;
  bool take(const State& state, int action, Move& move);
  // The move `action` would complete, without taking it; false when it completes none or is
  // not known yet. For prefetching only.
  bool peek(int action, Move& move) const;
  void untake(const State& state);
  // Whether `action` is a decision of `move`'s sequence (GameState::move_actions' filter).
  bool may_take(const State& state, const Move& move, int action) const {
    std::array<uint16_t, ActionCodec::kMaxDecisions> sequence{};
    const int n = codec().sequence(state, move, sequence.data());
    return std::find(sequence.begin(), sequence.begin() + n, action) != sequence.begin() + n;
  }
  void clear() {
    split_ = false;
    pending_ = 0;
    filtered_.clear();
  }
  std::string text(int action) const { return filtered_.text(action); }
  Result<int> read(std::string_view text) const { return filtered_.read(text); }

 private:
  const ActionCodec& codec() const { return filtered_.codec(); }

  FilteredDecisions<ActionCodec> filtered_;
  bool split_ = false;  // the move under way began as a piece's (from, to): taken_ holds it
  std::array<int, 1> taken_{};
  int pending_ = 0;
  mutable std::vector<int> scratch_;  // legal_bits() where FilteredDecisions lists the ids
};

}  // namespace arbiter::traverse
