#include "games/travelers/features.h"

namespace arbiter::travelers {

void features(const State& s, int player, nn::FeatureList& out) {
  out.clear();
  for (int side = 0; side < 2; ++side) {
    const int rel = side == player ? 0 : 1;
    for (int kind = 0; kind < kKinds; ++kind) {
      for_each_square(s.pieces(side, kind), [&](Square sq) {
        const int seen = player == 0 ? sq : (kRanks - 1 - sq / kFiles) * kFiles + sq % kFiles;
        out.push_back(static_cast<uint16_t>((rel * kKinds + kind) * kSquares + seen));
      });
    }
  }
}

}  // namespace arbiter::travelers
