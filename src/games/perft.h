// Perft over a concrete State: leaf positions of the legal-move tree, with bulk counting at
// the last ply (count_moves() instead of generating and applying each move).
#pragma once

#include <cstdint>
#include <vector>

namespace arbiter {

template <class State>
uint64_t perft_recursive(State& s, int depth, std::vector<typename State::MoveList>& lists) {
  if (depth == 0) return 1;
  if (depth == 1) return s.count_moves();
  auto& moves = lists[depth];
  s.generate(moves);
  uint64_t nodes = 0;
  for (const auto& m : moves) {
    s.apply(m);
    nodes += perft_recursive(s, depth - 1, lists);
    s.undo();
  }
  return nodes;
}

template <class State>
uint64_t perft(State& s, int depth) {
  std::vector<typename State::MoveList> lists(depth + 1);
  return perft_recursive(s, depth, lists);
}

}  // namespace arbiter
