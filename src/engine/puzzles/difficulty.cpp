#include "engine/puzzles/difficulty.h"

#include <algorithm>
#include <cmath>

namespace arbiter::engine::puzzles {

double puzzle_rating(uint64_t nodes_needed, int solver_moves) {
  const double doublings =
      std::log2(static_cast<double>(std::max(nodes_needed, kLadderStart)) / kLadderStart);
  const double rating = kBaseRating + kRatingPerDoubling * doublings +
                        kRatingPerExtraMove * std::max(0, solver_moves - 1);
  return std::round(std::clamp(rating, kMinRating, kMaxRating));
}

}  // namespace arbiter::engine::puzzles
