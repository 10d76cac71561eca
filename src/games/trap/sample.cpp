// sample_move() and sample_at(): a uniformly random turn without listing the turns (P6–P8).
//
// On fields of at most 64 cells (size ≤ 5, the default board) a cell set is one word. draws()
// then computes the counts of analysis.h with no branch on the position (a trapped mover keeps
// its slot with empty sets), and draw_at() unranks a draw with a few comparisons and select64()
// rather than walking sets. Its order: shifts, doubles, step-and-wall, wall pairs, as move_at();
// within the doubles of movers i, j (cell i < cell j; N_i, N_j their steps, K = N_i ∩ N_j) the
// kept targets (r, s) of analysis.h come in three blocks that are plain products:
//   (N_i \ K) × N_j,   K × (N_j \ K),   {(r, s) ∈ K × K : r < s}
// (sizes (a − k)·b + k·(b − k) + C(k, 2) = a·b − k − C(k, 2), the count of analysis.h).
// Larger fields use analyse() and move_at().
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "games/trap/state.h"

namespace arbiter::trap {
namespace {

// kColex[t]: the t-th pair (x, y), x < y, in colex order (y, then x), so that the first C(k, 2)
// entries are the pairs below k for every k ≤ 6 (a mover has at most 6 steps). The 16th entry
// pads the table to a power of two: any t & 15 reads inside it.
constexpr auto kColex = [] {
  std::array<std::array<uint8_t, 2>, 16> t{};
  int n = 0;
  for (int y = 1; y < 6; ++y) {
    for (int x = 0; x < y; ++x) t[n++] = {static_cast<uint8_t>(x), static_cast<uint8_t>(y)};
  }
  return t;
}();

// t / w as (t · kReciprocal[w]) >> 16, exact for t < 64 and 1 ≤ w ≤ 6 (a grid of steps); a
// multiply, not a divide. Entry 0 gives 0.
constexpr std::array<uint32_t, 7> kReciprocal = {0, 65536, 32768, 21846, 16384, 13108, 10923};
constexpr bool reciprocals_exact() {
  for (uint32_t w = 1; w < kReciprocal.size(); ++w) {
    for (uint32_t t = 0; t < 64; ++t) {
      if (((t * kReciprocal[w]) >> 16) != t / w) return false;
    }
  }
  return true;
}
static_assert(reciprocals_exact());

// The entry i of `count` holding `index` among consecutive blocks of these sizes; `index`
// becomes the rank inside it. index < the sum; empty blocks are never chosen.
int pick(const std::array<uint32_t, 3>& count, uint64_t& index) {
  const std::array<uint64_t, 3> before = {0, count[0], uint64_t{count[0]} + count[1]};
  const int i = (index >= before[1]) + (index >= before[2]);
  index -= before[i];
  return i;
}

uint64_t all_if(uint64_t bit) { return uint64_t{0} - bit; }  // bit ∈ {0, 1}: 0 or all ones

// kBit[c] = 1 << c: a load, not a shift by a variable count (x86-64-v2 has no shlx).
constexpr auto kBit = [] {
  std::array<uint64_t, 64> t{};
  for (int c = 0; c < 64; ++c) t[c] = uint64_t{1} << c;
  return t;
}();

}  // namespace

struct State::Draws {
  std::array<int, kMoversPerSide> cell;         // every mover of the side to move, trapped too
  std::array<uint64_t, kMoversPerSide> steps;   // N_i (empty when trapped)
  std::array<uint64_t, kMoversPerSide> shifts;  // R_i (empty when trapped)
  std::array<uint32_t, kMoversPerSide> step_count, shift_count;
  std::array<uint32_t, 3> pair_count;  // per Analysis::kPairs entry
  uint64_t empty_slots, step_total, shift_total, double_total, step_wall_total, wall_pair_total;

