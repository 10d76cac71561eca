// Traverse's input features for the learned evaluation (nn/, docs/ai.md), seen by one player:
// the board is turned so that the player's pieces travel from row 1 to row 10 (R5), and seats
// are counted from the player's (0 itself, then in turn order round the table: 2 is the seat
// opposite).
//   piece:  relative seat (4) × kind (square, diamond, triangle, circle) × square     1600
// The player to move is not a feature: the network puts the mover's perspective first.
#pragma once

#include <string_view>

#include "games/traverse/state.h"
#include "nn/feature_list.h"

namespace arbiter::traverse {

inline constexpr std::string_view kFeatureSet = "traverse-v1";
inline constexpr int kNumFeatures = kSeats * kKinds * kSquares;

void features(const State& s, int player, nn::FeatureList& out);

}  // namespace arbiter::traverse
