// Legal moves and bulk counting (R7–R17). The common case runs on bitboards: a piece's jump
// chains reach the same squares whatever the route, because jumps never change the board, so a
// flood fill finds every end square. Only when the piece could lift a circle (R15) does the
// board change mid-chain; that piece then goes through the exact ChainSearch (chains.cpp).
#include <cassert>

#include "games/traverse/chains.h"
#include "games/traverse/jumps.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

// R7–R11 for a piece whose chains lift nothing. `reach` receives every square a chain can
// stand on (for the lift test).
Bitboard State::plain_ends(Square from, int seat, uint8_t dirs, Bitboard& reach) const {
  const Bitboard origin = bit(from);
  const Bitboard empty = (~occupied_ & kBoard) | origin;  // R10: the origin counts as empty
  const Bitboard others = occupied_ & ~origin;
  const bool long_jumps = params_.long_jumps;

  Bitboard visited = origin;
  Bitboard steps = 0;
  for (Bitboard frontier = origin; frontier;) {
    Bitboard next = 0;
    for (int d = 0; d < kDirections; ++d) {
      if (dirs & (1u << d)) next |= jump_landings(frontier, d, empty, others, long_jumps);
    }
    frontier = next & ~visited;
    visited |= frontier;
  }
  for (int d = 0; d < kDirections; ++d) {
    if (dirs & (1u << d)) steps |= shift(origin, d);  // R7
  }
  steps &= ~occupied_;
  reach = visited;

  // R11: middle squares and the own destination row; the own start row only by a move that
  // starts there and stands on nothing else.
  Bitboard ends = (visited | steps) & (kMiddle | kDestRow[seat]);
  const Bitboard start_row = kStartRow[seat];
  const uint8_t along_row = dirs & ((seat == kSouth || seat == kNorth) ? (1u << kE) | (1u << kW)
                                                                       : (1u << kN) | (1u << kS));
  if ((origin & start_row) && along_row) {
    const Bitboard row_empty = empty & start_row;
    Bitboard row_visited = origin;
    for (Bitboard frontier = origin; frontier;) {
      Bitboard next = 0;
      for (int d = 0; d < kDirections; ++d) {
        if (along_row & (1u << d)) {
          next |= jump_landings(frontier, d, row_empty, others, long_jumps);
        }
      }
      frontier = next & ~row_visited;
      row_visited |= frontier;
    }
    ends |= (row_visited | steps) & start_row;
  }
  return ends & ~origin;  // R12
}

// R15–R17: opponents' circles that a jump would lift.
Bitboard State::liftable_circles(int seat) const {
  if (!params_.circle_reversal) return 0;
  Bitboard out = 0;
  for (int p = 0; p < num_seats_; ++p) {
    const int other = seats_[p];
    if (other == seat) continue;  // R17
    Bitboard c = circles_ & by_seat_[other] & ~kStartRow[other];
    if (!params_.reversal_from_goal) c &= ~kDestRow[other];
    out |= c;
  }
  return out;
}

// Whether any chain of the piece on `from` can jump a liftable circle. Every route's first
// lift starts from a square the plain flood reaches, so testing those squares is enough.
bool State::may_lift_during(Square from, uint8_t dirs, Bitboard reach, Bitboard liftable) const {
  const Bitboard origin = bit(from);
  const Bitboard empty = (~occupied_ & kBoard) | origin;
  const Bitboard others = occupied_ & ~origin;
  for (int d = 0; d < kDirections; ++d) {
    if ((dirs & (1u << d)) &&
        (jumped_pieces(reach, d, empty, others, params_.long_jumps) & liftable)) {
      return true;
    }
  }
  return false;
}

bool State::anchored(Square s, int seat) const {
  return params_.goal_anchor && (kDestRow[seat] & bit(s));  // R14
}

// Calls plain(from, ends) for each piece whose chains lift nothing, and appends the moves of
// the others to `lifting` (deduplicated across pieces by resulting board).
template <class Plain>
void State::visit_moves(Plain&& plain, MoveList& lifting) const {
  const int seat = seats_[to_move_];
  const Bitboard liftable = liftable_circles(seat);
  SeenBoards seen(*this);
  for_each_square(by_seat_[seat], [&](Square from) {
    if (anchored(from, seat)) return;
    const uint8_t dirs = direction_mask(seat, kind_of(board_[from]));
    Bitboard reach;
    const Bitboard ends = plain_ends(from, seat, dirs, reach);
    if (liftable && may_lift_during(from, dirs, reach, liftable)) {
      if (seen.empty()) seen.insert(Move{});  // R12: the unchanged board
      ChainSearch(*this, from).append_moves(seen, lifting);
    } else {
      plain(from, ends);
    }
  });
}

void State::generate(MoveList& out) const {
  out.clear();
  if (is_terminal()) return;
  visit_moves(
      [&](Square from, Bitboard ends) {
        for_each_square(ends, [&](Square to) {
          Move m;
          m.from = static_cast<uint8_t>(from);
          m.to = static_cast<uint8_t>(to);
          out.push_back(m);
        });
      },
      out);
  if (out.empty()) out.push_back(Move{});  // R13
}

uint64_t State::count_moves() const {
  if (is_terminal()) return 0;
  uint64_t n = 0;
  MoveList lifting;
  visit_moves([&](Square, Bitboard ends) { n += popcount(ends); }, lifting);
  n += lifting.size();
  return n ? n : 1;  // R13: a lone pass
}

}  // namespace arbiter::traverse
