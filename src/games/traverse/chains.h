// The exact search over jump chains of one piece, in which jumped opponent circles are lifted
// (R15) and so change the board mid-chain. A chain state is (square, set of lifted circles, the
// order in which circles of the two seats across the mover's line were lifted, whether every
// square stood on so far is in the start row); chains may revisit squares (R10).
// Used for move generation when a circle can be lifted, for the canonical spelling of moves
// (spelling.cpp), and to check routes typed by users.
//
// Why the lift order matters: lifted circles are placed in jump order, each judged when placed
// (R15). A circle whose start row is full may go on its own destination row, which is the start
// row of the opposite seat, and so take the room another lifted circle needed. Only circles of
// two opposite seats interact that way; the mover never lifts its own, so only the pair of seats
// across the mover's line (West and East for South or North, South and North for West or East)
// can both have circles lifted. The order of their lifts is kept, one bit per circle.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "games/traverse/rays.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

using Board = std::array<Piece, kSquares>;

// The board after a move (any move of this position, legal or not, with valid squares).
Board board_after(const State& s, const Move& m);

// R15: the squares where a lifted circle of `owner` may be put, given the occupied squares at
// the time it is placed: the empty squares of its start row, or when that row is full, the
// empty squares where it may come to rest (middle, or its own destination row; never a corner).
inline Bitboard placement_squares(int owner, Bitboard occupied) {
  const Bitboard row = kStartRow[owner] & ~occupied;
  return row ? row : (kMiddle | kDestRow[owner]) & ~occupied;
}

// Chain states are numbered below this (ChainSearch::key).
inline constexpr int kChainStateKeys = 16 * kSquares * 64 * 2;

// The chain states seen by one breadth-first search, cleared in O(1) by stamping.
class VisitedStates {
 public:
  VisitedStates() : stamps_(kChainStateKeys, 0) {}
  void clear() {
    if (++stamp_ == 0) {
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
  }
  // True when `key` is new (and records it).
  bool insert(int key) {
    if (stamps_[key] == stamp_) return false;
    stamps_[key] = stamp_;
    return true;
  }

 private:
  std::vector<uint32_t> stamps_;
  uint32_t stamp_ = 0;
};
// This thread's set, cleared; one search uses it at a time.
VisitedStates& visited_chain_states();

// The resulting boards of the moves found so far in one position, keyed by their zobrist hash
// and compared exactly when hashes meet.
class SeenBoards {
 public:
  explicit SeenBoards(const State& s) : state_(s) {}
  // True when m's board is new (and records it).
  bool insert(const Move& m);
  bool empty() const { return by_hash_.empty(); }

 private:
  const State& state_;
  std::unordered_multimap<uint64_t, Move> by_hash_;
};

class ChainSearch {
 public:
  ChainSearch(const State& state, Square from);

  // Every move of the piece (steps and chains, with each placement of lifted circles) whose
  // resulting board is not in `seen`, fewest lifts first; adds those boards to `seen`. Start
  // `seen` with the unchanged board (R12) and share it between the pieces of one position: two
  // pieces that each chain back to their origin lifting the same circle give the same board.
  void append_moves(SeenBoards& seen, State::MoveList& out) const;

  // The number of distinct moves of the piece, computed without building them, or false when
  // boards could coincide or placements interact (a lifting chain back to the origin, or a
  // circle whose start row has too little room); then use append_moves.
  bool count_moves(uint64_t& n) const;

  // Every square a move of the piece may end on (R7–R11), whatever it lifts.
  Bitboard end_squares() const;

  struct Route {
    std::vector<Square> squares;     // origin, then each square stood on
    std::vector<Square> placements;  // where each lifted circle goes, in jump order
  };
  // The canonical spelling, by this piece, of a move that ends on `to` and leaves `target`
  // (spelling.cpp): a step when one does; else the route with the fewest squares, ties going to
  // the route whose first differing jump comes earlier in the direction order N, NE, E, SE, S,
  // SW, W, NW; placements in jump order, circles of one seat taking the lower squares (a1, b1,
  // ..., j10) first where either order is legal. No route longer than `max_squares` squares is
  // tried. Empty squares when there is none.
  Route spell(Square to, const Board& target, std::size_t max_squares) const;

