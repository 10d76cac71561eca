#include "games/traverse/chains.h"

#include <algorithm>
#include <cassert>

#include "games/traverse/rays.h"
#include "games/traverse/zobrist_keys.h"

namespace arbiter::traverse {

Board board_after(const State& s, const Move& m) {
  Board b{};
  for (Square sq = 0; sq < kSquares; ++sq) b[sq] = s.at(sq);
  if (m.is_pass()) return b;
  const Piece piece = b[m.from];
  b[m.from] = 0;
  std::array<Piece, kMaxLifts> circles{};
  for (int i = 0; i < m.lifts; ++i) {
    circles[i] = b[m.lifted[i]];
    b[m.lifted[i]] = 0;
  }
  b[m.to] = piece;
  for (int i = 0; i < m.lifts; ++i) b[m.placed[i]] = circles[i];
  return b;
}

bool SeenBoards::insert(const Move& m) {
  uint64_t h = 0;
  if (!m.is_pass()) {
    const Piece p = state_.at(m.from);
    h ^= piece_key(m.from, p) ^ piece_key(m.to, p);
    for (int i = 0; i < m.lifts; ++i) {
      const Piece c = state_.at(m.lifted[i]);
      h ^= piece_key(m.lifted[i], c) ^ piece_key(m.placed[i], c);
    }
  }
  const auto [first, last] = by_hash_.equal_range(h);
  if (first != last) {
    const Board b = board_after(state_, m);
    for (auto it = first; it != last; ++it) {
      if (board_after(state_, it->second) == b) return false;
    }
  }
  by_hash_.emplace(h, m);
  return true;
}

VisitedStates& visited_chain_states() {
  thread_local VisitedStates visited;
  visited.clear();
  return visited;
}

ChainSearch::ChainSearch(const State& state, Square from)
    : state_(state), from_(from), seat_(seat_of(state.at(from))) {
  dirs_ = direction_mask(seat_, kind_of(state.at(from)));
  liftable_index_.fill(-1);
  for_each_square(state.liftable_circles(seat_), [&](Square sq) {
    assert(num_liftable_ < kMaxLifts);
    const int owner = seat_of(state.at(sq));
    // The cross pair: the seats whose line crosses the mover's (opposite parity, R2 order).
    cross_bit_[num_liftable_] = static_cast<int8_t>(owner % 2 != seat_ % 2 ? owner / 2 : -1);
    liftable_index_[sq] = static_cast<int8_t>(num_liftable_);
    liftable_[num_liftable_++] = sq;
  });
}

bool ChainSearch::valid_end(Square sq, bool stayed_in_row) const {
  if ((kMiddle | kDestRow[seat_]) & bit(sq)) return true;
  return stayed_in_row && in_start_row(sq) && in_start_row(from_);
}

bool ChainSearch::valid_jump(Square a, Square c, unsigned lifted, Square& jumped) const {
  bool found = false;
  for_each_jump(Node{a, lifted, 0, false}, [&](const Node& next, Square j) {
    if (next.square == c && !found) {
      found = true;
      jumped = j;
    }
  });
  return found;
}

std::vector<Square> ChainSearch::placing_order(unsigned lifted, unsigned order) const {
  std::vector<Square> cross[2];
  std::vector<Square> rest;
  int n_cross = 0;
  for (int i = 0; i < num_liftable_; ++i) {
    if (!(lifted & (1u << i))) continue;
    if (cross_bit_[i] < 0) {
      rest.push_back(liftable_[i]);
    } else {
      cross[cross_bit_[i]].push_back(liftable_[i]);
      ++n_cross;
    }
  }
  std::vector<Square> out;
  std::size_t next[2] = {0, 0};
  for (int k = n_cross - 1; k >= 0; --k) {
    const int b = (order >> k) & 1;
    out.push_back(cross[b][next[b]++]);
  }
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

void ChainSearch::place_circles(Bitboard occupied, const std::vector<Square>& circles,
                                std::size_t i, Move& m, SeenBoards& seen,
                                State::MoveList& out) const {
  if (i == circles.size()) {
    if (seen.insert(m)) out.push_back(m);
    return;
  }
  for_each_square(placement_squares(seat_of(state_.at(circles[i])), occupied), [&](Square sq) {
    m.lifted[i] = static_cast<uint8_t>(circles[i]);
    m.placed[i] = static_cast<uint8_t>(sq);
    place_circles(occupied | bit(sq), circles, i + 1, m, seen, out);
  });
}

void ChainSearch::collect_ends(std::vector<Node>& ends) const {
  // Breadth-first over chain states.
  VisitedStates& visited = visited_chain_states();
  thread_local std::vector<Node> queue;
  queue.clear();
  const Node origin{from_, 0, 0, in_start_row(from_)};
  visited.insert(key(origin));
  queue.push_back(origin);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Node n = queue[head];
    for_each_jump(n, [&](const Node& next, Square) {
      if (!visited.insert(key(next))) return;
      queue.push_back(next);
      if (valid_end(next.square, next.in_row)) ends.push_back(next);
    });
  }
  for (int d = 0; d < kDirections; ++d) {  // R7
    const Square to = step(from_, d);
    if ((dirs_ & (1u << d)) && to != kNoSquare && state_.at(to) == 0 &&
        valid_end(to, in_start_row(to))) {
      ends.push_back(Node{to, 0, 0, in_start_row(to)});
    }
  }
}

Bitboard ChainSearch::end_squares() const {
  std::vector<Node> ends;
  collect_ends(ends);
  Bitboard out = 0;
  for (const Node& e : ends) {
    if (e.square != from_ || e.lifted) out |= bit(e.square);  // R12: back, lifting nothing
  }
  return out;
}

void ChainSearch::append_moves(SeenBoards& seen, State::MoveList& out) const {
  std::vector<Node> ends;
  collect_ends(ends);
  std::stable_sort(ends.begin(), ends.end(), [](const Node& a, const Node& b) {
    const int la = __builtin_popcount(a.lifted), lb = __builtin_popcount(b.lifted);
    if (la != lb) return la < lb;
    if (a.square != b.square) return a.square < b.square;
    return a.lifted != b.lifted ? a.lifted < b.lifted : a.order < b.order;
  });

  for (std::size_t k = 0; k < ends.size(); ++k) {
    const Node& e = ends[k];
    if (k > 0 && ends[k - 1].square == e.square && ends[k - 1].lifted == e.lifted &&
        ends[k - 1].order == e.order) {
      continue;  // the same board by another route (only in_row differs)
    }
    Move m;
    m.from = static_cast<uint8_t>(from_);
    m.to = static_cast<uint8_t>(e.square);
    const std::vector<Square> circles = placing_order(e.lifted, e.order);
    m.lifts = static_cast<uint8_t>(circles.size());
    // The lifted circles off first: the piece may end on the square one of them left.
    Bitboard occupied = state_.occupied() & ~bit(from_);
    for (Square c : circles) occupied &= ~bit(c);
    place_circles(occupied | bit(e.square), circles, 0, m, seen, out);
  }
}

bool ChainSearch::count_moves(uint64_t& n) const {
  std::vector<Node> ends;
  collect_ends(ends);
  for (Node& e : ends) {  // (square, lifted) alone names the board here
    e.in_row = false;
    e.order = 0;
  }
  std::sort(ends.begin(), ends.end(), [](const Node& a, const Node& b) {
    return a.square != b.square ? a.square < b.square : a.lifted < b.lifted;
  });
  uint64_t count = 0;
  for (std::size_t i = 0; i < ends.size(); ++i) {
    const Node& e = ends[i];
    if (i > 0 && ends[i - 1].square == e.square && ends[i - 1].lifted == e.lifted) continue;
    if (e.lifted == 0) {
      count += e.square != from_;  // R12
      continue;
    }
    if (e.square == from_) return false;
    // R15: n circles of one seat into e empty squares of its start row give C(e, n) boards.
    // With room for all of them no circle reaches another seat's row, so seats do not interact.
    Bitboard occupied = state_.occupied() & ~bit(from_);
    std::array<int, kSeats> lifted{};
    for (int i2 = 0; i2 < num_liftable_; ++i2) {
      if (e.lifted & (1u << i2)) {
        occupied &= ~bit(liftable_[i2]);
        ++lifted[seat_of(state_.at(liftable_[i2]))];
      }
    }
    occupied |= bit(e.square);  // after the lifts: the piece may end where a circle stood
    uint64_t boards = 1;
    for (int seat = 0; seat < kSeats; ++seat) {
      if (!lifted[seat]) continue;
      const int room = popcount(kStartRow[seat] & ~occupied);
      if (room < lifted[seat]) return false;  // some circle would go elsewhere
      for (int k = 0; k < lifted[seat]; ++k) boards = boards * (room - k) / (k + 1);
    }
    count += boards;
  }
  n += count;
  return true;
}

}  // namespace arbiter::traverse
