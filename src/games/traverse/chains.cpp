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

ChainSearch::ChainSearch(const State& state, Square from)
    : state_(state), from_(from), seat_(seat_of(state.at(from))) {
  dirs_ = direction_mask(seat_, kind_of(state.at(from)));
  liftable_index_.fill(-1);
  for_each_square(state.liftable_circles(seat_), [&](Square sq) {
    assert(num_liftable_ < kMaxLifts);
    liftable_index_[sq] = static_cast<int8_t>(num_liftable_);
    liftable_[num_liftable_++] = sq;
  });
}

template <class F>
void ChainSearch::for_each_jump(const Node& n, F&& f) const {
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
    const int li = liftable_index_[jumped];
    if (li >= 0) lifted |= 1u << li;
    f(Node{land, lifted, n.in_row && in_start_row(land)}, jumped);
  }
}

bool ChainSearch::valid_end(Square sq, bool stayed_in_row) const {
  if ((kMiddle | kDestRow[seat_]) & bit(sq)) return true;
  return stayed_in_row && in_start_row(sq) && in_start_row(from_);
}

bool ChainSearch::valid_jump(Square a, Square c, unsigned lifted, Square& jumped) const {
  bool found = false;
  for_each_jump(Node{a, lifted, false}, [&](const Node& next, Square j) {
    if (next.square == c && !found) {
      found = true;
      jumped = j;
    }
  });
  return found;
}

void ChainSearch::place_circles(Bitboard occupied, const std::vector<Square>& circles,
                                std::size_t i, Move& m, SeenBoards& seen,
                                State::MoveList& out) const {
  if (i == circles.size()) {
    if (seen.insert(m)) out.push_back(m);
    return;
  }
  // R15: on an empty square of the circle's own start row, else on an empty middle square.
  const Bitboard empty_row = kStartRow[seat_of(state_.at(circles[i]))] & ~occupied;
  for_each_square(empty_row ? empty_row : kMiddle & ~occupied, [&](Square sq) {
    m.lifted[i] = static_cast<uint8_t>(circles[i]);
    m.placed[i] = static_cast<uint8_t>(sq);
    place_circles(occupied | bit(sq), circles, i + 1, m, seen, out);
  });
}

void ChainSearch::collect_ends(std::vector<Node>& ends) const {
  // Breadth-first over chain states; `visited` is stamped rather than cleared per call.
  thread_local std::vector<uint32_t> visited(kSquares * 64 * 2, 0);
  thread_local uint32_t stamp = 0;
  thread_local std::vector<Node> queue;
  if (++stamp == 0) {
    std::fill(visited.begin(), visited.end(), 0);
    stamp = 1;
  }
  queue.clear();
  const Node origin{from_, 0, in_start_row(from_)};
  visited[key(origin)] = stamp;
  queue.push_back(origin);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Node n = queue[head];
    for_each_jump(n, [&](const Node& next, Square) {
      if (visited[key(next)] == stamp) return;
      visited[key(next)] = stamp;
      queue.push_back(next);
      if (valid_end(next.square, next.in_row)) ends.push_back(next);
    });
  }
  for (int d = 0; d < kDirections; ++d) {  // R7
    const Square to = step(from_, d);
    if ((dirs_ & (1u << d)) && to != kNoSquare && state_.at(to) == 0 &&
        valid_end(to, in_start_row(to))) {
      ends.push_back(Node{to, 0, in_start_row(to)});
    }
  }
}

