#include "games/trap/observation.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "games/trap/actions.h"
#include "games/trap/snapshot.h"

namespace arbiter::trap {
namespace {

// Where a field's cells and walls land in the tensor, built once per size, so that a mark is
// one table lookup (working each cell's place out from the geometry at every observation cost
// more than the writes themselves).
struct Layout {
  int plane = 0;                                          // plane cells: (2 size − 1)²
  std::array<uint16_t, kMaxCells> at{};                   // the plane cell of each cell
  std::array<float, kMaxRows * kMaxRows> real{};          // plane 0: 1 on the real cells
  std::array<std::array<uint16_t, 2>, kMaxSlots> wall{};  // the two marks of a wall in a slot
};

Layout build_layout(int size) {
  const Geometry& g = geometry(size);
  Layout l;
  const int side = g.num_rows;
  l.plane = side * side;
  for (int c = 0; c < g.num_cells; ++c) {
    l.at[c] = static_cast<uint16_t>((g.num_rows - 1 - g.row[c]) * side + g.number[c] - 1);
    l.real[l.at[c]] = 1.0f;
  }
  // Planes 5 + d: a wall in slot s marks each of its two cells on the edge (direction d) it
  // lies on.
  for (int c = 0; c < g.num_cells; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      const int s = g.slot[c][d];
      if (s < 0) continue;
      const int mark = (5 + d) * l.plane + l.at[c];
      l.wall[s][c == g.slot_cells[s][0] ? 0 : 1] = static_cast<uint16_t>(mark);
    }
  }
  return l;
}

const Layout& layout(int size) {
  static const auto table = [] {
    std::array<Layout, kMaxSize - kMinSize + 1> t;
    for (int s = kMinSize; s <= kMaxSize; ++s) t[s - kMinSize] = build_layout(s);
    return t;
  }();
  return table[size - kMinSize];
}

}  // namespace

void Observation::write(const State& state, std::span<const int> taken, int player,
                        ObservationOut& out) {
  const Layout& l = layout(state.params().size);
  const int plane = l.plane;
  // Kept runs first (observation_out.h). A constant plane: `value` on the real cells.
  const auto fill = [&](int p, float value) {
    out.fill_scaled(p * plane, l.real.data(), plane, value);
  };
  fill(0, 1.0f);  // 0: the real cells
  // 5–10: a wall on the cell's edge in direction d (geometry.h's order); the six planes are one
  // run, where only the walls that changed are written.
  // The key is the words of the wall set that slots of this size can fill.
  const std::span<const uint64_t> walls(state.walls().w.data(),
                                        static_cast<std::size_t>(state.geo().num_slots + 63) / 64);
  out.keep_marks(5 * plane, 6 * plane, walls, [&](float* run, int slot, float value) {
    run[l.wall[slot][0] - 5 * plane] = value;
    run[l.wall[slot][1] - 5 * plane] = value;
  });
  // 11: the observer is to move; 12: the observer is Red. Planes of ones or zeros (on the real
  // cells), one run of marks: only a plane that changes is written.
  const uint64_t planes =
      (!state.is_terminal() && state.to_move() == player ? 1 : 0) | (player == kRed ? 2 : 0);
  out.keep_marks(11 * plane, 2 * plane, std::span(&planes, 1), [&](float* run, int p, float value) {
    ObservationOut::write_scaled(run + p * plane, l.real.data(), plane, value);
  });
  const int full_pile = state.params().walls;
  fill(13, state.pile() < 0 ? 1.0f : float(state.pile()) / float(full_pile));  // the pile left
  const int max_plies = state.params().max_plies;
  if (max_plies > 0) fill(14, std::min(1.0f, float(state.ply()) / float(max_plies)));
  fill(15, std::min(1.0f, float(Snapshot::repetitions(state) - 1) / 2.0f));  // P11
  // 1, 2: the observer's free and trapped movers; 3, 4: the opponent's. Set in one call: a
  // turn's second decision sees the same movers as its first (set_ones keeps them).
  std::array<uint16_t, 2 * kMoversPerSide> movers;
  for (int k = 0; k < 2; ++k) {
    const int s = k == 0 ? player : player ^ 1;
    for (int i = 0; i < kMoversPerSide; ++i) {
      movers[k * kMoversPerSide + i] = static_cast<uint16_t>(
          (1 + 2 * k + (state.mover_trapped(s, i) ? 1 : 0)) * plane + l.at[state.mover_cell(s, i)]);
    }
  }
  out.set_ones(movers);
  write_taken(state, taken, out);
}

void Observation::write_taken(const State& state, std::span<const int> taken, ObservationOut& out) {
  // 16, 17: a step taken of the turn in progress, its start and end cells; 18: a wall taken
  // (both cells it separates).
  if (taken.empty()) return;
  const Layout& l = layout(state.params().size);
  const int plane = l.plane;
  const Geometry& g = state.geo();
  const Actions actions(state.params());
  for (int a : taken) {
    if (actions.is_step(a)) {
      const int from = a / kDirections;
      out.set(16 * plane + l.at[from], 1.0f);
      out.set(17 * plane + l.at[g.neighbour[from][a % kDirections]], 1.0f);
    } else if (actions.is_wall(a)) {
      const auto [x, y] = g.slot_cells[a - actions.wall_id(0)];
      out.set(18 * plane + l.at[x], 1.0f);
      out.set(18 * plane + l.at[y], 1.0f);
    }
  }
}

}  // namespace arbiter::trap
