// The Traverse evaluation (games/traverse/ai.h): a race count. Each seat's score sums, over its
// pieces, the rows still to go (linear and squared, so stragglers weigh more), pieces home, forward
// jump lanes and blocked pieces; the player to move gets a tempo bonus.
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "games/traverse/ai.h"

namespace arbiter::ai {

using traverse::kDCol;
using traverse::kDRow;

int traverse_distance(int seat, traverse::Square s) {
  const int r = traverse::row_of(s), c = traverse::col_of(s);
  switch (seat) {
    case traverse::kSouth:
      return 9 - r;
    case traverse::kNorth:
      return r;
    case traverse::kWest:
      return 9 - c;
    default:
      return c;  // kEast
  }
}

namespace {

// Rows gained by one step in direction d for a seat.
int progress(int seat, int d) {
  switch (seat) {
    case traverse::kSouth:
      return kDRow[d];
    case traverse::kNorth:
      return -kDRow[d];
    case traverse::kWest:
      return kDCol[d];
    default:
      return -kDCol[d];
  }
}

// Position of a square along a seat's destination row (1–8 on it; columns for South and North,
// rows for West and East).
int lateral_of(int seat, traverse::Square s) {
  return seat == traverse::kSouth || seat == traverse::kNorth ? traverse::col_of(s)
                                                              : traverse::row_of(s);
}

constexpr int kNoSlot = 99;

// Moves beyond `dist` rows that a piece of `kind` at lateral position `lat` needs to reach the
// nearest square of `free` (bit t-1: lateral position t on the destination row is free of own
// pieces), or kNoSlot. Squares move orthogonally, so every lateral square costs a move; diamonds
// move diagonally and keep their colour (R6); triangles keep it too unless they step back
// (two moves more); circles reach any square within `dist` columns.
int slot_extra(int kind, int dist, int lat, unsigned free) {
  int best = kNoSlot;
  for (unsigned m = free; m && best > 0; m &= m - 1) {
    const int t = std::countr_zero(m) + 1;
    const int delta = std::abs(t - lat);
    const bool same_colour = ((delta + dist) & 1) == 0;
    int extra;
    switch (kind) {
      case traverse::kSquarePiece:
        extra = delta;
        break;
      case traverse::kDiamond:
        if (!same_colour) continue;
        extra = std::max(0, delta - dist);
        break;
      case traverse::kTriangle:
        extra = delta <= dist ? (same_colour ? 0 : 2) : 2 * (delta - dist);
        break;
      default:
        extra = std::max(0, delta - dist);
        break;
    }
    best = std::min(best, extra);
  }
  return best;
}

}  // namespace

int traverse_seat_score(const traverse::State& s, int seat, const TraverseWeights& w) {
  int score = 0;
  const traverse::Bitboard occupied = s.occupied();
  const traverse::Bitboard home_row = traverse::kDestRow[seat];
  unsigned free = 0xff;
  traverse::for_each_square(s.pieces_of(seat) & home_row, [&](traverse::Square sq) {
    free &= ~(1u << (lateral_of(seat, sq) - 1));
  });
  // Diamonds without a free home square of their colour, per colour (row + column parity).
  int diamonds[2] = {0, 0}, slots[2] = {0, 0};
  traverse::for_each_square(s.pieces_of(seat), [&](traverse::Square sq) {
    const int dist = traverse_distance(seat, sq);
    score -= w.distance * dist + w.laggard * dist * dist;
    if (home_row & traverse::bit(sq)) {
      score += w.home;
      return;
    }
    const int kind = traverse::kind_of(s.at(sq));
    const int extra = slot_extra(kind, dist, lateral_of(seat, sq), free);
    if (extra != kNoSlot) score -= w.lateral * extra;
    if (kind == traverse::kDiamond) ++diamonds[(traverse::row_of(sq) + traverse::col_of(sq)) & 1];
    const uint8_t dirs = traverse::direction_mask(seat, kind);
    bool can_advance = false, lane = false;
    for (int d = 0; d < traverse::kDirections; ++d) {
      if (!(dirs & (1u << d)) || progress(seat, d) <= 0) continue;
      const traverse::Square a = traverse::step(sq, d);
      if (a == traverse::kNoSquare) continue;
      if (!(occupied & traverse::bit(a))) {
        can_advance = true;
        continue;
      }
      const traverse::Square b = traverse::step(a, d);
      if (b != traverse::kNoSquare && !(occupied & traverse::bit(b))) lane = can_advance = true;
    }
    if (lane) score += w.jump_lane;
    if (!can_advance) score -= w.blocked;
  });
  if (diamonds[0] | diamonds[1]) {
    traverse::for_each_square(home_row, [&](traverse::Square sq) {
      if (free & (1u << (lateral_of(seat, sq) - 1))) {
        ++slots[(traverse::row_of(sq) + traverse::col_of(sq)) & 1];
      }
    });
    for (int c = 0; c < 2; ++c) score -= w.no_slot * std::max(0, diamonds[c] - slots[c]);
  }
  return score;
}

int traverse_evaluate(const traverse::State& s, int player, const TraverseWeights& w) {
  const int own = traverse_seat_score(s, s.seat(player), w);
  int best_other = -1'000'000;
  for (int p = 0; p < s.num_players(); ++p) {
    if (p != player) best_other = std::max(best_other, traverse_seat_score(s, s.seat(p), w));
  }
  return own - best_other + (s.to_move() == player ? w.tempo : -w.tempo);
}

}  // namespace arbiter::ai
