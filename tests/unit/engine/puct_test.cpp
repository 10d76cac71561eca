// PUCT search (engine/puct.h) on games with known answers: Nim 1/3/5, whose only winning move
// c3 is two decisions (heap c, take 3), each of which must get its own visits; determinism,
// batching, tree reuse, root noise, temperature and evaluator errors.
#include "engine/puct.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <string>

#include "core/text.h"
#include "engine/puct_evaluators.h"
#include "games/registry.h"

namespace arbiter::engine {
namespace {

std::unique_ptr<GameState> position(const char* game, const char* params, const char* moves) {
  const Game* g = find_game(game);
  EXPECT_NE(g, nullptr);
  auto state = g->new_state(*ParamMap::parse(std::string_view(params)));
  EXPECT_TRUE(state.ok()) << state.error();
  for (auto m : split(moves)) EXPECT_TRUE((*state)->apply(m).ok()) << m;
  return std::move(*state);
}

// Nim's exact value for the player deciding: a position between moves is won when its nim-sum
// is not zero; mid-move, the best of the decisions open.
double nim_value(const GameState& s) {
  if (s.decisions_pending() == 0) {
    const std::string text = s.to_text();                      // "1/3/5 first"
    const std::string heaps = text.substr(0, text.find(' '));  // outlives the views split() gives
    int sum = 0;
    for (auto heap : split(heaps, "/")) sum ^= std::stoi(std::string(heap));
    return sum != 0 ? 1 : -1;
  }
  double best = -1;
  for (const int a : s.legal_actions_view()) {
    auto c = s.clone();
    EXPECT_TRUE(c->apply_action(a).ok());
    const double v = c->is_terminal()              ? 1  // took the last counter
                     : c->to_move() != s.to_move() ? -nim_value(*c)
                                                   : nim_value(*c);
    best = std::max(best, v);
  }
  return best;
}

// Uniform priors; values exact (Nim's), or all zero, or broken on purpose.
class TestEvaluator final : public LeafEvaluator {
 public:
  enum Mode { kExact, kZero, kNan };
  explicit TestEvaluator(Mode mode) : mode_(mode) {}
  int calls = 0;
  std::size_t largest = 0;
  Status evaluate(std::span<const GameState* const> leaves, std::span<float> priors,
                  std::span<float> values) override {
    ++calls;
    largest = std::max(largest, leaves.size());
    const std::size_t A = priors.size() / leaves.size(), P = values.size() / leaves.size();
    for (std::size_t i = 0; i < leaves.size(); ++i) {
      for (const int a : leaves[i]->legal_actions_view()) priors[i * A + a] = 1;
      const double v = mode_ == kExact ? nim_value(*leaves[i]) : mode_ == kNan ? NAN : 0;
      values[i * P] = static_cast<float>(v);
      values[i * P + 1] = static_cast<float>(-v);
    }
    return {};
  }

 private:
  Mode mode_;
};

PuctOptions options(int playouts, int batch = 1) {
  PuctOptions o;
  o.playouts = playouts;
  o.batch = batch;
  o.temperature = 0;
  return o;
}

constexpr int kHeapC = 2;  // Nim's ids with 3 heaps: heap a..c are 0..2, take k is 3 + k - 1
constexpr int kTake3 = 5;

TEST(Puct, EveryDecisionOfNimsWinningMoveGetsTheMostVisits) {
  auto s = position("nim", "", "");
  for (auto mode : {TestEvaluator::kExact, TestEvaluator::kZero}) {
    TestEvaluator eval(mode);
    PuctTree tree(s->action_space().num_actions, 2, 1);
    auto r = puct_search(tree, *s, eval, options(mode == TestEvaluator::kExact ? 400 : 6000));
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->action, kHeapC) << mode;
    EXPECT_EQ(r->line, (std::vector<int>{kHeapC, kTake3})) << mode;
    EXPECT_EQ(r->move, "c3") << mode;
    EXPECT_FLOAT_EQ(r->policy[kHeapC], 1.0f);
    // The first player wins; the root's mean counts the exploration of losing decisions.
    EXPECT_GT(r->values[0], mode == TestEvaluator::kExact ? 0.5 : 0.0) << mode;
    EXPECT_NEAR(r->values[0], -r->values[1], 1e-6);

    // The second decision, searched on its own while the move is in progress.
    auto mid = s->clone();
    ASSERT_TRUE(mid->apply_action(kHeapC).ok());
    auto r2 = puct_search(tree, *mid, eval, options(mode == TestEvaluator::kExact ? 200 : 3000));
    ASSERT_TRUE(r2.ok()) << r2.error();
    EXPECT_TRUE(r2->reused);
    EXPECT_EQ(r2->action, kTake3) << mode;
    EXPECT_EQ(r2->move, "c3");
  }
}

TEST(Puct, VisitsCountPlayoutsAndPolicyFollowsTemperature) {
  auto s = position("nim", "", "");
  TestEvaluator eval(TestEvaluator::kExact);
  PuctTree tree(s->action_space().num_actions, 2, 7);
  PuctOptions o = options(300);
  o.temperature = 1;
  o.reuse = false;
  auto r = puct_search(tree, *s, eval, o);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->playouts, 300u);
  EXPECT_EQ(r->root_visits, 300u);
  const int64_t children = std::accumulate(r->visits.begin(), r->visits.end(), int64_t{0});
  EXPECT_EQ(children, 299);  // the first playout evaluates the root itself
  double sum = 0;
  for (std::size_t a = 0; a < r->policy.size(); ++a) {
    sum += r->policy[a];
    EXPECT_NEAR(r->policy[a], static_cast<double>(r->visits[a]) / children, 1e-6) << a;
  }
  EXPECT_NEAR(sum, 1, 1e-6);
  o.temperature = 0.5;  // visits squared, normalised
  r = puct_search(tree, *s, eval, o);
  ASSERT_TRUE(r.ok());
  double squares = 0;
  for (auto v : r->visits) squares += static_cast<double>(v) * v;
  for (std::size_t a = 0; a < r->policy.size(); ++a) {
    EXPECT_NEAR(r->policy[a], r->visits[a] * r->visits[a] / squares, 1e-5);
  }
}

