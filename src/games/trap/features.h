// Trap's input features for the learned evaluation (nn/, docs/ai.md), seen by one player: the
// field is turned half round for Blue, so every player sees itself moving from row `a`.
//   mover:  (own or opponent's) × (free or trapped, P9) × cell        4 · cells
//   wall:   the slot it fills                                         slots
//   pile:   the walls left (P6), in 16 buckets of 4 (60 and more share the last), or unlimited
// The player to move is not a feature: the network puts the mover's perspective first.
// features() writes them in ascending order.
#pragma once

#include <string_view>

#include "games/trap/state.h"
#include "nn/feature_list.h"

namespace arbiter::trap {

inline constexpr std::string_view kFeatureSet = "trap-v1";
inline constexpr int kPileBuckets = 17;  // 16 buckets, then "unlimited"

int num_features(const Geometry& geo);
void features(const State& s, int player, nn::FeatureList& out);

}  // namespace arbiter::trap
