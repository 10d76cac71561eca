// AlphaBeta's move ordering (included by alphabeta.h): the TT move, forcing moves, killers,
// then history plus the game's hint.
#pragma once

#include <algorithm>

namespace arbiter::ai {

// Scores every move of `list` into order_[ply]: the TT move, then forcing moves, killers, and
// the rest by history plus the game's hint.
template <class State>
void AlphaBeta<State>::order_moves(const MoveList& list, int ply, int team, const Move* tt_move) {
  auto& order = order_[ply];
  order.clear();
  const auto& history = history_[team < 0 ? 1 : team & 1];
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[i];
    int score;
    if (tt_move && m == *tt_move) {
      score = 1 << 30;
    } else if (Ai::is_noisy(*s_, m)) {
      score = (1 << 29) + Ai::move_hint(*s_, m);
    } else if (has_killer_[ply][0] && m == killers_[ply][0]) {
      score = (1 << 28) + 1;
    } else if (has_killer_[ply][1] && m == killers_[ply][1]) {
      score = 1 << 28;
    } else {
      score = history[Ai::move_key(m) & (kHistorySize - 1)] + Ai::move_hint(*s_, m) * 256;
      score = std::min(score, (1 << 28) - 1);
    }
    order.emplace_back(score, static_cast<uint32_t>(i));
  }
}

// The index (into the move list) of the i-th move to try: selection for the first few, then
// one sort of the rest (most nodes cut off early; all-nodes pay one sort).
template <class State>
int AlphaBeta<State>::next_move(int ply, std::size_t i) {
  auto& order = order_[ply];
  const auto better = [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  };
  constexpr std::size_t kSelect = 6;
  if (i < kSelect) {
    auto best = std::min_element(order.begin() + i, order.end(), better);
    std::swap(order[i], *best);
  } else if (i == kSelect) {
    std::sort(order.begin() + i, order.end(), better);
  }
  return static_cast<int>(order[i].second);
}

}  // namespace arbiter::ai
