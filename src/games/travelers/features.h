// The Travelers' input features for the learned evaluation (nn/, docs/ai.md), seen by one
// player: the board is mirrored rank for rank for Black, so every player sees itself moving up
// from rank 1.
//   piece:  (own or opponent's) × kind (Traveler, Displacer, Block, Ace, Deuce, Trey) × square
//                                                                                          972
// The player to move is not a feature: the network puts the mover's perspective first.
#pragma once

#include <string_view>

#include "games/travelers/state.h"
#include "nn/feature_list.h"

namespace arbiter::travelers {

inline constexpr std::string_view kFeatureSet = "travelers-v1";
inline constexpr int kNumFeatures = 2 * kKinds * kSquares;

void features(const State& s, int player, nn::FeatureList& out);

}  // namespace arbiter::travelers
