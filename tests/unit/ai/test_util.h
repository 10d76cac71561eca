// Helpers for the AI tests: hand-built positions of each game and a plain minimax reference.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "ai/game_ai.h"
#include "ai/search.h"
#include "core/params.h"
#include "games/trap/ai.h"
#include "games/travelers/ai.h"
#include "games/traverse/ai.h"

namespace arbiter::ai::test {

inline traverse::State traverse_position(const std::string& params, const std::string& text) {
  auto map = ParamMap::parse(params);
  auto p = traverse::parse_params(*map);
  EXPECT_TRUE(p.ok());
  auto s = traverse::State::parse_position(*p, text);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : traverse::State::start(*p);
}

inline travelers::State travelers_position(const std::string& text) {
  auto s = travelers::State::parse_position({}, text);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : travelers::State::start({});
}

inline trap::State trap_position(const std::string& params, const std::string& text) {
  auto map = ParamMap::parse(params);
  auto p = trap::parse_params(*map);
  EXPECT_TRUE(p.ok());
  auto s = trap::State::parse_position(*p, text);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : trap::State::start(*p);
}

// Plain minimax (paranoid with 3–4 players) over the same moves and evaluation as alpha-beta:
// the root player maximises, everyone else minimises.
template <class State>
int minimax(State& s, int depth, int ply, int root) {
  if (s.is_terminal()) return terminal_score(s, root, ply);
  if (depth == 0) return GameAi<State>::evaluate(s, root);
  typename GameAi<State>::MoveList list;
  GameAi<State>::search_moves(s, list);
  const bool maximise = s.to_move() == root;
  int best = maximise ? -kInfinity : kInfinity;
  for (const auto& m : list) {
    s.apply(m);
    const int v = minimax(s, depth - 1, ply + 1, root);
    s.undo();
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

}  // namespace arbiter::ai::test
