// GameAi<State>: what the searches need to know about a game beyond its rules. One
// specialisation per game (games/traverse/ai.h, games/travelers/ai.h, games/trap/ai.h); the
// searches are templates over the concrete State and call these statically, so no virtual call sits
// in a hot loop.
//
//   template <> struct GameAi<S> {
//     using Move = ...; using MoveList = ...;
//     // The moves a search considers: every legal move, or a documented subset (never empty
//     // while the game runs; always legal).
//     static void search_moves(const S&, MoveList&);
//     // Heuristic value of a running position for `player` (positive: good for it), well inside
//     // ±kWinBound. The searches ask it for the side they play for (the root player). It need
//     // not be zero-sum: Trap's evaluation counts some terms for that side only (games/trap/ai.h);
//     // MCTS with two players takes player 0's value and its complement.
//     static int evaluate(const S&, int player);
//     static bool is_noisy(const S&, const Move&);   // quiescence search extends these
//     static int move_hint(const S&, const Move&);   // cheap ordering hint, larger = try first
//     static uint32_t move_key(const Move&);         // history-table index (any 32 bits)
//     static constexpr int kAspiration;              // half-width of the aspiration window
//     static constexpr Reductions kReductions;       // late-move reductions (below)
//   };
#pragma once

#include <cstdint>

namespace arbiter::ai {

template <class State>
struct GameAi;

// Late-move reductions in alpha-beta (alphabeta_search.h): at a remaining depth of at least
// `min_depth`, a move from the `from_move`-th on (0-based, in search order) that is not the
// transposition-table move, a killer or forcing is searched one ply shallower, two from the
// `deep_from_move`-th on; one that still beats alpha is searched again at full depth.
struct Reductions {
  int min_depth = 3;
  int from_move = 3;
  int deep_from_move = 12;
};

// The score of a finished game for `player`, `ply` plies from the root: a quicker win is better.
template <class State>
int terminal_score(const State& s, int player, int ply) {
  const double r = s.returns()[player];
  if (r > 0) return 1'000'000 - ply;
  if (r < 0) return -1'000'000 + ply;
  return 0;
}

}  // namespace arbiter::ai
