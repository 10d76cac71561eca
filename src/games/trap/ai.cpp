// Trap's pruned search moves and evaluation (games/trap/ai.h).
#include "games/trap/ai.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace arbiter::ai {

using trap::CellSet;
using trap::Move;
using trap::SlotSet;

namespace {

// Cells reachable from `cell` by steps (its own cell included), counted up to `cap`. Sets touch
// only their first U words (bitset.h): a field of at most 64·U cells.
template <int U>
int region_size(const trap::State& s, int cell, int cap) {
  CellSet region;
  region.set(cell);
  CellSet frontier = region;
  int size = 1;
  while (size < cap) {
    CellSet next;
    frontier.for_each<U>([&](int x) {
      next.unite<U>(s.open_neighbours(x));
      return true;
    });
    const CellSet fresh = next.minus<U>(region);
    frontier = fresh.minus<U>(s.occupied());
    if (frontier.none<U>()) break;
    region.unite<U>(frontier);
    size += frontier.count<U>();
  }
  return std::min(size, cap);
}

// The ordering hint of a turn from its parts: `steps(cell)`, the free steps from a cell, and
// `wall(slot)`, what a wall in that slot takes from the enemy's free movers. Higher first.
template <class Steps, class Wall>
int hint_of(const Move& m, const Steps& steps, const Wall& wall) {
  switch (m.kind) {
    case trap::MoveKind::kShift:
      return 2 * steps(m.b);
    case trap::MoveKind::kDouble:
      return steps(m.b) + steps(m.d);
    case trap::MoveKind::kStepWall:
      return wall(m.c) + steps(m.b);
    case trap::MoveKind::kWalls:
      return wall(m.a) + wall(m.b);
    default:
      return -100;
  }
}

// What a wall next to an enemy free mover on `cell` is worth: more the fewer steps it has.
int wall_worth(int steps) { return 40 - 6 * steps; }
// A slot touches at most two movers, each worth at most wall_worth(0).
constexpr int kMaxWallHint = 2 * 40;

}  // namespace

