// The hex field of Trap for sizes 3–8 (P1, P2, P5): cells, their neighbours, the slots between
// them, and the Abalone-style names used in every text.
//
// Cells are indexed row by row from the bottom (row `a`), then by number: this index order is
// also the name order ("lower name first", P5). Slots are indexed by (lower cell, upper cell),
// so slot order is name order too. Inside, a cell is (row, number) with row 0-based and number
// 1-based exactly as in its name; the six directions are, in turn around the centre,
// (row, number) steps (0,+1) (+1,+1) (+1,0) (0,−1) (−1,−1) (−1,0).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "games/trap/bitset.h"

namespace arbiter::trap {

inline constexpr int kMinSize = 3;
inline constexpr int kMaxSize = 8;
inline constexpr int kMaxCells = 169;  // 3·8·8 − 3·8 + 1
inline constexpr int kMaxSlots = 462;  // 3·169 − 3·15
inline constexpr int kMaxRows = 2 * kMaxSize - 1;
inline constexpr int kDirections = 6;
inline constexpr std::array<int, kDirections> kDirRow = {0, 1, 1, 0, -1, -1};
inline constexpr std::array<int, kDirections> kDirNumber = {1, 1, 0, -1, -1, 0};

struct Geometry {
  int size = 0;
  int num_rows = 0;
  int num_cells = 0;
  int num_slots = 0;
  int centre = 0;
  std::array<uint8_t, kMaxCells> row{};     // 0-based: 0 is row `a`
  std::array<uint8_t, kMaxCells> number{};  // 1-based, as in the name
  // neighbour[c][d]: the cell one step in direction d, -1 off the field; slot[c][d]: the slot
  // on that edge, -1 on the border.
  std::array<std::array<int16_t, kDirections>, kMaxCells> neighbour{};
  std::array<std::array<int16_t, kDirections>, kMaxCells> slot{};
  std::array<CellSet, kMaxCells> neighbours{};  // the same neighbours as a set
  // around[c][d]: neighbour[c][d], or c itself off the field, so a loop over the six directions
  // needs no branch (c is never in a set of steps from c).
  std::array<std::array<uint8_t, kDirections>, kMaxCells> around{};
  std::array<std::array<uint8_t, 2>, kMaxSlots> slot_cells{};  // lower cell first
  SlotSet all_slots;                                           // bits 0 … num_slots − 1
  // index_of[row][number]: the cell, -1 where the field has none (number 0 is unused).
  std::array<std::array<int16_t, kMaxRows + 1>, kMaxRows> index_of{};

  // The cell (row, number), or -1 when it is not on this field; any ints are accepted.
  int cell_at(int r, int n) const {
    if (r < 0 || r >= num_rows || n < 1 || n > num_rows) return -1;
    return index_of[r][n];
  }
  // The slot between two cells, -1 when they are not neighbours.
  int slot_between(int a, int b) const;

  // Every cell's and slot's name, made with the field: move texts and click lists name them by
  // the hundred thousand (a size-8 field's legal moves), and making a name on each call took a
  // third of the time the legal endpoint spent indexing those moves.
  std::array<std::string, kMaxCells> cell_names{};
  std::array<std::string, kMaxSlots> slot_names{};

  const std::string& cell_name(int cell) const;  // "e5"
  const std::string& slot_name(int slot) const;  // "c3|c4"
  // Total parsers: any text gives a cell/slot of this field or a one-line error.
  Result<int> parse_cell(std::string_view text) const;
  Result<int> parse_slot(std::string_view text) const;
};

// The field of the given size; size must be in [kMinSize, kMaxSize] (an invariant: parameters
// are validated before a State exists). Built once, shared, immutable.
const Geometry& geometry(int size);

}  // namespace arbiter::trap