  // One jump from a to c with the circles of `lifted` off the board (R8, R9, R6 directions).
  // On success sets `jumped` to the jumped square.
  bool valid_jump(Square a, Square c, unsigned lifted, Square& jumped) const;
  // R11: whether a move may end on sq, given whether its route stayed in the start row.
  bool valid_end(Square sq, bool stayed_in_row) const;
  // The index of a liftable circle on sq (bit in a lifted set), or -1.
  int liftable_index(Square sq) const { return liftable_index_[sq]; }
  bool in_start_row(Square sq) const { return (kStartRow[seat_] & bit(sq)) != 0; }

 private:
  static constexpr int kOrderStates = 16;  // up to 4 circles of the cross pair, one bit each
  struct Node {
    Square square;
    unsigned lifted;  // bit i: liftable circle i is off the board
    unsigned order;   // cross-pair lifts so far, first in the highest bit (1 = North or East)
    bool in_row;
  };
  static int key(const Node& n) {
    return ((static_cast<int>(n.order) * kSquares + n.square) * 64 + static_cast<int>(n.lifted)) *
               2 +
           n.in_row;
  }
  static_assert(kOrderStates * kSquares * 64 * 2 == kChainStateKeys);
  // Every chain state a move of the piece may end on, steps included; may repeat.
  void collect_ends(std::vector<Node>& ends) const;
  // Calls f(Node next, Square jumped) for every jump from `n`, in direction order.
  template <class F>
  void for_each_jump(const Node& n, F&& f) const;
  // The lifted circles of a chain state (their squares) in an order that places them as the
  // chain's own jump order does: the cross pair by `order`, then the rest, each seat's circles
  // in square order (one seat's circles are interchangeable).
  std::vector<Square> placing_order(unsigned lifted, unsigned order) const;
  void place_circles(Bitboard occupied, const std::vector<Square>& circles, std::size_t i, Move& m,
                     SeenBoards& seen, State::MoveList& out) const;
  // The squares of a route and the circles it lifts, in jump order.
  std::vector<Square> lifts_along(const std::vector<Square>& squares) const;
  // Placements (lowest squares first) that put `circles`, in this order, where `target` has
  // them, starting from `base` (the board with the piece moved and the circles lifted).
  bool placements_for(const Board& base, const std::vector<Square>& circles, const Board& target,
                      std::vector<Square>& out) const;

  const State& state_;
  Square from_;
  int seat_;
  uint8_t dirs_;
  std::array<Square, kMaxLifts> liftable_{};
  std::array<int8_t, kMaxLifts> cross_bit_{};  // -1: not of the cross pair; else its order bit
  int num_liftable_ = 0;
  std::array<int8_t, kSquares> liftable_index_{};
};

// Defined here so that every file of the chain search can use it.
template <class F>
inline void ChainSearch::for_each_jump(const Node& n, F&& f) const {
  // The board as this chain state sees it: the origin and the lifted circles are empty (R10,
  // R15). From each square only the first piece along a ray can be jumped (R9: never two).
  Bitboard others = state_.occupied() & ~bit(from_);
  for (int i = 0; i < num_liftable_; ++i) {
    if (n.lifted & (1u << i)) others &= ~bit(liftable_[i]);
  }
  const int reach = state_.params().long_jumps ? kMaxJumpReach : 1;
  for (int d = 0; d < kDirections; ++d) {
    if (!(dirs_ & (1u << d))) continue;
    const Bitboard blockers = kRays.ray[n.square][d] & others;
    if (!blockers) continue;
    const Square jumped = ray_ascends(d) ? lowest_square(blockers) : highest_square(blockers);
    const int m = ray_distance(n.square, jumped);
    if (m > reach) continue;
    const Square land = kRays.landing[n.square][d][m];
    if (land == kNoSquare || (kRays.beyond[n.square][d][m] & others)) continue;
    unsigned lifted = n.lifted;
    unsigned order = n.order;
    const int li = liftable_index_[jumped];
    if (li >= 0) {  // R15: lifted at once (its square is empty from now on)
      lifted |= 1u << li;
      if (cross_bit_[li] >= 0) order = (order << 1) | static_cast<unsigned>(cross_bit_[li]);
    }
    f(Node{land, lifted, order, n.in_row && in_start_row(land)}, jumped);
  }
}

}  // namespace arbiter::traverse