void trap_search_moves(const trap::State& s, std::vector<Move>& out) {
  out.clear();
  if (s.is_terminal()) return;
  const trap::Analysis an = s.analyse();
  if (an.turns() == 0) {  // P8
    out.push_back(Move::pass());
    return;
  }
  // Ranking a few hundred turns by trap_move_hint() was most of a Trap search's time, so the
  // same hints (hint_of) are built here from per-cell and per-slot parts computed once, and the
  // wall turns (most of the candidates) are counted by hint before any is generated: the
  // histogram gives the kTrapMaxSearchMoves-th best hint, and only turns that can be kept are
  // made. The result is the same as ranking every candidate: the best by hint, ties to the
  // earlier in generation order, listed in generation order.
  std::array<int8_t, trap::kMaxCells> steps_at;
  steps_at.fill(-1);
  const auto steps = [&](int cell) {
    if (steps_at[cell] < 0) steps_at[cell] = static_cast<int8_t>(s.steps_from(cell).count());
    return static_cast<int>(steps_at[cell]);
  };
  std::array<int16_t, trap::kMaxSlots> slot_hint{};  // filled below, for the slots walls may use
  const auto wall = [&](int slot) { return static_cast<int>(slot_hint[slot]); };

  // Movement turns, with their hints.
  thread_local std::vector<int> hints;
  hints.clear();
  const auto add = [&](const Move& m) {
    out.push_back(m);
    hints.push_back(hint_of(m, steps, wall));
  };
  for (int i = 0; i < an.movers; ++i) {
    an.shifts[i].for_each([&](int r) {
      add(Move::shift(an.cell[i], r));
      return true;
    });
  }
  for (int p = 0; p < 3; ++p) {  // the same canonical doubles as State::for_each_move
    if (trap::Analysis::kPairs[p][1] >= an.movers) continue;
    const auto pair = an.pair(p);
    const int i = pair[0], j = pair[1];
    an.steps[i].for_each([&](int r) {
      return an.steps[j].for_each([&](int t) {
        if (r != t && an.keeps_double(i, j, r, t)) {
          add(Move::double_step(an.cell[i], r, an.cell[j], t));
        }
        return true;
      });
    });
  }

  // Empty slots on the edges of the enemy's free movers that still have a step, each with its
  // wall hint. An enemy mover its own turn left without a step is trapped at the end of this
  // turn anyway (P9); walls beside it would only crowd out the walls that matter.
  const int enemy = s.to_move() ^ 1;
  SlotSet near;
  for (int i = 0; i < trap::kMoversPerSide; ++i) {
    if (s.mover_trapped(enemy, i)) continue;
    const int cell = s.mover_cell(enemy, i);
    if (steps(cell) == 0) continue;
    const int worth = wall_worth(steps(cell));
    for (int d = 0; d < trap::kDirections; ++d) {
      const int slot = s.geo().slot[cell][d];
      if (slot < 0 || s.has_wall(slot)) continue;
      near.set(slot);
      slot_hint[slot] = static_cast<int16_t>(slot_hint[slot] + worth);
    }
  }
  const bool step_walls = an.step_wall_total > 0, wall_pairs = an.wall_pair_total > 0;

  // How many candidates there are of each hint.
  constexpr int kHints = 2 * kMaxWallHint + 1;  // above every hint of hint_of()
  std::array<uint32_t, kHints> count{};
  for (int h : hints) ++count[h];
  std::array<uint32_t, kMaxWallHint + 1> by_wall{};  // near slots by wall hint
  near.for_each([&](int slot) {
    ++by_wall[wall(slot)];
    return true;
  });
  if (step_walls) {
    std::array<uint32_t, trap::kDirections + 1> by_step{};  // single steps by steps from the target
    for (int i = 0; i < an.movers; ++i) {
      an.steps[i].for_each([&](int to) {
        ++by_step[steps(to)];
        return true;
      });
    }
    for (int a = 0; a <= trap::kDirections; ++a) {
      if (by_step[a] == 0) continue;
      for (int w = 0; w <= kMaxWallHint; ++w) count[a + w] += by_step[a] * by_wall[w];
    }
  }
  if (wall_pairs) {
    for (int x = 0; x <= kMaxWallHint; ++x) {
      if (by_wall[x] == 0) continue;
      count[2 * x] += by_wall[x] * (by_wall[x] - 1) / 2;
      for (int y = x + 1; y <= kMaxWallHint; ++y) count[x + y] += by_wall[x] * by_wall[y];
    }
  }
  uint32_t total = 0;
  for (uint32_t c : count) total += c;

  // The kept hints: above `cut`, and the first `at_cut` turns of hint `cut`.
  int cut = 0;
  uint32_t at_cut = total;
  if (total > kTrapMaxSearchMoves) {
    uint32_t above = 0;
    cut = kHints - 1;
    while (above + count[cut] < kTrapMaxSearchMoves) above += count[cut--];
    at_cut = static_cast<uint32_t>(kTrapMaxSearchMoves) - above;
  }
  const auto keep = [&](int hint) {
    if (hint > cut) return true;
    if (hint < cut || at_cut == 0) return false;
    --at_cut;
    return true;
  };
  std::size_t kept = 0;
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (keep(hints[k])) out[kept++] = out[k];
  }
  out.resize(kept);
  if (step_walls) {
    for (int i = 0; i < an.movers; ++i) {
      an.steps[i].for_each([&](int to) {
        const int step_hint = steps(to);
        return near.for_each([&](int slot) {
          if (keep(step_hint + wall(slot))) out.push_back(Move::step_wall(an.cell[i], to, slot));
          return true;
        });
      });
    }
  }
  if (wall_pairs) {
    near.for_each([&](int x) {
      return near.for_each([&](int y) {
        if (x < y && keep(wall(x) + wall(y))) out.push_back(Move::walls(x, y));
        return true;
      });
    });
  }
  if (!out.empty()) return;

  // No steps and no slot next to an enemy mover: the first legal turns, the best by hint.
  hints.clear();
  s.for_each_move([&](const Move& m) {
    out.push_back(m);
    hints.push_back(trap_move_hint(s, m));
    return out.size() < 64;
  });
  if (out.size() > kTrapMaxSearchMoves) {  // keep the best by hint, in generation order
    thread_local std::vector<std::pair<int, uint32_t>> ranked;
    ranked.clear();
    for (uint32_t i = 0; i < out.size(); ++i) ranked.emplace_back(-hints[i], i);
    std::nth_element(ranked.begin(), ranked.begin() + kTrapMaxSearchMoves, ranked.end());
    ranked.resize(kTrapMaxSearchMoves);
    std::sort(ranked.begin(), ranked.end(),
              [](const auto& a, const auto& b) { return a.second < b.second; });
    std::array<Move, kTrapMaxSearchMoves> best;
    for (std::size_t k = 0; k < ranked.size(); ++k) best[k] = out[ranked[k].second];
    out.assign(best.begin(), best.end());
  }
}

