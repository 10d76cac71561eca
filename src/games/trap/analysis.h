// What the side to move can do, summarised once per position (movegen.cpp): the counts behind
// count_moves(), move_at() and sample_move(), and the sets that for_each_move() walks.
//
// Counting (every distinct resulting position once, P7; trapping is a function of the result,
// so it never merges or splits turns):
//   (d) wall pairs      C(E, 2)                 E = empty slots; needs 2 walls in the pile
//   (c) step and wall   S · E                   S = distinct single steps; needs 1 wall
//   shifts              Σ |R_i|                 R_i = cells mover i can end on while the
//                                               others stay: two steps (a), or a chain of (b)
//   doubles             Σ pairs |N_i||N_j| − k − C(k, 2),  k = |N_i ∩ N_j|
// A (b) turn moves a net one mover (a chain: p steps away, q steps into p; the result equals
// q ending on p's target) or two; the formula counts each unordered target pair once.
#pragma once

#include <array>
#include <cstdint>

#include "games/trap/bitset.h"

namespace arbiter::trap {

struct Analysis {
  static constexpr std::array<std::array<int, 2>, 3> kPairs = {{{0, 1}, {0, 2}, {1, 2}}};

  int movers = 0;  // free movers of the side to move (in mover order)
  // Entries [0, movers) are set; the rest are left uninitialised (hot path).
  std::array<int, 3> cell;
  std::array<CellSet, 3> steps;   // N_i: one-step targets
  std::array<CellSet, 3> shifts;  // R_i: end cells of a one-mover net change
  std::array<uint32_t, 3> step_count;
  std::array<uint32_t, 3> shift_count;
  std::array<uint32_t, 3> pair_count{};  // per kPairs entry, 0 where a mover is missing
  uint64_t empty_slots = 0;
  uint64_t shift_total = 0;
  uint64_t double_total = 0;
  uint64_t step_wall_total = 0;
  uint64_t wall_pair_total = 0;

  uint64_t turns() const { return shift_total + double_total + step_wall_total + wall_pair_total; }
  // The movers of kPairs[p], the lower cell first (a double's canonical order).
  std::array<int, 2> pair(int p) const {
    const auto [i, j] = kPairs[p];
    return cell[i] < cell[j] ? std::array<int, 2>{i, j} : std::array<int, 2>{j, i};
  }
  // Whether a double (mover i → r, mover j → s; cell i < cell j) is the one kept of the two
  // assignments.
  bool keeps_double(int i, int j, int r, int s) const {
    return !(steps[j].test(r) && steps[i].test(s) && r > s);
  }
};

}  // namespace arbiter::trap
