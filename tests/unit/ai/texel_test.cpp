// Texel tuning (engine/texel.h) finds weights it can know: positions labelled by the win model of
// the evaluation with one weight changed lead the tuner from the game's weights toward that one,
// and the held-out positions' loss falls with it.
#include "engine/texel.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/params.h"
#include "core/rng.h"
#include "games/traverse/ai.h"

namespace arbiter::engine {
namespace {

using traverse::State;
using Ai = ai::GameAi<State>;

TEST(Texel, TuningMovesAWeightTowardTheOneThatLabelledTheData) {
  ai::TraverseWeights truth = ai::kTraverseWeights;
  truth.blocked = 300;  // the game's is 100
  const WinModel model{2, 0.004, 0};
  std::vector<TuneSample<State>> samples;
  Rng rng(7);
  const auto params = *traverse::parse_params(*ParamMap::parse(""));
  for (int game = 0; game < 60; ++game) {
    State s = State::start(params);
    for (int ply = 0; ply < 60 && !s.is_terminal(); ++ply) {
      State::MoveList moves;
      s.generate(moves);
      s.apply(moves[rng.below(moves.size())]);
      const int mover = s.is_terminal() ? 0 : s.to_move();
      const double z = model.scale * ai::traverse_evaluate(s, mover, truth);
      samples.push_back({s, mover, static_cast<float>(1 / (1 + std::exp(-z))), game % 5 == 0});
    }
  }
  TuneOptions o;
  o.passes = 20;
  const TuneReport r = texel_tune(
      samples, ai::kTraverseWeights, Ai::kWeightFields, model,
      [](const State& s, int p, const ai::TraverseWeights& w) {
        return Ai::evaluate_with(s, p, w);
      },
      o);
  std::size_t blocked = 0;
  while (r.names[blocked] != "blocked") ++blocked;
  EXPECT_EQ(r.before[blocked], 100);
  EXPECT_GT(r.after[blocked], 200) << "blocked tuned to " << r.after[blocked];
  EXPECT_LT(r.train_after, r.train_before);
  EXPECT_LT(r.val_after, r.val_before);
  EXPECT_GT(r.val_positions, 0u);
  EXPECT_GT(r.train_positions, r.val_positions);
}

}  // namespace
}  // namespace arbiter::engine
