// The learned evaluation over each game's concrete State: the accumulators updated by what
// changed equal accumulators summed afresh through random games of moves and undos; the
// features see every player's position alike (seat-relative); a search runs on the net.
#include "ai/net_eval.h"

#include <gtest/gtest.h>

#include "ai/alphabeta.h"
#include "core/params.h"
#include "core/rng.h"
#include "games/trap/ai.h"
#include "games/travelers/ai.h"
#include "games/traverse/ai.h"
#include "test_net.h"

namespace arbiter::ai {
namespace {

template <class State>
std::shared_ptr<const nn::Network> net_for(const State& s, uint64_t seed) {
  const int players = s.num_players();
  return std::make_shared<nn::Network>(nn::testing::random_network(
      "test", "", players, std::string(GameAi<State>::kFeatureSet), GameAi<State>::num_features(s),
      players == 2 ? 128 : 64, 32, seed));
}

// Random walks of moves and undos; after each step the incremental logits equal a refresh.
template <class State>
void check_incremental(State s, uint64_t seed) {
  NetEval<State> incremental(net_for(s, seed), {});
  NetEval<State> fresh(net_for(s, seed), {});
  Rng rng(seed);
  int depth = 0;
  std::array<float, 4> a{}, b{};
  for (int step = 0; step < 600; ++step) {
    typename State::MoveList moves;
    if (!s.is_terminal()) s.generate(moves);
    if (depth > 0 && (moves.empty() || rng.below(3) == 0)) {
      s.undo();
      --depth;
    } else if (!moves.empty()) {
      s.apply(moves[rng.below(moves.size())]);
      ++depth;
    } else {
      break;
    }
    incremental.logits(s, a.data());
    fresh.refresh_logits(s, b.data());
    ASSERT_EQ(incremental.raw(), fresh.raw()) << "step " << step;
    for (int p = 0; p < s.num_players(); ++p) {
      ASSERT_TRUE(std::equal(incremental.accumulator(p),
                             incremental.accumulator(p) + incremental.network().hidden,
                             fresh.accumulator(p)))
          << "player " << p << " step " << step;
    }
  }
}

traverse::Params traverse_params(const std::string& text) {
  return *traverse::parse_params(*ParamMap::parse(text));
}
trap::Params trap_params(const std::string& text) {
  return *trap::parse_params(*ParamMap::parse(text));
}

TEST(NetEvalTest, IncrementalEqualsRefreshTraverse) {
  check_incremental(traverse::State::start(traverse_params("")), 1);
  check_incremental(traverse::State::start(traverse_params("players=3")), 2);
  check_incremental(traverse::State::start(traverse_params("players=4 rules=expert")), 3);
}

TEST(NetEvalTest, IncrementalEqualsRefreshTravelers) {
  check_incremental(travelers::State::start({}), 4);
}

TEST(NetEvalTest, IncrementalEqualsRefreshTrap) {
  check_incremental(trap::State::start(trap_params("")), 5);
  check_incremental(trap::State::start(trap_params("size=3 walls=0")), 6);
}

// The start positions are symmetric: every player sees the same features of its own side.
template <class State>
void check_symmetric_start(const State& s) {
  nn::FeatureList first, other;
  GameAi<State>::features(s, 0, first);
  std::sort(first.begin(), first.end());
  for (int p = 1; p < s.num_players(); ++p) {
    GameAi<State>::features(s, p, other);
    std::sort(other.begin(), other.end());
    ASSERT_EQ(first.size(), other.size());
    EXPECT_TRUE(std::equal(first.begin(), first.end(), other.begin())) << "player " << p;
  }
}

TEST(NetEvalTest, FeaturesAreSeatRelative) {
  check_symmetric_start(traverse::State::start(traverse_params("")));
  check_symmetric_start(traverse::State::start(traverse_params("players=4")));
  check_symmetric_start(travelers::State::start({}));
  check_symmetric_start(trap::State::start(trap_params("")));
}

TEST(NetEvalTest, FeaturesStayBelowTheirCount) {
  const auto s = trap::State::start(trap_params("size=8 walls=0"));
  nn::FeatureList f;
  GameAi<trap::State>::features(s, 1, f);
  for (uint16_t i : f) EXPECT_LT(i, GameAi<trap::State>::num_features(s));
}

TEST(NetEvalTest, TrapFeaturesComeSorted) {
  auto s = trap::State::start(trap_params(""));
  Rng rng(11);
  nn::FeatureList f;
  for (int ply = 0; ply < 80 && !s.is_terminal(); ++ply) {
    s.apply(s.sample_move(rng));
    for (int p = 0; p < 2; ++p) {
      GameAi<trap::State>::features(s, p, f);
      ASSERT_TRUE(std::is_sorted(f.begin(), f.end())) << "ply " << ply << " player " << p;
    }
  }
}

TEST(NetEvalTest, AlphaBetaSearchesOnTheNet) {
  auto s = travelers::State::start({});
  AlphaBetaOptions o;
  o.eval.net = net_for(s, 9);
  AlphaBeta<travelers::State> search(o);
  SearchLimits limits;
  limits.depth = 3;
  const auto a = search.search(s, limits);
  AlphaBeta<travelers::State> again(o);
  const auto b = again.search(s, limits);
  ASSERT_TRUE(a.has_move);
  EXPECT_EQ(a.nodes, b.nodes);  // deterministic
  EXPECT_EQ(a.score, b.score);
  AlphaBeta<travelers::State> classic;
  EXPECT_NE(classic.search(s, limits).score, a.score);  // a different evaluation ran
}

}  // namespace
}  // namespace arbiter::ai
