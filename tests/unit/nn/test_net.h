// A random network of a given shape, for the inference and evaluator tests.
#pragma once

#include <string>

#include "core/rng.h"
#include "nn/network.h"

namespace arbiter::nn::testing {

inline Network random_network(const std::string& game, const std::string& params, int players,
                              const std::string& feature_set, int num_features, int hidden,
                              int dense, uint64_t seed) {
  Network n;
  n.info = {game, params, players, feature_set, "test", "{}"};
  n.num_features = num_features;
  n.hidden = hidden;
  n.dense = dense;
  n.outputs = players;
  Rng rng(seed);
  auto small = [&](int span) { return static_cast<int>(rng.below(2 * span + 1)) - span; };
  n.w0.resize(static_cast<std::size_t>(num_features) * hidden);
  for (auto& w : n.w0) w = static_cast<int16_t>(small(40));
  n.b0.resize(hidden);
  for (auto& b : n.b0) b = static_cast<int16_t>(small(60) + 30);
  n.w1.resize(static_cast<std::size_t>(dense) * players * hidden);
  for (auto& w : n.w1) w = static_cast<int8_t>(small(127));
  n.b1.resize(dense);
  for (auto& b : n.b1) b = small(20000);
  n.w2.resize(static_cast<std::size_t>(players) * dense);
  for (auto& w : n.w2) w = static_cast<int8_t>(small(127));
  n.b2.resize(players);
  for (auto& b : n.b2) b = small(2000);
  return n;
}

}  // namespace arbiter::nn::testing
