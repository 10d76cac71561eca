// Helpers shared by the Trap unit tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/params.h"
#include "games/trap/state.h"

namespace arbiter::trap::test {

inline Params params_of(const std::string& text) {
  auto map = ParamMap::parse(text);
  EXPECT_TRUE(map.ok());
  auto p = parse_params(*map);
  EXPECT_TRUE(p.ok()) << p.error();
  return *p;
}

// A position from position text; fails the test on a parse error.
inline State position(const std::string& text, const std::string& params = "") {
  auto s = State::parse(params_of(params), text);
  EXPECT_TRUE(s.ok()) << s.error() << "\n" << text;
  return s.ok() ? *s : State(params_of(params));
}

inline std::vector<std::string> legal_texts(const State& s) {
  State::MoveList moves;
  s.generate(moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(s.move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool is_legal(const State& s, const std::string& text) {
  const auto all = legal_texts(s);
  return std::find(all.begin(), all.end(), text) != all.end();
}

// Plays a turn given as text; fails the test when it does not parse.
inline void play(State& s, const std::string& text) {
  auto m = s.parse_move(text);
  ASSERT_TRUE(m.ok()) << m.error() << "\n" << s.to_text();
  s.apply(*m);
}

// The error message of a turn that must be rejected ("" when it was accepted).
inline std::string rejection(const State& s, const std::string& text) {
  auto m = s.parse_move(text);
  return m.ok() ? std::string() : m.error();
}

}  // namespace arbiter::trap::test
