// The canonical spelling of a move by one piece (ChainSearch::spell): a breadth-first search over
// chain states that stops at the first state whose move can leave the target board. Breadth
// first finds the fewest squares; trying directions in order at every square, and taking each
// state by the first route that reaches it, makes that route the first in direction order among
// the shortest ones.
#include <algorithm>
#include <cassert>

#include "games/traverse/chains.h"

namespace arbiter::traverse {
namespace {

// Puts circles[i..] (their pieces in `pieces`) on squares of `want` where `target` holds them,
// each where R15 allows when it is placed; lower squares are tried first.
bool place_from(std::size_t i, const std::vector<Piece>& pieces, const Board& target,
                Bitboard occupied, Bitboard want, std::vector<Square>& out) {
  if (i == pieces.size()) return true;
  const Bitboard allowed = placement_squares(seat_of(pieces[i]), occupied) & want;
  for (Bitboard b = allowed; b; b &= b - 1) {
    const Square sq = lowest_square(b);
    if (target[sq] != pieces[i]) continue;
    out[i] = sq;
    if (place_from(i + 1, pieces, target, occupied | bit(sq), want & ~bit(sq), out)) return true;
  }
  return false;
}

}  // namespace

bool ChainSearch::placements_for(const Board& base, const std::vector<Square>& circles,
                                 const Board& target, std::vector<Square>& out) const {
  Bitboard want = 0;
  Bitboard occupied = 0;
  for (Square sq = 0; sq < kSquares; ++sq) {
    if (base[sq]) occupied |= bit(sq);
    if (base[sq] == target[sq]) continue;
    if (base[sq] != 0 || kind_of(target[sq]) != kCircle) return false;
    want |= bit(sq);
  }
  if (static_cast<std::size_t>(popcount(want)) != circles.size()) return false;
  std::vector<Piece> pieces;
  for (Square c : circles) pieces.push_back(state_.at(c));
  out.assign(circles.size(), kNoSquare);
  return place_from(0, pieces, target, occupied, want, out);
}

std::vector<Square> ChainSearch::lifts_along(const std::vector<Square>& squares) const {
  std::vector<Square> out;
  unsigned lifted = 0;
  for (std::size_t i = 1; i < squares.size(); ++i) {
    Square jumped = kNoSquare;
    const bool ok = valid_jump(squares[i - 1], squares[i], lifted, jumped);
    assert(ok);
    (void)ok;
    const int li = liftable_index_[jumped];
    if (li >= 0 && !(lifted & (1u << li))) {
      lifted |= 1u << li;
      out.push_back(jumped);
    }
  }
  return out;
}

ChainSearch::Route ChainSearch::spell(Square to, const Board& target,
                                      std::size_t max_squares) const {
  Route route;
  const Piece piece = state_.at(from_);
  Board lifted_off = board_after(state_, Move{});
  lifted_off[from_] = 0;
  // The board of a move ending on `to` with these circles lifted, before they are placed.
  const auto base_of = [&](const std::vector<Square>& circles) {
    Board b = lifted_off;
    for (Square c : circles) b[c] = 0;
    b[to] = piece;
    return b;
  };

  if (max_squares < 2) return route;
  for (int d = 0; d < kDirections; ++d) {  // R7: a step, the shortest spelling there is
    if ((dirs_ & (1u << d)) && step(from_, d) == to && state_.at(to) == 0 &&
        valid_end(to, in_start_row(to)) && base_of({}) == target) {
      route.squares = {from_, to};
      return route;
    }
  }

  struct Entry {
    Node node;
    int parent;
    std::size_t squares;
  };
  std::vector<Entry> queue;
  VisitedStates& visited = visited_chain_states();
  const Node origin{from_, 0, 0, in_start_row(from_)};
  visited.insert(key(origin));
  queue.push_back({origin, -1, 1});
  int found = -1;
  std::vector<Square> placements;
  for (std::size_t head = 0; head < queue.size() && found < 0; ++head) {
    const Entry e = queue[head];
    if (e.squares >= max_squares) break;  // breadth first: every later entry is as long
    for_each_jump(e.node, [&](const Node& next, Square) {
      if (found >= 0 || !visited.insert(key(next))) return;
      queue.push_back({next, static_cast<int>(head), e.squares + 1});
      if (next.square == to && valid_end(to, next.in_row) &&
          placements_for(base_of(placing_order(next.lifted, next.order)),
                         placing_order(next.lifted, next.order), target, placements)) {
        found = static_cast<int>(queue.size()) - 1;
      }
    });
  }
  if (found < 0) return route;
  for (int k = found; k >= 0; k = queue[k].parent) route.squares.push_back(queue[k].node.square);
  std::reverse(route.squares.begin(), route.squares.end());
  // The placements in this route's own jump order (same seats in the same order as above).
  const std::vector<Square> lifts = lifts_along(route.squares);
  const bool ok = placements_for(base_of(lifts), lifts, target, route.placements);
  assert(ok);
  (void)ok;
  return route;
}

}  // namespace arbiter::traverse
