// Monte-Carlo tree search over a game's concrete State (GameAi<State>, game_ai.h):
//   - UCT with progressive bias: a child's heuristic value (the game's evaluation after the
//     move, squashed to [0, 1]) is added as bias / (visits + 1), so it steers the first visits
//     and fades as real results come in;
//   - max^n backup: every node keeps a reward sum per player and the player to move picks the
//     child best for itself, so 3–4 players need nothing special;
//   - playouts: up to `playout_plies` uniformly random moves (sample_move() where the game has
//     it), then the evaluation squashed to [0, 1] stands in for the result;
//   - MCTS-solver: finished games are proven results; a node is proven once a child proves a win
//     for its mover, or every child is proven (the mover takes the best of them);
//   - tree reuse: the subtree of the new root is kept when it was a child or grandchild of the
//     previous root (found by position hash);
//   - threads > 1: root-parallel; helper trees on copies of the root, visits summed per move.
// The result ranks the root moves (SearchResult::lines, SearchLimits::multipv of them): the
// chosen move, then the others by visits, each with its value for the mover ((q − 0.5) · 2000
// for a mean reward q, or a proven result as kWin − plies along the proven line kept, which is
// not necessarily the shortest) and its most-visited line; `values` holds every player's value
// after the chosen move on the same scale, and `root_visits` the visits of every root move.
// A node is expanded (children created and scored) once it has `expand_visits` visits.
//
// The class is split by concern: mcts.h (options, tree, the search loop, reuse) and
// mcts_impl.h (selection, expansion, playout, backup, the solver).
#pragma once

#include <array>
#include <atomic>
#include <cmath>
#include <memory>
#include <thread>
#include <vector>

#include "ai/evaluator.h"
#include "ai/game_ai.h"
#include "ai/search.h"
#include "core/rng.h"

namespace arbiter::ai {

struct MctsOptions {
  double exploration = 0.6;    // UCT constant
  double bias = 1.0;           // weight of the progressive bias
  int playout_plies = 6;       // random plies before the evaluation decides
  uint32_t expand_visits = 4;  // visits before a node gets children (the root: at once)
  double eval_scale = 300;     // evaluation units per logistic unit
  std::size_t max_nodes = 1'500'000;
  int threads = 1;
  uint64_t seed = 0;
  EvalOptions eval;  // the hand evaluation unless it names a net
};

template <class State>
class Mcts {
 public:
  using Ai = GameAi<State>;
  using Move = typename Ai::Move;
  using MoveList = typename Ai::MoveList;
  using Result = SearchResult<Move>;

  explicit Mcts(const MctsOptions& options = {})
      : options_(options), rng_(options.seed), eval_(options.eval) {}
  void set_options(const MctsOptions& o) {
    options_ = o;
    rng_ = Rng(o.seed);
    eval_ = Evaluator<State>(o.eval);
  }
  void clear() { nodes_.clear(); }

  // Runs playouts from `root` (left unchanged) within `limits` (nodes = playouts).
  Result search(State& root, const SearchLimits& limits, const std::atomic<bool>* stop = nullptr,
                const ProgressFn& progress = {});

  // Root statistics after a search: visits per root move (for root-parallel merging, tests).
  std::vector<std::pair<Move, uint32_t>> root_visits() const;

 private:
  static constexpr int kMaxPlayers = 4;
  static constexpr int8_t kUnproven = -2;
  static constexpr int8_t kDraw = -1;
  struct Node {
    Move move{};
    uint64_t hash = 0;  // of the position after `move`
    int32_t parent = -1;
    int32_t first_child = -1;
    uint32_t num_children = 0;
    uint32_t visits = 0;
    int8_t mover = 0;           // the player who made `move`
    int8_t proven = kUnproven;  // kDraw, or the winner's index
    bool expanded = false;
    float prior = 0.5f;
    std::array<float, kMaxPlayers> reward{};
  };
  using Rewards = std::array<float, kMaxPlayers>;

  void playout_once();
  int32_t select_child(int32_t node);
  void expand(int32_t node);
  Rewards rollout();
  Rewards rewards_of_eval() const;
  Rewards rewards_of_result() const;
  void backup(int32_t leaf, const Rewards& r);
  void update_proof(int32_t node);
  int32_t best_child(int32_t node) const;
  int child_score(int32_t child, int* plies) const;
  std::vector<Move> line_of(int32_t child) const;
  void rank_root(Result& result, int32_t best, const std::vector<uint64_t>& visits,
                 int multipv) const;
  bool reuse(const State& root);
  float squash(int eval) const {
    return static_cast<float>(1 / (1 + std::exp(-eval / options_.eval_scale)));
  }

