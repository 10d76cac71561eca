// GameSearcher<Descriptor>: the Searcher of one game (searcher.h), over its concrete State
// (the Descriptor's State, games/adapter.h). set_position() copies the State out of the runtime
// position (a StateAdapter of the same Descriptor): no text, no replay; the copy carries the
// game's history for repetition. It keeps one alpha-beta per thread and one MCTS tree between
// searches.
#pragma once

#include <optional>
#include <thread>

#include "ai/alphabeta.h"
#include "ai/best_reply.h"
#include "ai/mcts.h"
#include "core/rng.h"
#include "engine/net_paths.h"
#include "engine/searcher.h"
#include "engine/win_probability.h"
#include "games/adapter.h"
#include "nn/net_file.h"

namespace arbiter::engine {

template <class Descriptor>
class GameSearcher final : public Searcher {
 public:
  using State = typename Descriptor::State;
  using Move = typename ai::GameAi<State>::Move;

  Status set_position(const GameState& g) override {
    const auto* position = dynamic_cast<const StateAdapter<Descriptor>*>(&g);
    if (position == nullptr) {
      return make_error("a " + std::string(g.game().name()) + " position for the " +
                        std::string(Descriptor::kName) + " engine");
    }
    state_.emplace(position->state());
    return {};
  }

  void clear() override {
    searches_.clear();
    mcts_.reset();
  }

  Status prepare(const ai::Recipe& recipe) override {
    if (recipe.eval == ai::EvalKind::kClassic) {
      eval_ = {};
      if (recipe.weightsfile.empty()) return {};
      if constexpr (!ai::HasWeights<State>) {
        return make_error(std::string(Descriptor::kName) + " has no tunable weights");
      } else {
        using Ai = ai::GameAi<State>;
        // Read once per file: the searches keep their tables while their options stay equal.
        if (recipe.weightsfile == weights_path_ && weights_) {
          eval_.weights = weights_;
          return {};
        }
        auto w = read_weights_file(recipe.weightsfile);
        if (!w) return make_error(w.error());
        weights_ =
            std::make_shared<const std::vector<int>>(ai::weight_values(*w, Ai::kWeightFields));
        weights_path_ = recipe.weightsfile;
        eval_.weights = weights_;
        return {};
      }
    }
    if (!state_) return make_error("no position to evaluate");
    if constexpr (!ai::HasNetFeatures<State>) {
      return make_error(std::string(Descriptor::kName) + " has no learned evaluation");
    } else {
      const int players = state_->num_players();
      const std::string path =
          recipe.evalfile.empty() ? default_net_path(Descriptor::kName, players) : recipe.evalfile;
      auto net = nn::shared_network(path);
      if (!net) return make_error(net.error());
      if (auto ok = nn::check_network(**net, Descriptor::kName, players,
                                      nn::net_params(Descriptor::params_text(state_->params())),
                                      ai::GameAi<State>::kFeatureSet,
                                      ai::GameAi<State>::num_features(*state_));
          !ok) {
        return make_error(path + ": " + ok.error());
      }
      eval_.net = *net;
      eval_.units = units(players);
      return {};
    }
  }

