// GameAi for Nim (ai/game_ai.h): every move searched; the evaluation is the nim-sum rule (a
// position with a nonzero nim-sum is won for the player to move in normal play).
#pragma once

#include "ai/game_ai.h"
#include "games/nim/state.h"

namespace arbiter::ai {

template <>
struct GameAi<nim::State> {
  using Move = nim::Move;
  using MoveList = nim::State::MoveList;
  static constexpr int kAspiration = 50;
  static constexpr Reductions kReductions{};
  static constexpr bool kQuiescence = false;

  static void search_moves(const nim::State& s, MoveList& out) { s.generate(out); }
  static int evaluate(const nim::State& s, int player) {
    int sum = 0;
    for (int h = 0; h < s.heaps(); ++h) sum ^= s.heap(h);
    return (sum != 0) == (player == s.to_move()) ? 100 : -100;
  }
  static bool is_noisy(const nim::State&, const Move&) { return false; }
  static int move_hint(const nim::State&, const Move& m) { return m.take; }
  static uint32_t move_key(const Move& m) { return m.heap * 16u + m.take; }
};

}  // namespace arbiter::ai
