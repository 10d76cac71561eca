// The exact search over jump chains of one piece, in which jumped opponent circles are lifted
// (R15) and so change the board mid-chain. A chain state is (square, set of lifted circles,
// whether every square stood on so far is in the start row); chains may revisit squares (R10).
// Used for move generation when a circle can be lifted, for routes in move text, and to check
// routes typed by users.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "games/traverse/state.h"

namespace arbiter::traverse {

using Board = std::array<Piece, kSquares>;

// The board after a move (any move of this position, legal or not, with valid squares).
Board board_after(const State& s, const Move& m);

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
  // boards could coincide (a lifting chain back to the origin, or a circle whose start row is
  // too full so that it may go back to a middle square); then use append_moves.
  bool count_moves(uint64_t& n) const;

  struct Route {
    std::vector<Square> squares;     // origin, then each square stood on
    std::vector<Square> lift_order;  // lifted circles in jump order
  };
  // A shortest route that makes `m` (a step, or jumps lifting exactly m's circles). Ties are
  // broken by direction order, so the route is canonical. Empty squares when there is none.
  Route route_to(const Move& m) const;

  // One jump from a to c with the circles of `lifted` off the board (R8, R9, R6 directions).
  // On success sets `jumped` to the jumped square.
  bool valid_jump(Square a, Square c, unsigned lifted, Square& jumped) const;
  // R11: whether a move may end on sq, given whether its route stayed in the start row.
  bool valid_end(Square sq, bool stayed_in_row) const;
  // The index of a liftable circle on sq (bit in a lifted set), or -1.
  int liftable_index(Square sq) const { return liftable_index_[sq]; }
  bool in_start_row(Square sq) const { return (kStartRow[seat_] & bit(sq)) != 0; }

 private:
  struct Node {
    Square square;
    unsigned lifted;
    bool in_row;
  };
  static int key(const Node& n) {
    return (n.square * 64 + static_cast<int>(n.lifted)) * 2 + n.in_row;
  }
  // Every (square, lifted set) a move of the piece may end on, steps included; may repeat.
  void collect_ends(std::vector<Node>& ends) const;
  // Calls f(Node next, Square jumped) for every jump from `n`, in direction then distance order.
  template <class F>
  void for_each_jump(const Node& n, F&& f) const;
  void place_circles(Bitboard occupied, const std::vector<Square>& circles, std::size_t i, Move& m,
                     SeenBoards& seen, State::MoveList& out) const;

  const State& state_;
  Square from_;
  int seat_;
  uint8_t dirs_;
  std::array<Square, kMaxLifts> liftable_{};
  int num_liftable_ = 0;
  std::array<int8_t, kSquares> liftable_index_{};
};

}  // namespace arbiter::traverse
