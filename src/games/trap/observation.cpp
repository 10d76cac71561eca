#include "games/trap/observation.h"

#include <algorithm>

#include "games/trap/actions.h"
#include "games/trap/snapshot.h"

namespace arbiter::trap {

void Observation::write(const State& state, std::span<const int> taken, int player,
                        std::span<float> out) {
  const Geometry& g = state.geo();
  const int side = g.num_rows;
  const int plane = side * side;
  const auto cell = [&](int c) { return (g.num_rows - 1 - g.row[c]) * side + g.number[c] - 1; };
  const auto fill = [&](int p, float value) {
    for (int c = 0; c < g.num_cells; ++c) out[p * plane + cell(c)] = value;
  };
  fill(0, 1.0f);  // 0: the real cells
  // 1, 2: the observer's free and trapped movers; 3, 4: the opponent's.
  for (int k = 0; k < 2; ++k) {
    const int s = k == 0 ? player : player ^ 1;
    for (int i = 0; i < kMoversPerSide; ++i) {
      out[(1 + 2 * k + (state.mover_trapped(s, i) ? 1 : 0)) * plane +
          cell(state.mover_cell(s, i))] = 1.0f;
    }
  }
  // 5–10: a wall on the cell's edge in direction d (geometry.h's order).
  for (int c = 0; c < g.num_cells; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      const int slot = g.slot[c][d];
      if (slot >= 0 && state.has_wall(slot)) out[(5 + d) * plane + cell(c)] = 1.0f;
    }
  }
  if (!state.is_terminal() && state.to_move() == player) fill(11, 1.0f);
  if (player == kRed) fill(12, 1.0f);
  const int walls = state.params().walls;
  fill(13, state.pile() < 0 ? 1.0f : float(state.pile()) / float(walls));  // the pile left
  const int max_plies = state.params().max_plies;
  if (max_plies > 0) fill(14, std::min(1.0f, float(state.ply()) / float(max_plies)));
  fill(15, std::min(1.0f, float(Snapshot::repetitions(state) - 1) / 2.0f));  // P11
  // 16, 17: a step taken of the turn in progress, its start and end cells; 18: a wall taken
  // (both cells it separates).
  const Actions actions(state.params());
  for (int a : taken) {
    if (actions.is_step(a)) {
      const int from = a / kDirections;
      out[16 * plane + cell(from)] = 1.0f;
      out[17 * plane + cell(g.neighbour[from][a % kDirections])] = 1.0f;
    } else if (actions.is_wall(a)) {
      const auto [x, y] = g.slot_cells[a - actions.wall_id(0)];
      out[18 * plane + cell(x)] = 1.0f;
      out[18 * plane + cell(y)] = 1.0f;
    }
  }
}

}  // namespace arbiter::trap
