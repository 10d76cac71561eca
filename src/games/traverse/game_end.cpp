// The end of a Traverse game (R18–R21): checked after every move, in the order of the rules'
// clarification: a win, then a repetition with a player blocked out, then the ply limit.
#include "games/traverse/chains.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {
namespace {

// R19/R20 distances: the rows (South, North) or columns (West, East) from s to the seat's
// destination row. A corner on that line is at distance 0 but still outside the row.
int distance_home(int seat, Square s) {
  switch (seat) {
    case kSouth:
      return 9 - row_of(s);
    case kNorth:
      return row_of(s);
    case kWest:
      return 9 - col_of(s);
    default:
      return col_of(s);
  }
}

}  // namespace

bool State::all_home(int player) const {
  const int seat = seats_[player];
  return popcount(by_seat_[seat] & kDestRow[seat]) == 8;
}

bool State::blocked_out(int player) const {
  const int seat = seats_[player];
  const Bitboard outside = by_seat_[seat] & ~kDestRow[seat];
  if (popcount(outside) != 1) return false;
  const Square last = lowest_square(outside);
  // The moves it would have, were it to move now (R7–R17); only that piece can bring itself
  // home (a move lifts no piece of the mover's own, R17), and a pass brings nothing home.
  const uint8_t dirs = direction_mask(seat, kind_of(board_[last]));
  Bitboard jumped = 0;
  Bitboard ends = plain_ends(last, seat, dirs, jumped);
  if (jumped & liftable_circles(seat)) ends = ChainSearch(*this, last).end_squares();
  return !(ends & kDestRow[seat]);
}

// R19: the blocked-out player whose last piece is nearest its destination row; on a tie, the
// one who would move soonest after this position (the player to move, then clockwise).
int State::blocked_out_winner() const {
  int best = -1;
  int best_distance = 0;
  for (int i = 0; i < num_seats_; ++i) {
    const int p = (to_move_ + i) % num_seats_;
    if (!blocked_out(p)) continue;
    const int seat = seats_[p];
    const int d = distance_home(seat, lowest_square(by_seat_[seat] & ~kDestRow[seat]));
    if (best < 0 || d < best_distance) {
      best = p;
      best_distance = d;
    }
  }
  return best;
}

void State::finish_move(const Move& m) {
  const int count = repeats_ = repetitions_.increment(hash_);
  const int mover = (to_move_ + num_seats_ - 1) % num_seats_;
  // R18: the mover's own 8 first; then a player whose circle the mover put home (R15).
  if (all_home(mover)) {
    winner_ = mover;
    end_ = End::kAllHome;
    return;
  }
  if (m.lifts > 0) {
    for (int i = 0; i < num_seats_; ++i) {
      const int p = (to_move_ + i) % num_seats_;
      if (p != mover && all_home(p)) {
        winner_ = p;
        end_ = End::kAllHome;
        return;
      }
    }
  }
  // R19: only a third (or later) occurrence can end the game, so the blocked-out test runs
  // only then.
  if (count >= 3) {
    const int w = blocked_out_winner();
    if (w >= 0) {
      winner_ = w;
      end_ = End::kBlockedOut;
      return;
    }
  }
  if (params_.max_plies > 0 && ply_ >= params_.max_plies) adjudicate();
}

// R20: fewest pieces outside the destination row, then the smallest distance sum, then the
// player who would move soonest (the player to move, then clockwise).
void State::adjudicate() {
  int best = -1;
  int best_outside = 0;
  int best_distance = 0;
  for (int i = 0; i < num_seats_; ++i) {
    const int p = (to_move_ + i) % num_seats_;
    const int seat = seats_[p];
    const Bitboard outside = by_seat_[seat] & ~kDestRow[seat];
    int distance = 0;
    for_each_square(outside, [&](Square s) { distance += distance_home(seat, s); });
    const int n = popcount(outside);
    if (best < 0 || n < best_outside || (n == best_outside && distance < best_distance)) {
      best = p;
      best_outside = n;
      best_distance = distance;
    }
  }
  winner_ = best;
  end_ = End::kPlyLimit;
}

std::vector<double> State::returns() const {
  std::vector<double> r(num_seats_, 0.0);
  if (winner_ < 0) return r;
  for (int p = 0; p < num_seats_; ++p) r[p] = p == winner_ ? 1.0 : -1.0 / (num_seats_ - 1);  // R21
  return r;
}

std::string State::result_text() const {
  if (winner_ < 0) return {};
  const std::string who = player_name(winner_) + " wins: ";
  switch (end_) {
    case End::kAllHome:
      return who + "all pieces home";
    case End::kBlockedOut:
      return who + "blocked out by repetition";
    default:
      return who + "adjudicated at the ply limit";
  }
}

}  // namespace arbiter::traverse
