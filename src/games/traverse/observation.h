// Traverse's observation tensor (the research face; docs/research.md lists the planes):
// (5 n + 10) planes of 10 x 10 for n players, seen by one player. Plane cell (h, w) is the
// square of row 10 − h, column w (h = 0 is row 10, the top of the drawn board).
#pragma once

#include <array>
#include <span>

#include "games/observation_out.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

struct Observation {
  static std::array<int, 3> shape(const Params& params);
  // `out` is zeroed, of shape(); `taken` are the decisions of the move in progress.
  static void write(const State& state, std::span<const int> taken, int player,
                    ObservationOut& out);
  // The marks of the decisions `taken` alone (the planes of the move in progress), each
  // decision's whatever the others are: write() ends with them, and an observation of the same
  // position with one decision fewer becomes this one with the last decision's.
  static void write_taken(const State& state, std::span<const int> taken, ObservationOut& out);
};

}  // namespace arbiter::traverse
