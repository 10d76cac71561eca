// Legal moves and bulk counting (R7–R17). In the common case a piece's jump chains reach the
// same squares whatever the route, because jumps never change the board, so one walk over the
// reachable squares finds every end square. Only when the piece could lift a circle (R15) does the
// board change mid-chain; that piece then goes through the exact ChainSearch (chains.cpp).
#include <array>
#include <cassert>
#include <type_traits>
#include <utility>

#include "games/traverse/chains.h"
#include "games/traverse/rays.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

// Single jumps only (R8): every square reachable from `origin` by jumps in the directions Dirs
// onto `empty` squares, by a flood fill over whole bitboards (cheaper than chain_squares()'s
// ray walk); `jumped` receives the pieces jumped. Stops once it stands on a square of `target`.
// The directions are a template argument so that the loop over them unrolls to the piece's
// own: over a mask known only at run time, the loop branches through a jump table at every
// direction, and the processor mispredicts it.
template <unsigned Dirs>
static Bitboard flood_jumps(Bitboard origin, Bitboard others, Bitboard empty, Bitboard& jumped,
                            Bitboard target) {
  Bitboard visited = origin, jumps = 0;
  for (Bitboard frontier = visited; frontier;) {
    Bitboard next = 0;
    const auto direction = [&]<int D>(std::integral_constant<int, D>) {
      if constexpr (((Dirs >> D) & 1) != 0) {
        const Bitboard land = shift(shift(frontier, D) & others, D) & empty;
        jumps |= shift(land, (D + 4) % kDirections);
        next |= land;
      }
    };
    [&]<int... D>(std::integer_sequence<int, D...>) {
      (direction(std::integral_constant<int, D>{}), ...);
    }
    (std::make_integer_sequence<int, kDirections>{});
    frontier = next & ~visited;
    visited |= frontier;
    if (frontier & target) break;
  }
  jumped |= jumps;
  return visited;
}

// flood_jumps() for the directions of a piece (direction_mask()) or of its moves along a start
// row (along_start_row()); any other mask (none is asked for today) through the same flood with
// the directions tested as it goes.
static Bitboard single_jump_squares(Bitboard origin, uint8_t dirs, Bitboard others, Bitboard empty,
                                    Bitboard& jumped, Bitboard target) {
  constexpr unsigned kEastWest = (1u << kE) | (1u << kW), kNorthSouth = (1u << kN) | (1u << kS);
  switch (dirs) {
#define ARBITER_FLOOD(mask) \
  case (mask):              \
    return flood_jumps<(mask)>(origin, others, empty, jumped, target);
    ARBITER_FLOOD(direction_mask(kSouth, kSquarePiece))
    ARBITER_FLOOD(direction_mask(kSouth, kDiamond))
    ARBITER_FLOOD(direction_mask(kSouth, kCircle))
    ARBITER_FLOOD(direction_mask(kSouth, kTriangle))
    ARBITER_FLOOD(direction_mask(kWest, kTriangle))
    ARBITER_FLOOD(direction_mask(kNorth, kTriangle))
    ARBITER_FLOOD(direction_mask(kEast, kTriangle))
    ARBITER_FLOOD(kEastWest)
    ARBITER_FLOOD(kNorthSouth)
#undef ARBITER_FLOOD
    default:
      break;
  }
  Bitboard visited = origin;
  for (Bitboard frontier = visited; frontier;) {
    Bitboard next = 0;
    for (int d = 0; d < kDirections; ++d) {
      if (!(dirs & (1u << d))) continue;
      const Bitboard land = shift(shift(frontier, d) & others, d) & empty;
      jumped |= shift(land, (d + 4) % kDirections);
      next |= land;
    }
    frontier = next & ~visited;
    visited |= frontier;
    if (frontier & target) break;
  }
  return visited;
}