  EngineResult search(const ai::Recipe& recipe, const ai::SearchLimits& caller,
                      const std::atomic<bool>& stop, const ai::ProgressFn& progress) override {
    EngineResult out;
    if (!state_ || state_->is_terminal()) return out;
    State& s = *state_;
    if (auto ok = prepare(recipe); !ok) eval_ = {};
    const ai::SearchLimits limits = ai::recipe_limits(recipe, caller, s.num_players());
    switch (ai::algorithm_for(recipe, s.num_players())) {
      case ai::Algorithm::kRandom: {
        Rng rng(recipe.seed ^ s.hash());
        const Move m = random_move(s, rng);
        out.best_move = s.move_text(m);
        out.pv = {out.best_move};
        out.lines.push_back({out.best_move, 0, out.pv, std::nullopt});
        return out;
      }
      case ai::Algorithm::kMcts: {
        // MCTS has no notion of depth: a search bounded by depth alone is alpha-beta's
        // (paranoid with 3-4 players), or it would never end.
        if (limits.depth > 0 && limits.nodes == 0 && limits.movetime == 0 &&
            limits.time_left == 0) {
          return to_engine(s, alphabeta(s, recipe, limits, stop, progress));
        }
        if (!mcts_) mcts_ = std::make_unique<ai::Mcts<State>>();
        ai::MctsOptions o;
        o.seed = recipe.seed;
        o.threads = recipe.threads;
        o.eval = eval_;
        mcts_->set_options(o);
        return to_engine(s, mcts_->search(s, limits, &stop, progress));
      }
      case ai::Algorithm::kBestReply:
        if constexpr (requires { ai::GameAi<State>::kPass; }) {
          if (s.num_players() > 2) {
            ai::BestReply<State> brs({recipe.noise, recipe.seed, eval_});
            return to_engine(s, brs.search(s, limits, &stop, progress));
          }
        }
        return to_engine(s, alphabeta(s, recipe, limits, stop, progress));
      default:
        return to_engine(s, alphabeta(s, recipe, limits, stop, progress));
    }
  }

  bool net_features(int player, std::vector<uint16_t>& out) const override {
    out.clear();
    if constexpr (ai::HasNetFeatures<State>) {
      if (!state_) return false;
      nn::FeatureList list;
      ai::GameAi<State>::features(*state_, player, list);
      out.assign(list.begin(), list.end());
      return true;
    }
    return false;
  }
  Result<StaticEval> evaluate(const ai::Recipe& recipe) override {
    if (auto ok = prepare(recipe); !ok) return make_error(ok.error());
    if (!state_ || state_->is_terminal())
      return make_error("the game is over: nothing to evaluate");
    StaticEval out;
    const int players = state_->num_players();
    if constexpr (ai::HasNetFeatures<State>) {
      if (eval_.net) {
        ai::NetEval<State> net(eval_.net, eval_.units);
        std::array<float, 4> z{};
        net.logits(*state_, z.data());
        for (int p = 0; p < players; ++p) {
          out.scores.push_back(net.evaluate(*state_, p));
          out.logits.push_back(z[p]);
          out.outputs.push_back(net.raw()[p]);
        }
        return out;
      }
    }
    ai::Evaluator<State> classic(eval_);  // the game's weights, or a weights file's
    for (int p = 0; p < players; ++p) out.scores.push_back(classic(*state_, p));
    return out;
  }

  std::string_view feature_set() const override {
    if constexpr (ai::HasNetFeatures<State>) return ai::GameAi<State>::kFeatureSet;
    return {};
  }
  int num_features() const override {
    if constexpr (ai::HasNetFeatures<State>) {
      if (state_) return ai::GameAi<State>::num_features(*state_);
    }
    return 0;
  }