void ChainSearch::append_moves(SeenBoards& seen, State::MoveList& out) const {
  std::vector<Node> ends;
  collect_ends(ends);
  std::stable_sort(ends.begin(), ends.end(), [](const Node& a, const Node& b) {
    const int la = __builtin_popcount(a.lifted), lb = __builtin_popcount(b.lifted);
    return la != lb ? la < lb : (a.square != b.square ? a.square < b.square : a.lifted < b.lifted);
  });

  for (const Node& e : ends) {
    Move m;
    m.from = static_cast<uint8_t>(from_);
    m.to = static_cast<uint8_t>(e.square);
    std::vector<Square> circles;
    for (int i = 0; i < num_liftable_; ++i) {
      if (e.lifted & (1u << i)) circles.push_back(liftable_[i]);
    }
    m.lifts = static_cast<uint8_t>(circles.size());
    Bitboard occupied = (state_.occupied() & ~bit(from_)) | bit(e.square);
    for (Square c : circles) occupied &= ~bit(c);
    place_circles(occupied, circles, 0, m, seen, out);
  }
}

bool ChainSearch::count_moves(uint64_t& n) const {
  std::vector<Node> ends;
  collect_ends(ends);
  for (Node& e : ends) e.in_row = false;  // (square, lifted) alone names the board here
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
    Bitboard occupied = (state_.occupied() & ~bit(from_)) | bit(e.square);
    std::array<int, kSeats> lifted{};
    for (int i2 = 0; i2 < num_liftable_; ++i2) {
      if (e.lifted & (1u << i2)) {
        occupied &= ~bit(liftable_[i2]);
        ++lifted[seat_of(state_.at(liftable_[i2]))];
      }
    }
    uint64_t boards = 1;
    for (int seat = 0; seat < kSeats; ++seat) {
      if (!lifted[seat]) continue;
      const int room = popcount(kStartRow[seat] & ~occupied);
      if (room < lifted[seat]) return false;  // some circle would go to the middle
      for (int k = 0; k < lifted[seat]; ++k) boards = boards * (room - k) / (k + 1);
    }
    count += boards;
  }
  n += count;
  return true;
}

ChainSearch::Route ChainSearch::route_to(const Move& m) const {
  Route route;
  unsigned target = 0;
  for (int i = 0; i < m.lifts; ++i) {
    const int li = liftable_index_[m.lifted[i]];
    if (li < 0) return route;
    target |= 1u << li;
  }
  if (target == 0) {
    for (int d = 0; d < kDirections; ++d) {
      if ((dirs_ & (1u << d)) && step(from_, d) == m.to && state_.at(m.to) == 0 &&
          valid_end(m.to, in_start_row(m.to))) {
        route.squares = {from_, static_cast<Square>(m.to)};
        return route;
      }
    }
  }
  std::vector<int> parent(kSquares * 64 * 2, -1);
  std::vector<Node> nodes(kSquares * 64 * 2);
  std::vector<Node> queue;
  const Node origin{from_, 0, in_start_row(from_)};
  parent[key(origin)] = key(origin);
  nodes[key(origin)] = origin;
  queue.push_back(origin);
  int found = -1;
  for (std::size_t head = 0; head < queue.size() && found < 0; ++head) {
    const Node n = queue[head];
    for_each_jump(n, [&](const Node& next, Square) {
      if (found >= 0 || parent[key(next)] >= 0) return;
      parent[key(next)] = key(n);
      nodes[key(next)] = next;
      queue.push_back(next);
      if (next.square == m.to && next.lifted == target && valid_end(next.square, next.in_row)) {
        found = key(next);
      }
    });
  }
  if (found < 0) return route;
  for (int k = found;; k = parent[k]) {
    route.squares.push_back(nodes[k].square);
    if (parent[k] == k) break;
  }
  std::reverse(route.squares.begin(), route.squares.end());
  unsigned lifted = 0;
  for (std::size_t i = 1; i < route.squares.size(); ++i) {
    Square jumped = kNoSquare;
    valid_jump(route.squares[i - 1], route.squares[i], lifted, jumped);
    const int li = liftable_index_[jumped];
    if (li >= 0 && !(lifted & (1u << li))) {
      lifted |= 1u << li;
      route.lift_order.push_back(jumped);
    }
  }
  return route;
}

}  // namespace arbiter::traverse
