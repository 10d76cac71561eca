#include "games/trap/features.h"

#include <algorithm>

namespace arbiter::trap {

namespace {

// The cell a half turn of the field takes `c` to: row r becomes the last row but r, and the
// number n (1 … rows along the diagonals) becomes rows + 1 − n.
int turned_cell(const Geometry& geo, int c) {
  return geo.cell_at(geo.num_rows - 1 - geo.row[c], geo.num_rows + 1 - geo.number[c]);
}

int turned_slot(const Geometry& geo, int slot) {
  const auto& cells = geo.slot_cells[slot];
  return geo.slot_between(turned_cell(geo, cells[0]), turned_cell(geo, cells[1]));
}

}  // namespace

int num_features(const Geometry& geo) { return 4 * geo.num_cells + geo.num_slots + kPileBuckets; }

void features(const State& s, int player, nn::FeatureList& out) {
  out.clear();
  const Geometry& geo = s.geo();
  const bool turned = player == kBlue;
  const int cells = geo.num_cells;
  for (int side = 0; side < 2; ++side) {
    const int rel = side == player ? 0 : 1;
    for (int i = 0; i < kMoversPerSide; ++i) {
      int c = s.mover_cell(side, i);
      if (turned) c = turned_cell(geo, c);
      const int trapped = s.mover_trapped(side, i) ? 1 : 0;
      out.push_back(static_cast<uint16_t>((rel * 2 + trapped) * cells + c));
    }
  }
  const int wall_base = 4 * cells;
  s.walls().for_each([&](int slot) {
    out.push_back(static_cast<uint16_t>(wall_base + (turned ? turned_slot(geo, slot) : slot)));
    return true;
  });
  const int pile = s.pile();
  const int bucket = pile < 0 ? kPileBuckets - 1 : std::min(pile / 4, kPileBuckets - 2);
  out.push_back(static_cast<uint16_t>(wall_base + geo.num_slots + bucket));
}

}  // namespace arbiter::trap
