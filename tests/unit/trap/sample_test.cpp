// sample.cpp: sample_at() is a bijection from [0, count_moves()) onto the legal turns, on
// one-word fields (its own unranking) and larger ones (move_at()), so sample_move() is uniform
// over the distinct resulting positions (P7).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"

namespace arbiter::trap {
namespace {

// Every draw gives a distinct legal turn, and every legal turn is drawn.
void expect_bijection(const State& s) {
  const uint64_t n = s.count_moves();
  std::vector<std::string> drawn;
  for (uint64_t i = 0; i < n; ++i) drawn.push_back(s.move_text(s.sample_at(i)));
  std::sort(drawn.begin(), drawn.end());
  EXPECT_EQ(drawn, test::legal_texts(s)) << s.to_text();
}

// Positions along random playouts, while at most `max_turns` turns are legal.
void check_playouts(const std::string& params, int games, uint64_t seed, uint64_t max_turns) {
  const State start = State::start(test::params_of(params));
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    State s = start;
    Rng rng(seed + g);
    while (!s.is_terminal()) {
      if (s.count_moves() <= max_turns) {
        expect_bijection(s);
        if (::testing::Test::HasFailure()) return;
        ++checked;
      }
      s.apply(s.sample_move(rng));
    }
  }
  EXPECT_GT(checked, 10 * games);
  ::testing::Test::RecordProperty("positions", checked);
}

#ifdef NDEBUG
constexpr int kSampleGames = 20;
#else
constexpr int kSampleGames = 2;
#endif

TEST(TrapSample, SampleAtIsABijectionSize3) {
  check_playouts("size=3 walls=12 max_plies=120", kSampleGames, 10, 2000);
}
TEST(TrapSample, SampleAtIsABijectionSize4) {
  check_playouts("size=4 walls=6 max_plies=120", kSampleGames, 20, 2000);
}
TEST(TrapSample, SampleAtIsABijectionSize5) {
  check_playouts("size=5 walls=4 max_plies=200", kSampleGames, 30, 2000);
}
TEST(TrapSample, SampleAtIsABijectionLargeFields) {
  check_playouts("size=6 walls=2 max_plies=40", kSampleGames / 2, 40, 2000);
}

TEST(TrapSample, SampleMoveIsUniformWithoutWalls) {
  // Size 5, the pile empty: shifts and doubles only (the one-word unranking's own order).
  State s = State::start(test::params_of("size=5 walls=2"));
  Rng walk(3);
  while (s.pile() > 0 || s.count_moves() < 30) {
    ASSERT_FALSE(s.is_terminal());
    s.apply(s.sample_move(walk));
  }
  test::expect_uniform_sampling(s, 300, 5);
}

TEST(TrapSample, Select64FindsTheKthSetBit) {
  Rng rng(17);
  for (int t = 0; t < 2000; ++t) {
    const uint64_t x = rng.next() & rng.next();
    int k = 0;
    for (int i = 0; i < 64; ++i) {
      if ((x >> i) & 1U) {
        EXPECT_EQ(select64(x, k++), i) << x;
      }
    }
  }
  EXPECT_EQ(select64(~uint64_t{0}, 63), 63);
  EXPECT_EQ(select64(uint64_t{1} << 63, 0), 63);
}

}  // namespace
}  // namespace arbiter::trap