  // The bench's searches (searcher.h): fresh tables every time, so positions are independent.
  Result<TuneReport> tune(const nn::SelfplayFile& data, const std::string& start,
                          const TuneOptions& o) override {
    if constexpr (!ai::HasWeights<State>) {
      return make_error(std::string(Descriptor::kName) + " has no tunable weights");
    } else {
      using Ai = ai::GameAi<State>;
      using W = typename Ai::Weights;
      if (data.header.game != Descriptor::kName) {
        return make_error("the data is of " + data.header.game + ", not " +
                          std::string(Descriptor::kName));
      }
      auto map = ParamMap::parse(data.header.params);
      if (!map) return make_error("the data's parameters: " + map.error());
      auto params = Descriptor::parse_params(*map);
      if (!params) return make_error("the data's parameters: " + params.error());
      const int players = data.header.players;
      const auto model = win_model(Descriptor::kName, players);
      if (!model) {
        return make_error(std::string(Descriptor::kName) + " has no win model for " +
                          std::to_string(players) + " players");
      }
      W w = Ai::kWeights;
      if (!start.empty()) {
        auto read = read_weights_file(start);
        if (!read) return make_error(read.error());
        w = *read;
      }
      std::vector<TuneSample<State>> samples;
      for (const nn::SelfplayGame& g : data.games) {
        const bool held = held_out_game(g.index, o.val);
        for (std::size_t i = 0; i < g.positions.size(); ++i) {
          const nn::SelfplayPosition& p = g.positions[i];
          auto st = State::parse_position(*params, p.text);
          if (!st) {
            return make_error("game " + std::to_string(g.index) + " position " +
                              std::to_string(i + 1) + ": " + st.error());
          }
          if (st->is_terminal() || p.to_move >= players) continue;
          const double label = (1 - o.mix) * g.result[p.to_move] + o.mix * p.search[p.to_move];
          samples.push_back({std::move(*st), p.to_move, static_cast<float>(label), held});
        }
      }
      if (samples.empty()) return make_error("the data holds no position to tune on");
      return texel_tune(
          samples, w, Ai::kWeightFields, *model,
          [](const State& s, int player, const W& weights) {
            return Ai::evaluate_with(s, player, weights);
          },
          o);
    }
  }

  std::string weights_text(const std::vector<int>& values) const override {
    if constexpr (!ai::HasWeights<State>) {
      return "";
    } else {
      using Ai = ai::GameAi<State>;
      return ai::weights_text(
          ai::with_weight_values(Ai::kWeights, Ai::kWeightFields, std::span<const int>(values)),
          Ai::kWeightFields);
    }
  }

  BenchSearch bench(const BenchPosition& p) override {
    BenchSearch out;
    if (!state_ || state_->is_terminal()) return out;
    State& s = *state_;
    ai::SearchResult<Move> r;
    if (p.playouts > 0) {
      ai::MctsOptions options;
      options.seed = 1;
      ai::Mcts<State> mcts(options);
      ai::SearchLimits limits;
      limits.nodes = p.playouts;
      r = mcts.search(s, limits);
      for (const auto& [m, v] : mcts.root_visits()) {
        if (m == r.best) out.visits = v;
      }
    } else {
      ai::AlphaBetaOptions options;
      options.tt_megabytes = kBenchTableMegabytes;
      options.eval = eval_;
      ai::AlphaBeta<State> search(options);
      ai::SearchLimits limits;
      limits.depth = p.depth;
      r = search.search(s, limits);
    }
    out.nodes = r.nodes;
    out.seconds = r.seconds;
    if (r.has_move) out.best_move = s.move_text(r.best);
    return out;
  }

 private:
  static Move random_move(const State& s, Rng& rng) {
    if constexpr (requires { s.sample_move(rng); }) {
      return s.sample_move(rng);
    } else {
      typename State::MoveList list;
      s.generate(list);
      return list[rng.below(list.size())];
    }
  }

  // Lazy SMP: every thread searches the same root with its own tables; helpers search one ply
  // deeper on odd threads, and the main thread's answer is taken (deterministic with 1 thread).
  ai::SearchResult<Move> alphabeta(State& s, const ai::Recipe& recipe,
                                   const ai::SearchLimits& limits, const std::atomic<bool>& stop,
                                   const ai::ProgressFn& progress) {
    ai::AlphaBetaOptions o;
    o.noise = recipe.noise;
    o.seed = recipe.seed;
    o.eval = eval_;
    const int threads = std::max(1, recipe.threads);
    if (static_cast<int>(searches_.size()) != threads || searches_[0]->options().noise != o.noise ||
        searches_[0]->options().seed != o.seed || !(searches_[0]->options().eval == o.eval)) {
      searches_.clear();
      if (threads == 1) {
        searches_.push_back(std::make_unique<ai::AlphaBeta<State>>(o));
      } else {
        auto tt = std::make_shared<ai::TranspositionTable<Move>>(o.tt_megabytes * 2);
        tt->set_shared(true);
        for (int i = 0; i < threads; ++i) {
          searches_.push_back(std::make_unique<ai::AlphaBeta<State>>(o, tt));
        }
      }
    }
    if (threads == 1) return searches_[0]->search(s, limits, &stop, progress);
    std::atomic<bool> helpers_stop{false};
    std::vector<std::thread> helpers;
    std::vector<State> copies(threads - 1, s);
    for (int i = 1; i < threads; ++i) {
      helpers.emplace_back([&, i] {
        ai::SearchLimits l = limits;
        l.nodes = 0;
        if (l.depth > 0 && (i & 1)) ++l.depth;
        searches_[i]->search(copies[i - 1], l, &helpers_stop, {});
      });
    }
    auto r = searches_[0]->search(s, limits, &stop, progress);
    helpers_stop = true;
    for (auto& t : helpers) t.join();
    return r;
  }

