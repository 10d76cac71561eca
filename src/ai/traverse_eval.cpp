// The Traverse evaluation (traverse_ai.h): a race count. Each seat's score sums, over its pieces,
// the rows still to go (linear and squared, so stragglers weigh more), pieces home, forward jump
// lanes and blocked pieces; the player to move gets a tempo bonus.
#include <algorithm>

#include "ai/traverse_ai.h"

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

}  // namespace

int traverse_seat_score(const traverse::State& s, int seat, const TraverseWeights& w) {
  int score = 0;
  const traverse::Bitboard occupied = s.occupied();
  const traverse::Bitboard home_row = traverse::kDestRow[seat];
  traverse::for_each_square(s.pieces_of(seat), [&](traverse::Square sq) {
    const int dist = traverse_distance(seat, sq);
    score -= w.distance * dist + w.laggard * dist * dist;
    if (home_row & traverse::bit(sq)) {
      score += w.home;
      return;
    }
    const uint8_t dirs = traverse::direction_mask(seat, traverse::kind_of(s.at(sq)));
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
