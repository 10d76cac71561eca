// State::for_each_move: walks every legal turn without materialising the list, in the order
// of move_at() (shifts, doubles, step-and-wall, wall pairs). Included by state.h.
#pragma once

#include <type_traits>

namespace arbiter::trap {

template <class F>
void State::for_each_move(F&& f) const {
  if (is_terminal()) return;
  const Analysis an = analyse();
  if (an.turns() == 0) {  // P8
    f(Move::pass());
    return;
  }
  const auto call = [&](const Move& m) -> bool {
    if constexpr (std::is_same_v<decltype(f(m)), void>) {
      f(m);
      return true;
    } else {
      return static_cast<bool>(f(m));
    }
  };
  for (int i = 0; i < an.movers; ++i) {
    const bool go = an.shifts[i].for_each([&](int r) { return call(Move::shift(an.cell[i], r)); });
    if (!go) return;
  }
  for (int p = 0; p < 3; ++p) {
    if (Analysis::kPairs[p][1] >= an.movers) continue;
    // Plain copies: lambdas may not capture structured bindings before clang 16.
    const auto pair = an.pair(p);
    const int i = pair[0], j = pair[1];
    const bool go = an.steps[i].for_each([&](int r) {
      return an.steps[j].for_each([&](int s) {
        if (r == s || !an.keeps_double(i, j, r, s)) return true;
        return call(Move::double_step(an.cell[i], r, an.cell[j], s));
      });
    });
    if (!go) return;
  }
  const SlotSet free_slots = geo_->all_slots.minus(walls_);
  if (an.step_wall_total > 0) {
    for (int i = 0; i < an.movers; ++i) {
      const bool go = an.steps[i].for_each([&](int to) {
        return free_slots.for_each(
            [&](int slot) { return call(Move::step_wall(an.cell[i], to, slot)); });
      });
      if (!go) return;
    }
  }
  if (an.wall_pair_total > 0) {
    free_slots.for_each([&](int x) {
      SlotSet above = free_slots;
      for (int w = 0; w < static_cast<int>(above.w.size()); ++w) {
        const int lo = w * 64, hi = lo + 64;
        if (x + 1 >= hi)
          above.w[w] = 0;
        else if (x + 1 > lo)
          above.w[w] &= ~uint64_t{0} << (x + 1 - lo);
      }
      return above.for_each([&](int y) { return call(Move::walls(x, y)); });
    });
  }
}

}  // namespace arbiter::trap