// Every square a chain of the piece on `from` can stand on (R8–R10, lifting nothing), walking
// square by square: from each, the first piece along each allowed ray is jumped when the squares
// beyond it are empty (kRays). `landable` limits where a jump may land; `jumped` receives every
// piece some chain jumps over. With a `target`, the walk may stop as soon as it stands on one of
// its squares (then only whether it reaches the target is known, not every square).
static Bitboard chain_squares(Square from, uint8_t dirs, Bitboard others, Bitboard landable,
                              int reach, Bitboard& jumped, Bitboard target = 0) {
  Bitboard visited = bit(from);
  if (reach == 1) {
    return single_jump_squares(visited, dirs, others, ~others & landable, jumped, target);
  }
  Square stack[kSquares];
  int top = 0;
  stack[top++] = from;
  while (top) {
    const Square s = stack[--top];
    for (int d = 0; d < kDirections; ++d) {
      if (!(dirs & (1u << d))) continue;
      const Bitboard blockers = kRays.ray[s][d] & others;
      if (!blockers) continue;
      const Square b = ray_ascends(d) ? lowest_square(blockers) : highest_square(blockers);
      const int m = ray_distance(s, b);
      if (m > reach) continue;
      const Square land = kRays.landing[s][d][m];
      if (land == kNoSquare || (kRays.beyond[s][d][m] & others) || !(landable & bit(land))) {
        continue;
      }
      jumped |= bit(b);
      if (!(visited & bit(land))) {
        visited |= bit(land);
        if (target & bit(land)) return visited;
        stack[top++] = land;
      }
    }
  }
  return visited;
}

// R7: the empty squares next to `origin` in the directions `dirs`.
static Bitboard step_squares(Bitboard origin, uint8_t dirs, Bitboard occupied) {
  Bitboard steps = 0;
  for (int d = 0; d < kDirections; ++d) {
    if (dirs & (1u << d)) steps |= shift(origin, d);
  }
  return steps & ~occupied;
}

// R11: the directions of `dirs` along `seat`'s start row, the only ones a move that starts there
// and stays there can take.
static uint8_t along_start_row(int seat, uint8_t dirs) {
  return dirs &
         ((seat == kSouth || seat == kNorth) ? (1u << kE) | (1u << kW) : (1u << kN) | (1u << kS));
}

// R7–R11 for a piece whose chains lift nothing; `jumped` receives every piece its chains can
// jump (for the lift test).
Bitboard State::plain_ends(Square from, int seat, uint8_t dirs, Bitboard& jumped) const {
  const Bitboard origin = bit(from);
  const Bitboard others = occupied_ & ~origin;  // R10: the origin counts as empty
  const int reach = params_.long_jumps ? kMaxJumpReach : 1;
  const Bitboard visited = chain_squares(from, dirs, others, kBoard, reach, jumped);
  const Bitboard steps = step_squares(origin, dirs, occupied_);

  // R11: middle squares and the own destination row; the own start row only by a move that
  // starts there and stands on nothing else.
  Bitboard ends = (visited | steps) & (kMiddle | kDestRow[seat]);
  const Bitboard start_row = kStartRow[seat];
  const uint8_t along_row = along_start_row(seat, dirs);
  if ((origin & start_row) && along_row) {
    Bitboard unused = 0;
    ends |= (chain_squares(from, along_row, others, start_row, reach, unused) | steps) & start_row;
  }
  return ends & ~origin;  // R12
}

// Whether plain_ends() of the piece is not empty, walking its chains only until one ends on a
// square it may end on.
bool State::has_plain_end(Square from, int seat, uint8_t dirs) const {
  const Bitboard origin = bit(from);
  const Bitboard others = occupied_ & ~origin;
  const int reach = params_.long_jumps ? kMaxJumpReach : 1;
  const Bitboard steps = step_squares(origin, dirs, occupied_);
  const Bitboard allowed = (kMiddle | kDestRow[seat]) & ~origin;
  if (steps & allowed) return true;
  Bitboard unused = 0;
  if (chain_squares(from, dirs, others, kBoard, reach, unused, allowed) & allowed) return true;
  const Bitboard start_row = kStartRow[seat] & ~origin;
  const uint8_t along_row = along_start_row(seat, dirs);
  if (!(origin & kStartRow[seat]) || !along_row) return false;
  if (steps & start_row) return true;
  return (chain_squares(from, along_row, others, kStartRow[seat], reach, unused, start_row) &
          start_row) != 0;
}