TEST(Puct, SameSeedSameSearchAndNoiseDependsOnTheSeed) {
  auto s = position("traverse", "", "");
  auto eval = StaticEvaluator::make(*s, ai::Recipe{});
  ASSERT_TRUE(eval.ok()) << eval.error();
  auto run = [&](uint64_t seed, int batch) {
    PuctTree tree(s->action_space().num_actions, 2, seed);
    PuctOptions o = options(200, batch);
    o.noise_fraction = 0.25;
    o.temperature = 1;
    auto r = puct_search(tree, *s, **eval, o);
    EXPECT_TRUE(r.ok()) << r.error();
    return *r;
  };
  const PuctResult a = run(3, 1), b = run(3, 1), c = run(4, 1);
  EXPECT_EQ(a.visits, b.visits);
  EXPECT_EQ(a.action, b.action);
  EXPECT_NE(a.visits, c.visits);
  const PuctResult d = run(3, 8), e = run(3, 8);
  EXPECT_EQ(d.visits, e.visits);
  EXPECT_EQ(d.playouts, 200u);
}

TEST(Puct, BatchesGatherSeveralLeavesPerEvaluatorCall) {
  auto s = position("nim", "", "");
  TestEvaluator one(TestEvaluator::kExact), eight(TestEvaluator::kExact);
  PuctTree t1(s->action_space().num_actions, 2, 1), t8(s->action_space().num_actions, 2, 1);
  auto r1 = puct_search(t1, *s, one, options(400, 1));
  auto r8 = puct_search(t8, *s, eight, options(400, 8));
  ASSERT_TRUE(r1.ok() && r8.ok());
  EXPECT_EQ(one.largest, 1u);
  EXPECT_EQ(eight.largest, 8u);
  EXPECT_LT(eight.calls * 3, one.calls);
  EXPECT_EQ(r1->move, "c3");
  EXPECT_EQ(r8->move, "c3");
}

TEST(Puct, TreeReuseKeepsTheSubtreeOfTheNewPosition) {
  auto s = position("nim", "", "");
  TestEvaluator eval(TestEvaluator::kExact);
  PuctTree tree(s->action_space().num_actions, 2, 1);
  auto r = puct_search(tree, *s, eval, options(500));
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE(s->apply("c3").ok());  // both decisions, by text: the same position
  auto r2 = puct_search(tree, *s, eval, options(100));
  ASSERT_TRUE(r2.ok());
  EXPECT_TRUE(r2->reused);
  EXPECT_GT(r2->root_visits, 100u);
  EXPECT_EQ(r2->playouts, 100u);
  PuctOptions fresh = options(100);
  fresh.reuse = false;
  auto r3 = puct_search(tree, *s, eval, fresh);
  ASSERT_TRUE(r3.ok());
  EXPECT_FALSE(r3->reused);
  EXPECT_EQ(r3->root_visits, 100u);
}

TEST(Puct, AnEvaluatorErrorLeavesTheTreeUsable) {
  auto s = position("nim", "", "");
  PuctTree tree(s->action_space().num_actions, 2, 1);
  TestEvaluator good(TestEvaluator::kExact), bad(TestEvaluator::kNan);
  ASSERT_TRUE(puct_search(tree, *s, good, options(50)).ok());
  auto r = puct_search(tree, *s, bad, options(50));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("values[0][0] is not a finite number"), std::string::npos) << r.error();
  auto again = puct_search(tree, *s, good, options(50));
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_TRUE(again->reused);
  EXPECT_EQ(again->root_visits, 100u);  // the first search's 50 and these 50
}

TEST(Puct, OptionsAndPositionsAreChecked) {
  PuctOptions o;
  o.playouts = 0;
  EXPECT_FALSE(check_options(o).ok());
  o = {};
  o.noise_fraction = 1.5;
  EXPECT_EQ(check_options(o).error(), "noise_fraction must be in 0..1");
  o = {};
  o.temperature = NAN;
  EXPECT_FALSE(check_options(o).ok());
  auto over = position("nim", "", "c5 b3 a1");
  ASSERT_TRUE(over->is_terminal());
  TestEvaluator eval(TestEvaluator::kZero);
  PuctTree tree(over->action_space().num_actions, 2, 1);
  auto r = puct_search(tree, *over, eval, options(10));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("the game is over"), std::string::npos);
}

// Four players: one value each, from the hand evaluation, seat-relative outputs put back in
// turn order.
TEST(Puct, FourPlayerTraverseGetsAValuePerPlayer) {
  auto s = position("traverse", "players=4", "");
  auto eval = StaticEvaluator::make(*s, ai::Recipe{});
  ASSERT_TRUE(eval.ok()) << eval.error();
  PuctTree tree(s->action_space().num_actions, 4, 1);
  auto r = puct_search(tree, *s, **eval, options(64, 4));
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->values.size(), 4u);
  for (double v : r->values) EXPECT_TRUE(v >= -1 && v <= 1);
  EXPECT_GE(r->action, 0);
  EXPECT_EQ(r->visits[static_cast<std::size_t>(r->action)],
            *std::max_element(r->visits.begin(), r->visits.end()));
}

}  // namespace
}  // namespace arbiter::engine