  // The moves of a line as text, from `s` (left as it was).
  static std::vector<std::string> line_text(State& s, const std::vector<Move>& line) {
    std::vector<std::string> out;
    for (const auto& m : line) {
      out.push_back(s.move_text(m));
      s.apply(m);
    }
    for (std::size_t i = 0; i < line.size(); ++i) s.undo();
    return out;
  }

  // Plies to a proven end as the moves the player to move makes until then (turns going round
  // the table), + when it wins, - when it loses (searcher.h).
  static std::optional<int> mate_in(int score, int plies, int players) {
    if (plies <= 0) return std::nullopt;
    const int moves = (plies + players - 1) / players;
    return score > 0 ? moves : -moves;
  }

  static EngineResult to_engine(State& s, const ai::SearchResult<Move>& r) {
    EngineResult out;
    if (!r.has_move) return out;
    const int players = s.num_players();
    out.best_move = s.move_text(r.best);
    out.score = r.score;
    out.depth = r.depth;
    out.nodes = r.nodes;
    out.seconds = r.seconds;
    out.pv = line_text(s, r.pv);
    if (r.lines.empty()) {
      out.lines.push_back(
          {out.best_move, r.score, out.pv, mate_in(r.score, ai::proven_plies(r.score), players)});
    }
    for (const auto& line : r.lines) {
      out.lines.push_back({s.move_text(line.move), line.score, line_text(s, line.pv),
                           mate_in(line.score, line.proven_plies, players)});
    }
    if (!r.values.empty()) {
      out.values = r.values;
    } else {
      for (int p = 0; p < players; ++p) out.values.push_back(p == s.to_move() ? r.score : -r.score);
    }
    for (const auto& [m, v] : r.root_visits) out.root_visits.emplace_back(s.move_text(m), v);
    return out;
  }

  // The win model of the player count: how the net's logits become scores (ai/net_eval.h).
  static ai::NetUnits units(int players) {
    ai::NetUnits u;
    if constexpr (requires { Descriptor::kWinModels; }) {
      for (const auto& m : Descriptor::kWinModels) {
        if (m.players == players) u = {m.scale, m.offset};
      }
    }
    return u;
  }

  std::optional<State> state_;
  ai::EvalOptions eval_;
  // The game's weights with those the file at `path` sets (ai/weights.h).
  static auto read_weights_file(const std::string& path) {
    using Ai = ai::GameAi<State>;
    using Out = Result<typename Ai::Weights>;
    auto named = ai::read_weights(path);
    if (!named) return Out(make_error(named.error()));
    return ai::weights_from(Ai::kWeights, Ai::kWeightFields, *named, path);
  }

  std::string weights_path_;  // the weights file last read, and its weights
  std::shared_ptr<const std::vector<int>> weights_;
  std::vector<std::unique_ptr<ai::AlphaBeta<State>>> searches_;
  std::unique_ptr<ai::Mcts<State>> mcts_;
};

}  // namespace arbiter::engine