// R15–R17: opponents' circles that a jump would lift.
Bitboard State::liftable_circles(int seat) const {
  if (!params_.circle_reversal) return 0;
  Bitboard out = 0;
  for (int p = 0; p < num_seats_; ++p) {
    const int other = seats_[p];
    if (other == seat) continue;  // R17
    Bitboard c = by_kind_[kCircle] & by_seat_[other] & ~kStartRow[other];
    if (!params_.reversal_from_goal) c &= ~kDestRow[other];
    out |= c;
  }
  return out;
}

// Calls plain(from, ends) for each piece whose chains lift nothing. For the others, when
// `counted` is given, adds their number of moves to it if that can be done without building
// them; else appends their moves to `lifting` (deduplicated across pieces by resulting board).
template <class Plain>
void State::visit_moves(Plain&& plain, MoveList& lifting, uint64_t* counted) const {
  const int seat = seats_[to_move_];
  const Bitboard liftable = liftable_circles(seat);
  SeenBoards seen(*this);
  for_each_square(by_seat_[seat], [&](Square from) {
    if (anchored(from, seat)) return;
    const uint8_t dirs = direction_mask(seat, kind_of(board_[from]));
    // Every route's first lift jumps a piece that lift-free chains reach, so testing the
    // pieces those chains jump is enough to know whether the exact search is needed.
    Bitboard jumped = 0;
    const Bitboard ends = plain_ends(from, seat, dirs, jumped);
    if (jumped & liftable) {
      const ChainSearch chains(*this, from);
      if (counted && chains.count_moves(*counted)) return;
      if (seen.empty()) seen.insert(Move{});  // R12: the unchanged board
      chains.append_moves(seen, lifting);
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
      out, nullptr);
  if (out.empty()) out.push_back(Move{});  // R13
}

uint64_t State::count_moves() const {
  if (is_terminal()) return 0;
  uint64_t n = 0;
  MoveList lifting;
  visit_moves([&](Square, Bitboard ends) { n += popcount(ends); }, lifting, &n);
  n += lifting.size();
  return n ? n : 1;  // R13: a lone pass
}

bool State::moves_split_by_piece() const {
  return !is_terminal() && liftable_circles(seats_[to_move_]) == 0;
}

Bitboard State::movable_pieces() const {
  assert(moves_split_by_piece());
  const int seat = seats_[to_move_];
  // The pieces free to move (R14).
  const Bitboard free = by_seat_[seat] & ~anchored_squares(seat);
  // A step into the middle or the own destination row is always a move (R7, R11): the pieces
  // with one, kind by kind over whole bitboards. Only the others have their chains walked.
  const Bitboard step_targets = ~occupied_ & (kMiddle | kDestRow[seat]);
  Bitboard movable = 0, rest = 0;
  for (int kind = 0; kind < 4; ++kind) {
    const uint8_t dirs = direction_mask(seat, kind);
    Bitboard stepping = 0;
    for (int d = 0; d < kDirections; ++d) {
      if (dirs & (1u << d)) stepping |= shift(step_targets, (d + 4) % kDirections);
    }
    movable |= by_kind_[kind] & free & stepping;
    rest |= by_kind_[kind] & free & ~stepping;
  }
  for_each_square(rest, [&](Square from) {
    if (has_plain_end(from, seat, direction_mask(seat, kind_of(board_[from])))) {
      movable |= bit(from);
    }
  });
  return movable;
}

Bitboard State::destinations(Square from) const {
  assert(moves_split_by_piece());
  const int seat = seats_[to_move_];
  if (from < 0 || from >= kSquares || !(by_seat_[seat] & bit(from)) || anchored(from, seat)) {
    return 0;
  }
  Bitboard jumped = 0;
  return plain_ends(from, seat, direction_mask(seat, kind_of(board_[from])), jumped);
}

void State::generate_from(Square from, MoveList& out) const {
  out.clear();
  for_each_square(destinations(from), [&](Square to) {
    Move m;
    m.from = static_cast<uint8_t>(from);
    m.to = static_cast<uint8_t>(to);
    out.push_back(m);
  });
}

}  // namespace arbiter::traverse
