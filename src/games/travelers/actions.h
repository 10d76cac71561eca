// The Travelers' decisions (the research face; docs/research.md gives the ids): a move is
// `from` (the piece) then `to` (where it goes, a capture included); a Displacer move that
// displaces (V10) is `from`, `to … displacing`, `displace` (the victim's square) and `drop`
// (where the victim goes). Squares s = rank * 9 + file (a1 = 0, i9 = 80):
//
//   from s 0 + s   to s 81 + s   to s displacing 162 + s   displace s 243 + s   drop s 324 + s
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/game.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

// Each decision's choices are read off the position (State::movable_pieces, destinations,
// victims, drops), never from a list of moves: a Displacer's hundreds of displacements are four
// small sets, one a decision. The four decisions of a displacement name one move, and so do the
// two of another move, so the sequences of the legal moves are distinct and prefix-free.
class Actions {
 public:
  static constexpr int kMaxDecisions = 4;
  static constexpr int kFrom = 0, kTo = kSquares, kToDisplacing = 2 * kSquares,
                       kDisplace = 3 * kSquares, kDrop = 4 * kSquares, kNumActions = 5 * kSquares;
  // V13: a game without a ply limit still ends within 100 plies of its last capture, and each
  // side has 9 capturable pieces (V7).
  static constexpr int kMaxPlies = 19 * 100;

  explicit Actions(const Params& params) : max_plies_(params.max_plies) {}

  ActionSpace space() const;
  int pending() const { return pending_; }
  std::span<const int> taken() const { return {taken_.data(), static_cast<std::size_t>(pending_)}; }
  void legal(const State& state, std::vector<int>& out) const;
  // The same as a bitset over the action space (bit a of word a / 64), into zero words.
  void legal_bits(const State& state, std::span<uint64_t> out) const;
  bool take(const State& state, int action, Move& move);
  // The move `action` would complete, without taking it; false when it completes none. For
  // prefetching only.
  bool peek(int action, Move& move) const;
  // Whether `action` can be a decision of `move`'s sequence, from the squares it names
  // (GameState::move_actions' filter: never false for one that is).
  bool may_take(const State&, const Move& move, int action) const {
    const int square = action % kSquares;
    switch (action / kSquares) {
      case 0:
        return square == move.from;
      case 1:
      case 2:
        return square == move.to;
      case 3:
        return square == move.victim;
      case 4:
        return square == move.drop;
      default:
        return false;
    }
  }
  void untake(const State&) { --pending_; }
  void clear() { pending_ = 0; }
  std::string text(int action) const;
  Result<int> read(std::string_view text) const;

 private:
  // add(squares, base) for each set of choices: the ids base + s of its squares.
  template <class Add>
  void each_choice(const State& state, Add&& add) const;

  int max_plies_;
  std::array<int, kMaxDecisions> taken_{};
  int pending_ = 0;
};

}  // namespace arbiter::travelers
