// Turn counting and enumeration (P6, P7, P8). See analysis.h for the counting argument.
#include <algorithm>
#include <cassert>
#include <cmath>

#include "games/trap/state.h"

namespace arbiter::trap {

Analysis State::analyse() const {
  // Fields up to size 5 (61 cells) fit one word, up to size 7 (127) two.
  if (geo_->num_cells <= 64) return analyse_words<1>();
  if (geo_->num_cells <= 128) return analyse_words<2>();
  return analyse_words<3>();
}

template <int U>
Analysis State::analyse_words() const {
  Analysis an;
  if (is_terminal()) return an;
  const int side = to_move_;
  for (int i = 0; i < kMoversPerSide; ++i) {
    if (!mover_trapped(side, i)) an.cell[an.movers++] = movers_[side][i];
  }
  uint64_t steps = 0;
  for (int i = 0; i < an.movers; ++i) {
    an.steps[i] = open_[an.cell[i]].minus<U>(occupied_);
    an.step_count[i] = static_cast<uint32_t>(an.steps[i].count<U>());
    steps += an.step_count[i];
  }
  for (int i = 0; i < an.movers; ++i) {
    // (a): two steps through an empty cell; the start cell is occupied, so P7's "not back to
    // the start" falls out of the final minus.
    CellSet reach;
    an.steps[i].for_each<U>([&](int mid) {
      reach.unite<U>(open_[mid]);
      return true;
    });
    // Chains of (b): a mover j next to i (no wall between) steps away first, then i steps
    // into j's cell; the net result is i ending on j's target.
    for (int j = 0; j < an.movers; ++j) {
      if (j != i && open_[an.cell[i]].test(an.cell[j])) reach.unite<U>(an.steps[j]);
    }
    an.shifts[i] = reach.minus<U>(occupied_);
    an.shift_count[i] = static_cast<uint32_t>(an.shifts[i].count<U>());
    an.shift_total += an.shift_count[i];
  }
  for (int p = 0; p < 3; ++p) {
    const auto [i, j] = Analysis::kPairs[p];
    if (j >= an.movers) continue;
    const CellSet both = an.steps[i].intersect<U>(an.steps[j]);
    const uint32_t k = static_cast<uint32_t>(both.count<U>());
    an.pair_count[p] = an.step_count[i] * an.step_count[j] - k - k * (k - 1) / 2;
    an.double_total += an.pair_count[p];
  }
  an.empty_slots = static_cast<uint64_t>(empty_slots());
  if (walls_available(1)) an.step_wall_total = steps * an.empty_slots;
  if (walls_available(2)) an.wall_pair_total = an.empty_slots * (an.empty_slots - 1) / 2;
  return an;
}

uint64_t State::count_moves() const {
  if (is_terminal()) return 0;
  const uint64_t n = analyse().turns();
  return n == 0 ? 1 : n;  // P8: pass
}

void State::generate(MoveList& moves) const {
  moves.clear();
  if (is_terminal()) return;
  moves.reserve(count_moves());
  for_each_move([&](const Move& m) {
    moves.push_back(m);
    return true;
  });
}

Move State::move_at(uint64_t index) const { return move_at(analyse(), index); }

Move State::move_at(const Analysis& an, uint64_t index) const {
  assert(!is_terminal());
  if (an.turns() == 0) return Move::pass();
  assert(index < an.turns());
  if (index < an.shift_total) {
    for (int i = 0;; ++i) {
      if (index < an.shift_count[i]) {
        return Move::shift(an.cell[i], an.shifts[i].select(static_cast<int>(index)));
      }
      index -= an.shift_count[i];
    }
  }
  index -= an.shift_total;
  if (index < an.double_total) {
    int p = 0;
    while (index >= an.pair_count[p]) index -= an.pair_count[p++];
    const auto pair = an.pair(p);  // copies: lambdas may not capture structured bindings
    const int i = pair[0], j = pair[1];
    Move found;
    an.steps[i].for_each([&](int r) {
      return an.steps[j].for_each([&](int s) {
        if (r == s || !an.keeps_double(i, j, r, s)) return true;
        if (index-- != 0) return true;
        found = Move::double_step(an.cell[i], r, an.cell[j], s);
        return false;
      });
    });
    assert(found.kind == MoveKind::kDouble);
    return found;
  }
  index -= an.double_total;
  const int e = static_cast<int>(an.empty_slots);
  const SlotSet free_slots = geo_->all_slots.minus(walls_);
  if (index < an.step_wall_total) {
    uint64_t step = index / static_cast<uint64_t>(e);
    const int slot = free_slots.select(static_cast<int>(index % static_cast<uint64_t>(e)));
    for (int i = 0;; ++i) {
      if (step < an.step_count[i]) {
        return Move::step_wall(an.cell[i], an.steps[i].select(static_cast<int>(step)), slot);
      }
      step -= an.step_count[i];
    }
  }
  index -= an.step_wall_total;
  return wall_pair_at(free_slots, e, index);
}

Move State::wall_pair_at(const SlotSet& free_slots, int e, uint64_t index) {
  // Unrank the pair (x, y), x < y, in lexicographic order: before x come f(x) = x·e − x(x+1)/2.
  const auto before = [e](int64_t x) { return x * e - x * (x + 1) / 2; };
  const double ed = e - 0.5;
  int64_t x = static_cast<int64_t>(ed - std::sqrt(ed * ed - 2.0 * static_cast<double>(index)));
  x = std::max<int64_t>(0, std::min<int64_t>(x, e - 2));
  while (x > 0 && before(x) > static_cast<int64_t>(index)) --x;
  while (x + 1 <= e - 2 && before(x + 1) <= static_cast<int64_t>(index)) ++x;
  const int64_t y = x + 1 + (static_cast<int64_t>(index) - before(x));
  return Move::walls(free_slots.select(static_cast<int>(x)),
                     free_slots.select(static_cast<int>(y)));
}

}  // namespace arbiter::trap
