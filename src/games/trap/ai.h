// GameAi for Trap (game_ai.h). A Trap position has thousands of turns (15,054 at the start, almost
// all of them wall placements), so the search considers a pruned set (games/trap/ai.cpp):
//   - every movement turn (one mover two steps, two movers one step each);
//   - step-and-wall turns and wall pairs whose walls go into empty slots on the edges of an
//     opposing free mover's cell: the walls that take a step away from a mover, and so the only
//     ones that can trap it (P9) this turn (an opposing mover that its own turn left without a
//     step is trapped at the end of this one anyway, so its edges are left out);
//   - when that leaves nothing (no steps, no such slot), the first 64 legal turns; `pass` (P8)
//     when there is no turn at all;
//   - of these, at most kTrapMaxSearchMoves, the best by trap_move_hint() (walls next to enemy
//     movers with few steps first, then steps into open space), so alpha-beta reaches depth.
// Walls further away only shrink regions slowly; the evaluation scores regions, so deeper search
// reaches them through the pruned set turn by turn.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ai/game_ai.h"
#include "ai/weights.h"
#include "games/trap/features.h"
#include "games/trap/state.h"

namespace arbiter::ai {

inline constexpr std::size_t kTrapMaxSearchMoves = 40;

struct TrapWeights {
  // By the number of trapped movers of the side (P9): each one costs more than the one before,
  // so that trading movers favours the side ahead (all three trapped ends the game). A free
  // mover without a step counts as trapped, and earns nothing else: a turn never traps its own
  // player's movers, but P9 judges such a mover at the end of the opponent's next turn, and only
  // a neighbouring mover's leaving could save it.
  std::array<int, 4> trapped = {0, 1000, 3000, 6000};
  int region = 12;      // per cell a free mover can reach (capped at region_cap)
  int region_cap = 24;  // beyond this a region counts as open
  int smallest = 20;    // per cell of the side's smallest free-mover region (capped)
  // Per free step of an own free mover, counted only for the side the score is for and only
  // while it has more free movers than the opponent. Ahead, movers with room to spare give the
  // side behind no cheap threats, so it cannot run the shared pile down by chasing them (with
  // the pile empty and a free mover on each side the game is a draw, P11). Enemy steps earn
  // nothing: a mover in the open regains a step a wall takes with its next move, and counting
  // them made both sides spend the pile on walls that trap nothing. So the evaluation is not
  // zero-sum (game_ai.h).
  int safe_step = 15;
  int last_step = 350;   // a free mover with a single step left
  int threat = 900;      // ...when the opponent moves next (a wall or a mover closes it)
  int two_steps = 120;   // a free mover with two steps left
  int two_threat = 500;  // ...when the opponent moves next with two walls left
  int chase = 20;        // per cell from an own free mover to the nearest enemy free mover,
                         // once the pile is empty (only movers can trap then) or the enemy has
                         // one free mover left (own movers close it in as obstacles)
  int walls_left = 4;    // per wall in the pile, for the side to move (options (c), (d))
  int tempo = 30;        // for the side to move
};
inline constexpr TrapWeights kTrapWeights{};

void trap_search_moves(const trap::State& s, std::vector<trap::Move>& out);
int trap_evaluate(const trap::State& s, int player, const TrapWeights& w);
int trap_move_hint(const trap::State& s, const trap::Move& m);

template <>
struct GameAi<trap::State> {
  using Move = trap::Move;
  using MoveList = trap::State::MoveList;
  static constexpr int kAspiration = 100;
  // Deeper reductions than the default: the kept turns are ranked by trap_move_hint(), and the
  // depth gained at equal nodes wins more games than the late turns it skims (docs/ai.md: level
  // 10 at 200,000 nodes against level 5 won 39 of 40 games, 36 with the default, 26 without).
  static constexpr Reductions kReductions{2, 2, 8};
  static constexpr bool kQuiescence = false;

  static void search_moves(const trap::State& s, MoveList& out) { trap_search_moves(s, out); }
  static int evaluate(const trap::State& s, int player) {
    return trap_evaluate(s, player, kTrapWeights);
  }
  // The evaluation's tunable weights (ai/weights.h).
  using Weights = TrapWeights;
  static constexpr const Weights& kWeights = kTrapWeights;
  static constexpr auto kWeightFields = std::to_array<WeightField<Weights>>({
      {"trapped1", [](TrapWeights& w) -> int& { return w.trapped[1]; }},
      {"trapped2", [](TrapWeights& w) -> int& { return w.trapped[2]; }},
      {"trapped3", [](TrapWeights& w) -> int& { return w.trapped[3]; }},
      {"region", [](TrapWeights& w) -> int& { return w.region; }},
      {"region_cap", [](TrapWeights& w) -> int& { return w.region_cap; }},
      {"smallest", [](TrapWeights& w) -> int& { return w.smallest; }},
      {"safe_step", [](TrapWeights& w) -> int& { return w.safe_step; }},
      {"last_step", [](TrapWeights& w) -> int& { return w.last_step; }},
      {"threat", [](TrapWeights& w) -> int& { return w.threat; }},
      {"two_steps", [](TrapWeights& w) -> int& { return w.two_steps; }},
      {"two_threat", [](TrapWeights& w) -> int& { return w.two_threat; }},
      {"chase", [](TrapWeights& w) -> int& { return w.chase; }},
      {"walls_left", [](TrapWeights& w) -> int& { return w.walls_left; }},
      {"tempo", [](TrapWeights& w) -> int& { return w.tempo; }},
  });
  static int evaluate_with(const trap::State& s, int player, const Weights& w) {
    return trap_evaluate(s, player, w);
  }
  static bool is_noisy(const trap::State&, const Move&) { return false; }
  static int move_hint(const trap::State& s, const Move& m) { return trap_move_hint(s, m); }
  static uint32_t move_key(const Move& m) {
    return static_cast<uint32_t>(m.a * 7919u + m.b * 131u + m.c * 17u + m.d +
                                 static_cast<uint32_t>(m.kind) * 100003u);
  }
  // The learned evaluation's inputs (games/trap/features.h, ai/net_eval.h).
  static constexpr std::string_view kFeatureSet = trap::kFeatureSet;
  static int num_features(const trap::State& s) { return trap::num_features(s.geo()); }
  static void features(const trap::State& s, int player, nn::FeatureList& out) {
    trap::features(s, player, out);
  }
};

}  // namespace arbiter::ai
