// The active input features of one position from one player's perspective: indices below the
// game's feature count, written by the game's features() (games/<game>/features.h) in any
// order. The evaluator sorts them to find what changed since the position it saw before.
#pragma once

#include <cstdint>

#include "core/fixed_vector.h"

namespace arbiter::nn {

// Enough for Trap's largest field with every slot walled (462 slots, 6 movers, the pile).
inline constexpr std::size_t kMaxActiveFeatures = 480;
using FeatureList = FixedVector<uint16_t, kMaxActiveFeatures>;

}  // namespace arbiter::nn