namespace {

// Bit i: mover i of `side` counts as trapped. A free mover without a step counts too: P9 judges
// it at the end of the opponent's next turn (or of this one, when the opponent is to move), and
// only a neighbouring mover's leaving could give it a step back before then.
template <int U>
unsigned lost_movers(const trap::State& s, int side) {
  unsigned lost = 0;
  for (int i = 0; i < trap::kMoversPerSide; ++i) {
    const bool gone = s.mover_trapped(side, i) || s.steps_from(s.mover_cell(side, i)).none<U>();
    lost |= static_cast<unsigned>(gone) << i;
  }
  return lost;
}

template <int U>
int evaluate_words(const trap::State& s, int player, const TrapWeights& w) {
  const trap::Geometry& geo = s.geo();
  const bool two_walls = s.pile() < 0 || s.pile() >= 2;
  int score[2] = {0, 0};
  const unsigned lost[2] = {lost_movers<U>(s, 0), lost_movers<U>(s, 1)};
  int free_movers[2] = {0, 0};
  for (int side = 0; side < 2; ++side) {
    free_movers[side] = trap::kMoversPerSide - std::popcount(lost[side]);
  }
  const bool ahead = free_movers[player] > free_movers[player ^ 1];
  for (int side = 0; side < 2; ++side) {
    const bool opponent_moves = s.to_move() != side;
    const bool hunt = s.pile() == 0 || free_movers[side ^ 1] == 1;
    const int step_worth = side == player && ahead ? w.safe_step : 0;
    int smallest = w.region_cap;
    for (int i = 0; i < trap::kMoversPerSide; ++i) {
      if ((lost[side] >> i) & 1U) continue;
      const int cell = s.mover_cell(side, i);
      const int steps = s.steps_from(cell).count<U>();
      score[side] += step_worth * steps;
      if (steps == 1) {
        score[side] -= opponent_moves ? w.threat : w.last_step;
      } else if (steps == 2) {
        score[side] -= opponent_moves && two_walls ? w.two_threat : w.two_steps;
      }
      const int region = region_size<U>(s, cell, w.region_cap);
      score[side] += w.region * region;
      smallest = std::min(smallest, region);
      if (hunt) {  // stay close to the enemy's free movers (TrapWeights::chase)
        int nearest = 2 * trap::kMaxSize;
        for (int j = 0; j < trap::kMoversPerSide; ++j) {
          if ((lost[side ^ 1] >> j) & 1U) continue;
          const int other = s.mover_cell(side ^ 1, j);
          const int dr = geo.row[cell] - geo.row[other], dn = geo.number[cell] - geo.number[other];
          nearest = std::min(nearest, std::max({std::abs(dr), std::abs(dn), std::abs(dr - dn)}));
        }
        score[side] -= w.chase * nearest;
      }
    }
    score[side] += w.smallest * smallest - w.trapped[trap::kMoversPerSide - free_movers[side]];
  }
  const int pile = s.pile() < 0 ? 10 : std::min(s.pile(), 10);
  const int mover_bonus = w.tempo + w.walls_left * pile;
  return score[player] - score[player ^ 1] + (s.to_move() == player ? mover_bonus : -mover_bonus);
}

}  // namespace

int trap_evaluate(const trap::State& s, int player, const TrapWeights& w) {
  if (s.geo().num_cells <= 64) return evaluate_words<1>(s, player, w);
  if (s.geo().num_cells <= 128) return evaluate_words<2>(s, player, w);
  return evaluate_words<3>(s, player, w);
}

int trap_move_hint(const trap::State& s, const Move& m) {
  const int enemy = s.to_move() ^ 1;
  const auto steps = [&](int cell) { return s.steps_from(cell).count(); };
  const auto wall = [&](int slot) {
    int hint = 0;
    for (int cell : s.geo().slot_cells[slot]) {
      int side = 0, index = 0;
      if (s.mover_at(cell, &side, &index) && side == enemy && !s.mover_trapped(side, index) &&
          steps(cell) > 0) {  // as trap_search_moves: a stuck enemy mover is trapped anyway
        hint += wall_worth(steps(cell));
      }
    }
    return hint;
  };
  return hint_of(m, steps, wall);
}

}  // namespace arbiter::ai
