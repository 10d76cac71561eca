// The hand evaluations' weights as a file (ai/weights.h): every game's weights written out read
// back as they were, an evaluator given them evaluates as the game's own, other weights change
// the evaluation, and a malformed file is refused naming its line.
#include <gtest/gtest.h>

#include "ai/evaluator.h"
#include "games/trap/ai.h"
#include "games/travelers/ai.h"
#include "games/traverse/ai.h"
#include "test_util.h"

namespace arbiter::ai {
namespace {

template <class State>
void round_trips() {
  using Ai = GameAi<State>;
  const std::string text = weights_text(Ai::kWeights, Ai::kWeightFields);
  auto named = parse_weights(text, "w");
  ASSERT_TRUE(named.ok()) << named.error();
  EXPECT_EQ(named->size(), Ai::kWeightFields.size());
  auto back = weights_from(typename Ai::Weights{}, Ai::kWeightFields, *named, "w");
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(weight_values(*back, Ai::kWeightFields),
            weight_values(Ai::kWeights, Ai::kWeightFields));
}

TEST(Weights, EveryGamesWeightsRoundTripThroughTheFile) {
  round_trips<traverse::State>();
  round_trips<travelers::State>();
  round_trips<trap::State>();
}

TEST(Weights, TheGamesOwnWeightsEvaluateAsTheGameDoes) {
  const auto s = traverse::State::start(*traverse::parse_params(*ParamMap::parse("")));
  using Ai = GameAi<traverse::State>;
  EvalOptions own;
  own.weights =
      std::make_shared<const std::vector<int>>(weight_values(Ai::kWeights, Ai::kWeightFields));
  Evaluator<traverse::State> with_file(own), plain;
  for (int p = 0; p < 2; ++p) EXPECT_EQ(with_file(s, p), plain(s, p));

  // A tempo 10 higher: the mover's score is 10 higher.
  auto values = weight_values(Ai::kWeights, Ai::kWeightFields);
  for (std::size_t i = 0; i < Ai::kWeightFields.size(); ++i) {
    if (Ai::kWeightFields[i].name == "tempo") values[i] += 10;
  }
  EvalOptions more_tempo;
  more_tempo.weights = std::make_shared<const std::vector<int>>(values);
  Evaluator<traverse::State> tempo(more_tempo);
  EXPECT_EQ(tempo(s, s.to_move()) - plain(s, s.to_move()), 10);
}

TEST(Weights, AMalformedFileIsRefusedNamingItsLine) {
  auto error_of = [](std::string_view text) {
    auto r = parse_weights(text, "f.weights");
    return r.ok() ? std::string("ok") : r.error();
  };
  EXPECT_EQ(error_of("# a comment\n\ndistance 90  # rows\nhome 50\n"), "ok");
  EXPECT_EQ(error_of("distance\n"), "f.weights:1: expected 'name value', got 'distance'");
  EXPECT_NE(error_of("distance 9x\n").find("f.weights:1: "), std::string::npos);
  EXPECT_EQ(error_of("home 1\n\nhome 2\n"),
            "f.weights:3: weight 'home' set again (first on line 1)");
  EXPECT_NE(error_of("home 99999999999\n").find("f.weights:1: "), std::string::npos);

  using Ai = GameAi<trap::State>;
  auto named = parse_weights("region 3\nspeed 4\n", "f.weights");
  ASSERT_TRUE(named.ok());
  auto w = weights_from(Ai::kWeights, Ai::kWeightFields, *named, "f.weights");
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.error().rfind("f.weights:2: unknown weight 'speed' (known: trapped1, ", 0), 0u)
      << w.error();
}

}  // namespace
}  // namespace arbiter::ai
