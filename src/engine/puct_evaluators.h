// The built-in evaluators of PUCT search (puct.h): a game's own static evaluation, the hand one
// or a learned net (as a player recipe names it, ai/levels.h), for the values, with uniform
// priors (no shipped net has a policy head). A score s on the search's scale is the value
// tanh(s / 600), as arbiter.search() reports alpha-beta's values (300 evaluation units per
// logistic unit, stretched to [−1, 1]).
#pragma once

#include <memory>

#include "ai/levels.h"
#include "engine/puct.h"
#include "engine/searcher.h"

namespace arbiter::engine {

class StaticEvaluator final : public LeafEvaluator {
 public:
  // The evaluator of `recipe`'s evaluation for positions like `sample`; an error when the
  // evaluation does not exist for them (no net for this game, player count or parameters).
  static Result<std::unique_ptr<StaticEvaluator>> make(const GameState& sample,
                                                       const ai::Recipe& recipe);
  Status evaluate(std::span<const GameState* const> leaves, std::span<float> priors,
                  std::span<float> values) override;

 private:
  StaticEvaluator(std::unique_ptr<Searcher> searcher, ai::Recipe recipe)
      : searcher_(std::move(searcher)), recipe_(std::move(recipe)) {}
  std::unique_ptr<Searcher> searcher_;
  ai::Recipe recipe_;
};

}  // namespace arbiter::engine
