// Trap's observation tensor (the research face; docs/research.md lists the planes): 19 planes of
// (2 size − 1) x (2 size − 1), seen by one side. The hex field is embedded in the square grid by
// its (row, number) coordinates: cell (row r, number n) is plane cell (2 size − 2 − r, n − 1)
// (h = 0 is the top row); plane 0 marks the real cells.
#pragma once

#include <array>
#include <span>

#include "games/observation_out.h"
#include "games/trap/state.h"

namespace arbiter::trap {

struct Observation {
  static constexpr int kChannels = 19;
  static std::array<int, 3> shape(const Params& params) {
    return {kChannels, 2 * params.size - 1, 2 * params.size - 1};
  }
  // `out` is zeroed, of shape(); `taken` are the decisions of the move in progress.
  static void write(const State& state, std::span<const int> taken, int player,
                    ObservationOut& out);
  // The marks of the decisions `taken` alone (the planes of the move in progress), each
  // decision's whatever the others are: write() ends with them, and an observation of the same
  // position with one decision fewer becomes this one with the last decision's.
  static void write_taken(const State& state, std::span<const int> taken, ObservationOut& out);
};

}  // namespace arbiter::trap
