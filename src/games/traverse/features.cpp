#include "games/traverse/features.h"

namespace arbiter::traverse {

namespace {

// `sq` as the player of `seat` sees it: each seat's forward direction (kForward) turned to
// north. West travels east and east west, so theirs are quarter turns; north's a half turn.
constexpr Square turned(Square sq, int seat) {
  const int r = row_of(sq), c = col_of(sq);
  switch (seat) {
    case kWest:
      return make_square(c, kSize - 1 - r);
    case kNorth:
      return make_square(kSize - 1 - r, kSize - 1 - c);
    case kEast:
      return make_square(kSize - 1 - c, r);
    default:
      return sq;
  }
}

}  // namespace

void features(const State& s, int player, nn::FeatureList& out) {
  out.clear();
  const int own = s.seat(player);
  for_each_square(s.occupied(), [&](Square sq) {
    const Piece p = s.at(sq);
    const int rel = (seat_of(p) - own + kSeats) % kSeats;
    out.push_back(static_cast<uint16_t>((rel * kKinds + kind_of(p)) * kSquares + turned(sq, own)));
  });
}

}  // namespace arbiter::traverse
