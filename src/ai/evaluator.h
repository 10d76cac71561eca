// Evaluator<State>: the evaluation a search calls, the game's hand evaluation
// (GameAi<State>::evaluate) or a learned one (net_eval.h) when its options carry a network.
// Each search object owns one (a NetEval keeps per-thread accumulators).
#pragma once

#include <memory>
#include <optional>

#include "ai/game_ai.h"
#include "ai/net_eval.h"

namespace arbiter::ai {

// Which evaluation a search uses: no net is the hand evaluation.
struct EvalOptions {
  std::shared_ptr<const nn::Network> net;
  NetUnits units;
  bool operator==(const EvalOptions& o) const {
    return net == o.net && units.scale == o.units.scale && units.offset == o.units.offset;
  }
};

template <class State>
class Evaluator {
 public:
  explicit Evaluator(const EvalOptions& o = {}) {
    if constexpr (HasNetFeatures<State>) {
      if (o.net) net_.emplace(o.net, o.units);
    }
  }
  int operator()(const State& s, int player) {
    if constexpr (HasNetFeatures<State>) {
      if (net_) return net_->evaluate(s, player);
    }
    return GameAi<State>::evaluate(s, player);
  }
  bool learned() const { return net_.has_value(); }

 private:
  std::optional<NetEval<State>> net_;
};

}  // namespace arbiter::ai
