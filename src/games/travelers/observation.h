// The Travelers' observation tensor (the research face; docs/research.md lists the planes):
// 22 planes of 9 x 9 seen by one side. Plane cell (h, w) is the square of rank 9 − h, file w
// (h = 0 is rank 9, the top of the drawn board).
#pragma once

#include <array>
#include <span>

#include "games/observation_out.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

struct Observation {
  static constexpr int kChannels = 22;
  static std::array<int, 3> shape(const Params&) { return {kChannels, kRanks, kFiles}; }
  // `out` is zeroed, of shape(); `taken` are the decisions of the move in progress.
  static void write(const State& state, std::span<const int> taken, int player,
                    ObservationOut& out);
  // The marks of the decisions `taken` alone (the planes of the move in progress), each
  // decision's whatever the others are: write() ends with them, and an observation of the same
  // position with one decision fewer becomes this one with the last decision's.
  static void write_taken(const State& state, std::span<const int> taken, ObservationOut& out);
};

}  // namespace arbiter::travelers
