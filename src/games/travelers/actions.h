// The Travelers' decisions (the research face; docs/research.md gives the ids): a move is
// `from` (the piece) then `to` (where it goes, a capture included); a Displacer move that
// displaces (V10) is `from`, `to … displacing`, `displace` (the victim's square) and `drop`
// (where the victim goes). Squares s = rank * 9 + file (a1 = 0, i9 = 80):
//
//   from s 0 + s   to s 81 + s   to s displacing 162 + s   displace s 243 + s   drop s 324 + s
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/decisions.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

class ActionCodec {
 public:
  using State = travelers::State;
  static constexpr int kMaxDecisions = 4;
  static constexpr int kFrom = 0, kTo = kSquares, kToDisplacing = 2 * kSquares,
                       kDisplace = 3 * kSquares, kDrop = 4 * kSquares, kNumActions = 5 * kSquares;
  // V13: a game without a ply limit still ends within 100 plies of its last capture, and each
  // side has 9 capturable pieces (V7).
  static constexpr int kMaxPlies = 19 * 100;

  explicit ActionCodec(const Params& params) : max_plies_(params.max_plies) {}
  ActionSpace space() const;
  int sequence(const State& state, const Move& move, uint16_t* out) const;
  // Every move begins with its piece: the first decisions are the movable pieces, and a piece
  // once chosen needs only its own moves (decisions.h).
  bool first_decisions(const State& state, std::vector<int>& out) const {
    for (Bitboard b = state.movable_pieces(); b;) out.push_back(kFrom + pop_lsb(b));
    return true;
  }
  bool moves_after_first(const State& state, int first, State::MoveList& out) const {
    state.generate_from(static_cast<Square>(first - kFrom), out);
    return true;
  }
  std::string text(int action) const;
  Result<int> read(std::string_view text) const;

 private:
  int max_plies_;
};

using Actions = FilteredDecisions<ActionCodec>;

}  // namespace arbiter::travelers
