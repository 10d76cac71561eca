#include "games/trap/geometry.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "core/text.h"

namespace arbiter::trap {
namespace {

Geometry build_geometry(int size) {
  Geometry g;
  g.size = size;
  g.num_rows = 2 * size - 1;
  for (auto& row : g.index_of) row.fill(-1);
  // P5: row r (0-based) holds numbers max(1, r−size+2) … min(2·size−1, size+r).
  for (int r = 0; r < g.num_rows; ++r) {
    const int lo = std::max(1, r - size + 2);
    const int hi = std::min(2 * size - 1, size + r);
    for (int n = lo; n <= hi; ++n) {
      g.row[g.num_cells] = static_cast<uint8_t>(r);
      g.number[g.num_cells] = static_cast<uint8_t>(n);
      g.index_of[r][n] = static_cast<int16_t>(g.num_cells);
      ++g.num_cells;
    }
  }
  g.centre = g.index_of[size - 1][size];
  // P2: one slot per edge between two cells; border edges hold none.
  for (int c = 0; c < g.num_cells; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      const int nb = g.cell_at(g.row[c] + kDirRow[d], g.number[c] + kDirNumber[d]);
      g.neighbour[c][d] = static_cast<int16_t>(nb);
      g.slot[c][d] = -1;
      g.around[c][d] = static_cast<uint8_t>(nb >= 0 ? nb : c);
      if (nb >= 0) g.neighbours[c].set(nb);
    }
  }
  std::vector<std::pair<int, int>> edges;
  for (int c = 0; c < g.num_cells; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      if (g.neighbour[c][d] > c) edges.emplace_back(c, g.neighbour[c][d]);
    }
  }
  std::sort(edges.begin(), edges.end());
  g.num_slots = static_cast<int>(edges.size());
  assert(g.num_slots <= kMaxSlots);
  for (int s = 0; s < g.num_slots; ++s) {
    const auto [a, b] = edges[s];
    g.slot_cells[s] = {static_cast<uint8_t>(a), static_cast<uint8_t>(b)};
    g.all_slots.set(s);
    for (int d = 0; d < kDirections; ++d) {
      if (g.neighbour[a][d] == b) g.slot[a][d] = static_cast<int16_t>(s);
      if (g.neighbour[b][d] == a) g.slot[b][d] = static_cast<int16_t>(s);
    }
  }
  for (int c = 0; c < g.num_cells; ++c) {
    g.cell_names[c] =
        std::string(1, static_cast<char>('a' + g.row[c])) + std::to_string(g.number[c]);
  }
  for (int s = 0; s < g.num_slots; ++s) {
    g.slot_names[s] = g.cell_names[g.slot_cells[s][0]] + "|" + g.cell_names[g.slot_cells[s][1]];
  }
  return g;
}

}  // namespace

const Geometry& geometry(int size) {
  assert(size >= kMinSize && size <= kMaxSize);
  static const auto table = [] {
    std::array<Geometry, kMaxSize - kMinSize + 1> t;
    for (int s = kMinSize; s <= kMaxSize; ++s) t[s - kMinSize] = build_geometry(s);
    return t;
  }();
  return table[size - kMinSize];
}

int Geometry::slot_between(int a, int b) const {
  if (a < 0 || a >= num_cells) return -1;
  for (int d = 0; d < kDirections; ++d) {
    if (neighbour[a][d] == b) return slot[a][d];
  }
  return -1;
}

const std::string& Geometry::cell_name(int cell) const {
  assert(cell >= 0 && cell < num_cells);
  return cell_names[cell];
}

const std::string& Geometry::slot_name(int s) const {
  assert(s >= 0 && s < num_slots);
  return slot_names[s];
}

Result<int> Geometry::parse_cell(std::string_view text) const {
  const std::string last_row(1, static_cast<char>('a' + num_rows - 1));
  const auto bad = [&](const std::string& why) {
    return make_error("cell " + quote(text) + " " + why + " (size-" + std::to_string(size) +
                      " field: rows a-" + last_row + ", e.g. e5)");
  };
  if (text.size() < 2 || text.size() > 3) return bad("is not a cell name");
  const char letter = static_cast<char>(text[0] | 0x20);  // case-insensitive
  if (letter < 'a' || letter > 'z') return bad("does not start with a row letter");
  int n = 0;
  for (char ch : text.substr(1)) {
    if (ch < '0' || ch > '9') return bad("has no number after the row letter");
    n = n * 10 + (ch - '0');
  }
  if (text[1] == '0') return bad("has a leading zero");
  const int cell = cell_at(letter - 'a', n);
  if (cell < 0) return bad("is not on the field");
  return cell;
}

Result<int> Geometry::parse_slot(std::string_view text) const {
  const auto bar = text.find('|');
  if (bar == std::string_view::npos) {
    return make_error("wall " + quote(text) + " is not of the form c3|c4");
  }
  auto a = parse_cell(trim(text.substr(0, bar)));
  if (!a) return make_error("wall " + quote(text) + ": " + a.error());
  auto b = parse_cell(trim(text.substr(bar + 1)));
  if (!b) return make_error("wall " + quote(text) + ": " + b.error());
  const int s = slot_between(*a, *b);
  if (s < 0) return make_error("wall " + quote(text) + ": the two cells are not neighbours");
  return s;
}

}  // namespace arbiter::trap