  uint64_t turns() const { return shift_total + double_total + step_wall_total + wall_pair_total; }
};

State::Draws State::draws() const {
  assert(geo_->num_cells <= 64 && !is_terminal());
  Draws d;
  const uint64_t occupied = occupied_.w[0];
  const int side = to_move_;
  std::array<uint64_t, kMoversPerSide> open, live;
  d.step_total = 0;
  for (int i = 0; i < kMoversPerSide; ++i) {
    d.cell[i] = movers_[side][i];
    live[i] = all_if(~(trapped_[side] >> i) & 1U);
    open[i] = open_[d.cell[i]].w[0];
    d.steps[i] = open[i] & ~occupied & live[i];
    d.step_count[i] = static_cast<uint32_t>(std::popcount(d.steps[i]));
    d.step_total += d.step_count[i];
  }
  d.shift_total = 0;
  for (int i = 0; i < kMoversPerSide; ++i) {
    // (a): two steps through an empty cell; around[] pads with the mover's own (occupied) cell.
    uint64_t reach = 0;
    for (const int mid : geo_->around[d.cell[i]]) {
      const uint64_t beyond = open_[mid].w[0];
      reach |= (d.steps[i] & kBit[mid]) != 0 ? beyond : 0;
    }
    // Chains of (b): a neighbour j (no wall between) steps away, then i steps into j's cell.
    for (int j = 0; j < kMoversPerSide; ++j) {
      if (j != i) reach |= (open[i] & kBit[d.cell[j]]) != 0 ? d.steps[j] : 0;
    }
    d.shifts[i] = reach & ~occupied & live[i];  // P7: the start cell is occupied
    d.shift_count[i] = static_cast<uint32_t>(std::popcount(d.shifts[i]));
    d.shift_total += d.shift_count[i];
  }
  d.double_total = 0;
  for (int p = 0; p < 3; ++p) {
    const auto [i, j] = Analysis::kPairs[p];
    const uint32_t k = static_cast<uint32_t>(std::popcount(d.steps[i] & d.steps[j]));
    d.pair_count[p] = d.step_count[i] * d.step_count[j] - k * (k + 1) / 2;
    d.double_total += d.pair_count[p];
  }
  d.empty_slots = static_cast<uint64_t>(empty_slots());
  d.step_wall_total = walls_available(1) ? d.step_total * d.empty_slots : 0;
  d.wall_pair_total = walls_available(2) ? d.empty_slots * (d.empty_slots - 1) / 2 : 0;
  return d;
}

Move State::draw_at(const Draws& d, uint64_t index) const {
  assert(index < d.turns());
  if (index < d.shift_total) {
    const int i = pick(d.shift_count, index);
    return Move::shift(d.cell[i], select64(d.shifts[i], static_cast<int>(index)));
  }
  index -= d.shift_total;
  if (index < d.double_total) {
    const auto [pi, pj] = Analysis::kPairs[pick(d.pair_count, index)];
    // The lower cell first (move.h); an xor swap, as the order is a coin toss for a predictor.
    const int flip = (d.cell[pi] > d.cell[pj]) * (pi ^ pj);
    const int i = pi ^ flip, j = pj ^ flip;
    const uint64_t both = d.steps[i] & d.steps[j];
    const uint64_t i_only = d.steps[i] & ~both, j_only = d.steps[j] & ~both;
    const uint32_t b = d.step_count[j], k = static_cast<uint32_t>(std::popcount(both));
    const uint64_t first = uint64_t{d.step_count[i] - k} * b, second = uint64_t{k} * (b - k);
    // The block of `index` and the rank t inside it, chosen without branches: 0 and 1 are
    // grids `width` wide, 2 the colex table.
    const int block = (index >= first) + (index >= first + second);
    const uint32_t t =
        static_cast<uint32_t>(index - (block == 0 ? 0 : first) - (block == 2 ? second : 0));
    const uint32_t width = block == 0 ? b : b - k;
    const uint32_t row = (t * kReciprocal[width]) >> 16, column = t - row * width;
    const auto [x, y] = kColex[t & 15];
    const uint64_t r_set = block == 0 ? i_only : both;
    const uint64_t s_set = block == 0 ? d.steps[j] : block == 1 ? j_only : both;
    const int r = select64(r_set, static_cast<int>(block == 2 ? x : row));
    const int s = select64(s_set, static_cast<int>(block == 2 ? y : column));
    return Move::double_step(d.cell[i], r, d.cell[j], s);
  }
  index -= d.double_total;
  const SlotSet free_slots = geo_->all_slots.minus(walls_);
  const int e = static_cast<int>(d.empty_slots);
  if (index < d.step_wall_total) {
    uint64_t step = index / d.empty_slots;
    const int slot = free_slots.select(static_cast<int>(index % d.empty_slots));
    const int i = pick(d.step_count, step);
    return Move::step_wall(d.cell[i], select64(d.steps[i], static_cast<int>(step)), slot);
  }
  return wall_pair_at(free_slots, e, index - d.step_wall_total);
}

Move State::sample_move(Rng& rng) const {
  assert(!is_terminal());
  if (geo_->num_cells <= 64) {
    const Draws d = draws();
    const uint64_t n = d.turns();
    return n == 0 ? Move::pass() : draw_at(d, rng.below(n));  // P8
  }
  const Analysis an = analyse();
  const uint64_t n = an.turns();
  return n == 0 ? Move::pass() : move_at(an, rng.below(n));
}

Move State::sample_at(uint64_t index) const {
  assert(!is_terminal() && index < count_moves());
  if (geo_->num_cells > 64) return move_at(index);
  const Draws d = draws();
  return d.turns() == 0 ? Move::pass() : draw_at(d, index);
}

}  // namespace arbiter::trap
