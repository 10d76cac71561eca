// The parameter sets the suites run for every game (conformance_test.cpp, research_test.cpp):
// each registered game's conformance cases (its descriptor's), their names in test output, and
// how much of each case a build plays.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "games/registry.h"

namespace arbiter::conformance {

struct Case {
  const Game* game;
  ConformanceCase spec;
  int index;  // among the game's cases
};

// Every registered game's cases, in the order of the game list.
inline std::vector<Case> all_cases() {
  std::vector<Case> out;
  for (const Game* game : all_games()) {
    int index = 0;
    for (const ConformanceCase& c : game->conformance_cases()) out.push_back({game, c, index++});
  }
  return out;
}

// gtest prints a case as its game and parameters, and names it GAME_INDEX.
inline void PrintTo(const Case& c, std::ostream* os) {
  *os << c.game->name() << " " << c.spec.params;
}
inline std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return std::string(info.param.game->name()) + "_" + std::to_string(info.param.index);
}

// Debug+sanitizer builds play a quarter of the games.
#ifdef NDEBUG
inline constexpr int kScale = 1;
#else
inline constexpr int kScale = 4;
#endif

// The case's start position; a failed expectation (and null) when its parameters do not start
// a game.
inline std::unique_ptr<GameState> start_state(const Case& c) {
  auto params = ParamMap::parse(c.spec.params);
  EXPECT_TRUE(params.ok());
  if (!params.ok()) return nullptr;
  auto state = c.game->new_state(*params);
  EXPECT_TRUE(state.ok()) << state.error();
  if (!state.ok()) return nullptr;
  return std::move(*state);
}

}  // namespace arbiter::conformance