  MctsOptions options_;
  Rng rng_;
  mutable Evaluator<State> eval_;
  std::vector<Node> nodes_;
  State* s_ = nullptr;
  int players_ = 2;
  int max_depth_ = 0;
  MoveList scratch_;
};

template <class State>
typename Mcts<State>::Result Mcts<State>::search(State& root, const SearchLimits& limits,
                                                 const std::atomic<bool>* stop,
                                                 const ProgressFn& progress) {
  s_ = &root;
  players_ = root.num_players();
  Result result;
  if (root.is_terminal()) return result;
  if (!reuse(root)) {
    nodes_.clear();
    Node r;
    r.hash = root.hash();
    r.mover = static_cast<int8_t>((root.to_move() + players_ - 1) % players_);
    nodes_.push_back(r);
  }
  // Root-parallel helpers: fresh trees with other seeds on copies of the root. A node limit is
  // the playouts of all the trees together: each helper takes its share, this tree the rest.
  std::vector<std::unique_ptr<Mcts>> helpers;
  std::vector<State> copies;
  std::vector<std::thread> threads;
  std::vector<uint64_t> helper_playouts(options_.threads > 1 ? options_.threads - 1 : 0, 0);
  std::atomic<bool> helper_stop{false};
  SearchLimits own = limits;
  const uint64_t share = options_.threads > 1 && limits.nodes > 0
                             ? std::max<uint64_t>(1, limits.nodes / options_.threads)
                             : 0;
  if (share > 0) own.nodes = std::max<uint64_t>(1, limits.nodes - share * (options_.threads - 1));
  Clock clock(own, stop);
  if (options_.threads > 1) {
    copies.assign(options_.threads - 1, root);
    for (int i = 1; i < options_.threads; ++i) {
      MctsOptions o = options_;
      o.threads = 1;
      o.seed = options_.seed + 0x9e37 * i;
      helpers.push_back(std::make_unique<Mcts>(o));
    }
    for (int i = 1; i < options_.threads; ++i) {
      threads.emplace_back([&, i] {
        SearchLimits l = limits;
        l.movetime = l.time_left = 0;
        if (share > 0) l.nodes = share;
        helper_playouts[i - 1] = helpers[i - 1]->search(copies[i - 1], l, &helper_stop, {}).nodes;
      });
    }
  }
  uint64_t playouts = 0;
  double next_report = 0.25;
  max_depth_ = 0;
  while (nodes_[0].proven == kUnproven) {
    if ((playouts & 15) == 0 && clock.should_stop(playouts)) break;
    playout_once();
    ++playouts;
    if (progress && (playouts & 1023) == 0 && clock.elapsed() >= next_report) {
      next_report += 0.25;
      SearchProgress p;
      p.depth = max_depth_;
      p.nodes = playouts;
      p.seconds = clock.elapsed();
      p.nps = playouts / std::max(p.seconds, 1e-9);
      progress(p);
    }
  }
  helper_stop = true;
  for (auto& t : threads) t.join();
  if (nodes_[0].num_children == 0) expand(0);
  // Merge helper visits by move.
  std::vector<uint64_t> visits(nodes_[0].num_children);
  for (uint32_t i = 0; i < nodes_[0].num_children; ++i) {
    visits[i] = nodes_[nodes_[0].first_child + i].visits;
  }
  for (const auto& h : helpers) {
    for (const auto& [m, v] : h->root_visits()) {
      for (uint32_t i = 0; i < nodes_[0].num_children; ++i) {
        if (nodes_[nodes_[0].first_child + i].move == m) visits[i] += v;
      }
    }
  }
  int32_t best = best_child(0);
  if (nodes_[best].proven != nodes_[best].mover) {  // no proven win: most visits
    uint64_t most = 0;
    for (uint32_t i = 0; i < nodes_[0].num_children; ++i) {
      const Node& c = nodes_[nodes_[0].first_child + i];
      const bool loses = c.proven != kUnproven && c.proven != kDraw && c.proven != c.mover;
      if (!loses && visits[i] > most) {
        most = visits[i];
        best = nodes_[0].first_child + static_cast<int32_t>(i);
      }
    }
  }
  result.has_move = true;
  result.best = nodes_[best].move;
  int plies = 0;
  result.score = child_score(best, &plies);
  result.pv = line_of(best);
  rank_root(result, best, visits, limits.multipv);
  result.depth = max_depth_;
  result.nodes = playouts;
  for (const uint64_t n : helper_playouts) result.nodes += n;
  result.seconds = clock.elapsed();
  if (progress) {
    SearchProgress p;
    p.depth = max_depth_;
    p.score = result.score;
    p.nodes = playouts;
    p.seconds = result.seconds;
    p.nps = playouts / std::max(p.seconds, 1e-9);
    if (limits.multipv > 1) {
      for (const auto& line : result.lines) {
        ProgressLine text{line.score, line.proven_plies, {}};
        for (const Move& m : line.pv) {
          text.pv.push_back(root.move_text(m));
          root.apply(m);
        }
        for (std::size_t i = 0; i < line.pv.size(); ++i) root.undo();
        p.lines.push_back(std::move(text));
      }
      p.pv = p.lines[0].pv;
    }
    progress(p);
  }
  return result;
}

}  // namespace arbiter::ai

#include "ai/mcts_impl.h"
