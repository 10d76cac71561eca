// Texel tuning of a hand evaluation (`arbiter tune`, docs/ai.md "Tuning the hand evaluations"):
// the weights (ai/weights.h) that best predict the results of self-play games from their
// positions. Each position's predicted result is the game's win model (win_probability.h) of
// the evaluation for the player to move, its scale first fitted to the starting weights (K, as
// Texel's method fits it: so the weights keep the units the search's margins are written in);
// the loss is the binary cross-entropy against `mix` · the search's value + (1 − `mix`) · the
// game's result for that player. A local search steps one weight at a time (by an eighth of its
// size, at least 1, halving when neither way helps) and keeps a step that lowers the training
// loss, until a pass changes nothing with every step at 1, or `passes` are done. Games whose index
// falls in the held-out share (by the same hash as scripts/nets/train.py) are only measured, so a
// gain that is overfitting shows.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "ai/weights.h"
#include "games/descriptor_types.h"

namespace arbiter::engine {

struct TuneOptions {
  int passes = 8;
  double val = 0.1;                             // share of games held out
  double mix = 0.0;                             // share of the search's value in the label
  std::function<void(const std::string&)> log;  // a line per pass; may be empty
};

struct TuneReport {
  std::vector<std::string> names;
  std::vector<int> before, after;
  double k = 1;  // the win model's scale is multiplied by this
  double train_before = 0, train_after = 0, val_before = 0, val_after = 0;
  std::size_t train_positions = 0, val_positions = 0;
};

// One position of a game: its state, the player to move and its label.
template <class State>
struct TuneSample {
  State state;
  int mover = 0;
  float label = 0.5f;
  bool held_out = false;
};

// Whether game `index` is held out, as train.py splits (a game's positions stay together).
inline bool held_out_game(uint32_t index, double share) {
  return (static_cast<uint64_t>(index) * 2654435761u) % 1000 < share * 1000;
}

template <class State, class Evaluate, class W, std::size_t N>
TuneReport texel_tune(const std::vector<TuneSample<State>>& samples, W start,
                      const std::array<ai::WeightField<W>, N>& fields, const WinModel& model,
                      Evaluate evaluate, const TuneOptions& o) {
  double k = 1;
  auto loss = [&](const W& w, bool held) {
    double total = 0;
    std::size_t n = 0;
    for (const TuneSample<State>& s : samples) {
      if (s.held_out != held) continue;
      const double z = k * model.scale * evaluate(s.state, s.mover, w) + model.offset;
      // log(sigmoid(z)) and log(1 - sigmoid(z)), stable for large |z|.
      const double log_p = -std::log1p(std::exp(-std::abs(z))) + std::min(z, 0.0);
      const double log_q = log_p - z;
      total -= s.label * log_p + (1 - s.label) * log_q;
      ++n;
    }
    return n ? total / static_cast<double>(n) : 0.0;
  };
  TuneReport r;
  for (const auto& f : fields) r.names.emplace_back(f.name);
  for (const auto& s : samples) ++(s.held_out ? r.val_positions : r.train_positions);
  W w = start;
  std::vector<int> values = ai::weight_values(w, fields);
  r.before = values;
  // K by golden-section search on log K in [1/64, 4].
  {
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double lo = std::log(1.0 / 64), hi = std::log(4.0);
    auto at = [&](double log_k) {
      k = std::exp(log_k);
      return loss(w, false);
    };
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = at(a), fb = at(b);
    for (int i = 0; i < 40; ++i) {
      if (fa < fb) {
        hi = b, b = a, fb = fa, a = hi - phi * (hi - lo), fa = at(a);
      } else {
        lo = a, a = b, fa = fb, b = lo + phi * (hi - lo), fb = at(b);
      }
    }
    k = std::exp((lo + hi) / 2);
    r.k = k;
  }
  r.train_before = loss(w, false);
  r.val_before = loss(w, true);
  double best = r.train_before;
  std::vector<int> steps;
  for (int v : values) steps.push_back(std::max(1, std::abs(v) / 8));
  for (int pass = 1; pass <= o.passes; ++pass) {
    bool changed = false;
    for (std::size_t i = 0; i < N; ++i) {
      bool improved = false;
      for (int sign : {+1, -1}) {
        std::vector<int> trial = values;
        trial[i] += sign * steps[i];
        const W tw = ai::with_weight_values(start, fields, std::span<const int>(trial));
        const double l = loss(tw, false);
        if (l < best - 1e-9) {
          best = l;
          values = trial;
          improved = changed = true;
          break;
        }
      }
      if (!improved) steps[i] = std::max(1, steps[i] / 2);
    }
    w = ai::with_weight_values(start, fields, std::span<const int>(values));
    if (o.log) {
      o.log("pass " + std::to_string(pass) + ": train " + std::to_string(best) + " held out " +
            std::to_string(loss(w, true)));
    }
    if (!changed && std::all_of(steps.begin(), steps.end(), [](int st) { return st == 1; })) break;
  }
  r.after = values;
  r.train_after = best;
  r.val_after = loss(w, true);
  return r;
}

}  // namespace arbiter::engine
