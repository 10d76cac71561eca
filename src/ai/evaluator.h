// Evaluator<State>: the evaluation a search calls, the game's hand evaluation
// (GameAi<State>::evaluate, or evaluate_with the weights its options carry: a weights file) or a
// learned one (net_eval.h) when its options carry a network.
// Each search object owns one (a NetEval keeps per-thread accumulators).
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "ai/game_ai.h"
#include "ai/net_eval.h"
#include "ai/weights.h"

namespace arbiter::ai {

// A game whose hand evaluation has tunable weights (ai/weights.h).
template <class State>
concept HasWeights = requires(const State& s, const typename GameAi<State>::Weights& w) {
  GameAi<State>::kWeightFields;
  GameAi<State>::evaluate_with(s, 0, w);
};

template <class State, bool = HasWeights<State>>
struct WeightsOf {
  struct type {};
};
template <class State>
struct WeightsOf<State, true> {
  using type = typename GameAi<State>::Weights;
};

// Which evaluation a search uses: no net is the hand evaluation.
struct EvalOptions {
  std::shared_ptr<const nn::Network> net;
  NetUnits units;
  // The hand evaluation's weights in the game's kWeightFields order (a weights file's); null for
  // the game's own.
  std::shared_ptr<const std::vector<int>> weights;
  bool operator==(const EvalOptions& o) const {
    return net == o.net && units.scale == o.units.scale && units.offset == o.units.offset &&
           weights == o.weights;
  }
};

template <class State>
class Evaluator {
 public:
  explicit Evaluator(const EvalOptions& o = {}) {
    if constexpr (HasNetFeatures<State>) {
      if (o.net) net_.emplace(o.net, o.units);
    }
    if constexpr (HasWeights<State>) {
      if (o.weights) {
        weights_ = with_weight_values(GameAi<State>::kWeights, GameAi<State>::kWeightFields,
                                      std::span<const int>(*o.weights));
      }
    }
  }
  int operator()(const State& s, int player) {
    if constexpr (HasNetFeatures<State>) {
      if (net_) return net_->evaluate(s, player);
    }
    if constexpr (HasWeights<State>) {
      if (weights_) return GameAi<State>::evaluate_with(s, player, *weights_);
    }
    return GameAi<State>::evaluate(s, player);
  }
  bool learned() const { return net_.has_value(); }

 private:
  std::optional<NetEval<State>> net_;
  std::optional<typename WeightsOf<State>::type> weights_;
};

}  // namespace arbiter::ai
