#include "engine/puct_evaluators.h"

#include <cmath>

#include "engine/game_module.h"

namespace arbiter::engine {

Result<std::unique_ptr<StaticEvaluator>> StaticEvaluator::make(const GameState& sample,
                                                               const ai::Recipe& recipe) {
  auto searcher = make_searcher(sample.game());
  if (auto ok = searcher->set_position(sample); !ok) return make_error(ok.error());
  if (auto ok = searcher->prepare(recipe); !ok) return make_error(ok.error());
  return std::unique_ptr<StaticEvaluator>(new StaticEvaluator(std::move(searcher), recipe));
}

Status StaticEvaluator::evaluate(std::span<const GameState* const> leaves, std::span<float> priors,
                                 std::span<float> values) {
  if (leaves.empty()) return {};
  const std::size_t A = priors.size() / leaves.size(), P = values.size() / leaves.size();
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    const GameState& s = *leaves[i];
    for (const int a : s.legal_actions_view()) priors[i * A + static_cast<std::size_t>(a)] = 1;
    if (auto ok = searcher_->set_position(s); !ok) return ok;
    auto e = searcher_->evaluate(recipe_);
    if (!e) return make_error(e.error());
    const std::size_t mover = static_cast<std::size_t>(s.to_move());
    for (std::size_t k = 0; k < P && k < e->scores.size(); ++k) {
      constexpr double kScale = 600;
      values[i * P + k] = static_cast<float>(std::tanh(e->scores[(mover + k) % P] / kScale));
    }
  }
  return {};
}

}  // namespace arbiter::engine
