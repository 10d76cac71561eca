// NetEval<State>: a learned evaluation (nn/network.h) of a game's concrete State, in the same
// units as the game's hand evaluation (GameAi<State>::evaluate), for every search.
//
// Each player's perspective has an accumulator: the first layer's sums over that player's
// active features (GameAi<State>::features). They are kept from one evaluation to the next and
// updated by the features that changed in between (sorted lists compared), so after a move or
// an undo only the few features it touched are added or taken away; a position far from the last
// one (more changes than half its features) is summed afresh. refresh() sums afresh always: the
// tests hold the two equal.
//
// Units: the net's logit z for a player is its expected result (1 a win, ½ a draw, 0 a loss)
// through a logistic; the game's win model (engine/win_probability.h) says how search scores map
// to expected results (expected = σ(scale · score + offset)), so the score of z is
// (z − offset) / scale. With 2 players the score is taken from both logits, (z_p − z_q) / 2 /
// scale, so that it is zero-sum as the hand evaluations are.
//
// One NetEval per search thread (it is mutable); the Network is shared.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

#include "ai/game_ai.h"
#include "ai/search.h"
#include "nn/feature_list.h"
#include "nn/network.h"

namespace arbiter::ai {

template <class State>
concept HasNetFeatures = requires(const State& s, nn::FeatureList& out) {
  GameAi<State>::kFeatureSet;
  GameAi<State>::features(s, 0, out);
  GameAi<State>::num_features(s);
};

// How a net's logits become search scores (the game's win model for this player count).
struct NetUnits {
  double scale = 0.004;  // logit per unit of score
  double offset = 0;
};

template <class State>
class NetEval {
 public:
  static constexpr int kMaxPlayers = 4;
  static constexpr int kMaxHidden = 256;

  NetEval(std::shared_ptr<const nn::Network> net, NetUnits units)
      : net_(std::move(net)), units_(units) {}

  const nn::Network& network() const { return *net_; }

  // The score of a running position for `player` (positive: good for it), within ±kWinBound.
  int evaluate(const State& s, int player) {
    std::array<float, kMaxPlayers> z{};
    logits(s, z.data());
    const int players = s.num_players();
    double score;
    if (players == 2) {
      score = (z[player] - z[1 - player]) / 2 / units_.scale;
    } else {
      score = (z[player] - units_.offset) / units_.scale;
    }
    const double bound = kWinBound - 1000;
    return static_cast<int>(std::lround(std::clamp(score, -bound, bound)));
  }

  // Each player's logit (index = player), from the accumulators updated incrementally.
  void logits(const State& s, float* out) {
    const int players = s.num_players();
    for (int p = 0; p < players; ++p) update(s, p, false);
    run(s, out);
  }

  // The same from accumulators summed afresh (the reference the incremental update must equal).
  void refresh_logits(const State& s, float* out) {
    const int players = s.num_players();
    for (int p = 0; p < players; ++p) update(s, p, true);
    run(s, out);
  }

  // The integer outputs of the last logits() call (index = player), for exact comparisons.
  const std::array<int32_t, kMaxPlayers>& raw() const { return raw_; }
  // The accumulator of `player`'s perspective as the last call left it.
  const int16_t* accumulator(int player) const { return views_[player].acc.data(); }

 private:
  struct View {
    nn::FeatureList features;  // sorted
    alignas(32) std::array<int16_t, kMaxHidden> acc{};
    bool valid = false;
  };

  // Copies the used part of a list only (a whole FixedVector is a kilobyte).
  static void keep(nn::FeatureList& to, const nn::FeatureList& from) {
    to.resize(from.size());
    std::copy(from.begin(), from.end(), to.begin());
  }

  void update(const State& s, int player, bool fresh) {
    const nn::Network& net = *net_;
    View& v = views_[player];
    GameAi<State>::features(s, player, scratch_);
    if (!std::is_sorted(scratch_.begin(), scratch_.end())) {
      std::sort(scratch_.begin(), scratch_.end());
    }
    if (!fresh && v.valid) {
      // Changes between the sorted lists: a merge.
      std::size_t i = 0, j = 0, changes = 0;
      const auto& old = v.features;
      removed_.clear();
      added_.clear();
      while (i < old.size() || j < scratch_.size()) {
        if (j == scratch_.size() || (i < old.size() && old[i] < scratch_[j])) {
          removed_.push_back(old[i++]);
        } else if (i == old.size() || scratch_[j] < old[i]) {
          added_.push_back(scratch_[j++]);
        } else {
          ++i, ++j;
        }
      }
      changes = removed_.size() + added_.size();
      if (changes * 2 <= scratch_.size() + 1) {
        for (uint16_t f : removed_) nn::sub_feature(net, f, v.acc.data());
        for (uint16_t f : added_) nn::add_feature(net, f, v.acc.data());
        keep(v.features, scratch_);
        return;
      }
    }
    std::copy(net.b0.begin(), net.b0.end(), v.acc.begin());
    for (uint16_t f : scratch_) nn::add_feature(net, f, v.acc.data());
    keep(v.features, scratch_);
    v.valid = true;
  }

  void run(const State& s, float* out) {
    const nn::Network& net = *net_;
    const int players = s.num_players();
    const int mover = s.is_terminal() ? 0 : s.to_move();
    for (int r = 0; r < players; ++r) {
      const int p = (mover + r) % players;
      nn::clip_activations(views_[p].acc.data(), net.hidden, x_.data() + r * net.hidden);
    }
    std::array<int32_t, kMaxPlayers> o{};
    nn::forward(net, x_.data(), o.data());
    for (int r = 0; r < players; ++r) {
      const int p = (mover + r) % players;
      raw_[p] = o[r];
      out[p] = static_cast<float>(o[r] / nn::kOutputScale);
    }
  }

  std::shared_ptr<const nn::Network> net_;
  NetUnits units_;
  std::array<View, kMaxPlayers> views_{};
  nn::FeatureList scratch_, removed_, added_;
  std::array<int32_t, kMaxPlayers> raw_{};
  alignas(32) std::array<uint8_t, kMaxPlayers * kMaxHidden> x_{};  // the clipped activations
};

}  // namespace arbiter::ai
