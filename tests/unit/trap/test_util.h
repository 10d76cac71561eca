// Helpers shared by the Trap unit tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/rng.h"
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
  auto s = State::parse_position(params_of(params), text);
  EXPECT_TRUE(s.ok()) << s.error() << "\n" << text;
  return s.ok() ? *s : State::start(params_of(params));
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

// Draws `per` times as many turns as `s` has with sample_move and checks them against the
// uniform distribution over the legal turns (chi-square within 6 standard deviations).
inline void expect_uniform_sampling(const State& s, int per, uint64_t seed) {
  const uint64_t n = s.count_moves();
  std::map<std::string, int> hits;
  for (const auto& t : legal_texts(s)) hits[t] = 0;
  Rng rng(seed);
  for (uint64_t i = 0; i < n * per; ++i) {
    const auto text = s.move_text(s.sample_move(rng));
    ASSERT_TRUE(hits.count(text)) << text;
    ++hits[text];
  }
  double chi2 = 0;
  for (const auto& [t, h] : hits) chi2 += (h - per) * (h - per) / static_cast<double>(per);
  const double df = static_cast<double>(n - 1);
  EXPECT_LT(chi2, df + 6 * std::sqrt(2 * df)) << "n=" << n << " in " << s.to_text();
}

}  // namespace arbiter::trap::test
