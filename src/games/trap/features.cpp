#include "games/trap/features.h"

#include <algorithm>
#include <array>
#include <mutex>

namespace arbiter::trap {

namespace {

// The cells and slots a half turn of the field takes each cell and slot to: row r becomes the
// last row but r, and the number n (1 … rows along the diagonals) becomes rows + 1 − n. One
// table per field size, made on first use.
struct Turned {
  std::array<int16_t, kMaxCells> cell{};
  std::array<int16_t, kMaxSlots> slot{};
};

const Turned& turned_of(const Geometry& geo) {
  static std::array<Turned, kMaxSize + 1> tables;
  static std::array<std::once_flag, kMaxSize + 1> made;
  std::call_once(made[geo.size], [&] {
    Turned& t = tables[geo.size];
    for (int c = 0; c < geo.num_cells; ++c) {
      t.cell[c] = static_cast<int16_t>(
          geo.cell_at(geo.num_rows - 1 - geo.row[c], geo.num_rows + 1 - geo.number[c]));
    }
    for (int s = 0; s < geo.num_slots; ++s) {
      const auto& cells = geo.slot_cells[s];
      t.slot[s] = static_cast<int16_t>(geo.slot_between(t.cell[cells[0]], t.cell[cells[1]]));
    }
  });
  return tables[geo.size];
}

}  // namespace

int num_features(const Geometry& geo) { return 4 * geo.num_cells + geo.num_slots + kPileBuckets; }

// Written in ascending order (movers, then walls, then the pile), so the evaluator need not sort.
void features(const State& s, int player, nn::FeatureList& out) {
  out.clear();
  const Geometry& geo = s.geo();
  const bool turned = player == kBlue;
  const Turned* t = turned ? &turned_of(geo) : nullptr;
  const int cells = geo.num_cells;
  std::array<uint16_t, 2 * kMoversPerSide> movers{};
  int n = 0;
  for (int side = 0; side < 2; ++side) {
    const int rel = side == player ? 0 : 1;
    for (int i = 0; i < kMoversPerSide; ++i) {
      int c = s.mover_cell(side, i);
      if (turned) c = t->cell[c];
      const int trapped = s.mover_trapped(side, i) ? 1 : 0;
      movers[n++] = static_cast<uint16_t>((rel * 2 + trapped) * cells + c);
    }
  }
  std::sort(movers.begin(), movers.end());
  for (uint16_t m : movers) out.push_back(m);
  const int wall_base = 4 * cells;
  if (turned) {
    SlotSet seen;
    s.walls().for_each([&](int slot) {
      seen.set(t->slot[slot]);
      return true;
    });
    seen.for_each([&](int slot) {
      out.push_back(static_cast<uint16_t>(wall_base + slot));
      return true;
    });
  } else {
    s.walls().for_each([&](int slot) {
      out.push_back(static_cast<uint16_t>(wall_base + slot));
      return true;
    });
  }
  const int pile = s.pile();
  const int bucket = pile < 0 ? kPileBuckets - 1 : std::min(pile / 4, kPileBuckets - 2);
  out.push_back(static_cast<uint16_t>(wall_base + geo.num_slots + bucket));
}

}  // namespace arbiter::trap
