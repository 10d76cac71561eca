#include "engine/puct.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace arbiter::engine {

namespace {

// Standard normal by Box–Muller, from the tree's own generator (so noise is the same on every
// platform, unlike the standard library's distributions).
double normal(Rng& rng) {
  const double u1 = std::max(rng.uniform(), 0x1.0p-53);
  const double u2 = rng.uniform();
  return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
}

// Gamma(alpha, 1) by Marsaglia and Tsang; alpha < 1 through Gamma(alpha + 1) · U^(1/alpha).
double gamma(Rng& rng, double alpha) {
  if (alpha < 1) {
    const double u = std::max(rng.uniform(), 0x1.0p-53);
    return gamma(rng, alpha + 1) * std::pow(u, 1 / alpha);
  }
  const double d = alpha - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x, v;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = rng.uniform();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (std::log(std::max(u, 0x1.0p-53)) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
  }
}

bool finite_in(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

}  // namespace

Status check_options(const PuctOptions& o) {
  if (o.playouts < 1 || o.playouts > 100'000'000) return make_error("playouts must be in 1..1e8");
  if (o.batch < 1 || o.batch > 65536) return make_error("batch must be in 1..65536");
  if (!finite_in(o.c_puct, 0, 1e6)) return make_error("c_puct must be a number in 0..1e6");
  if (!finite_in(o.fpu_reduction, -2, 2)) return make_error("fpu_reduction must be in -2..2");
  if (!finite_in(o.dirichlet_alpha, 1e-6, 1e6) || o.dirichlet_alpha <= 0) {
    return make_error("dirichlet_alpha must be a positive number");
  }
  if (!finite_in(o.noise_fraction, 0, 1)) return make_error("noise_fraction must be in 0..1");
  if (!finite_in(o.temperature, 0, 1e6)) {
    return make_error("temperature must be a number, 0 or more");
  }
  return {};
}

PuctTree::PuctTree(int num_actions, int players, uint64_t seed)
    : num_actions_(num_actions), players_(players), rng_(seed) {
  reset_tree();
}

void PuctTree::reset_tree() {
  nodes_.clear();
  edges_.clear();
  nodes_.push_back(Node{});
}

void PuctTree::clear() {
  abandon();
  reset_tree();
  root_state_.reset();
}

GameState& PuctTree::slot(std::size_t i) {
  if (slots_.size() <= i) slots_.push_back(root_state_->clone());
  if (!slots_[i]->assign(*root_state_)) slots_[i] = root_state_->clone();
  return *slots_[i];
}

void PuctTree::set_root(const GameState& state, const PuctOptions& options) {
  abandon();
  options_ = options;
  playouts_ = 0;
  evaluations_ = 0;
  const int32_t found = options.reuse && root_state_ ? find(state) : -1;
  if (found > 0) reroot(found);
  reused_ = found >= 0;
  if (!reused_) reset_tree();
  if (!root_state_ || !root_state_->assign(state)) root_state_ = state.clone();
  noise_root();
}

int32_t PuctTree::find(const GameState& state) const {
  const uint64_t hash = state.hash();
  std::string text;  // the target's serialization, made at the first hash that matches
  auto same = [&](const GameState& s) {
    if (s.hash() != hash) return false;
    if (text.empty()) text = state.serialize();
    return s.serialize() == text;
  };
  if (same(*root_state_)) return 0;
  // Depth first on one copy of the root, each decision taken back after its subtree.
  constexpr int kMaxDepth = 32;
  auto scratch = root_state_->clone();
  int32_t found = -1;
  auto walk = [&](auto&& self, int32_t n, int depth) -> void {
    const Node& node = nodes_[static_cast<std::size_t>(n)];
    for (int e = 0; e < node.frontier && found < 0; ++e) {
      const Edge& edge = edges_[static_cast<std::size_t>(node.first_edge + e)];
      if (edge.child < 0 || nodes_[static_cast<std::size_t>(edge.child)].visits == 0) continue;
      if (!scratch->apply_action(edge.action)) continue;
      if (same(*scratch)) {
        found = edge.child;
      } else if (nodes_[static_cast<std::size_t>(edge.child)].kind == Kind::kExpanded &&
                 depth < kMaxDepth) {
        self(self, edge.child, depth + 1);
      }
      scratch->undo();
    }
  };
  walk(walk, 0, 1);
  return found;
}

void PuctTree::reroot(int32_t n) {
  // Breadth first into the spare buffers: a node's edges stay together, its children are
  // copied as they are met.
  std::vector<Node>& nodes = spare_nodes_;
  std::vector<Edge>& edges = spare_edges_;
  nodes.clear();
  edges.clear();
  nodes.push_back(nodes_[static_cast<std::size_t>(n)]);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const int32_t old_first = nodes[i].first_edge, count = nodes[i].num_edges;
    nodes[i].first_edge = static_cast<int32_t>(edges.size());
    for (int e = 0; e < count; ++e) {
      Edge edge = edges_[static_cast<std::size_t>(old_first + e)];
      if (edge.child >= 0) {
        nodes.push_back(nodes_[static_cast<std::size_t>(edge.child)]);  // `nodes` may move
        edge.child = static_cast<int32_t>(nodes.size() - 1);
      }
      edges.push_back(edge);
    }
  }
  nodes_.swap(nodes);
  edges_.swap(edges);
}

void PuctTree::noise_root() {
  const Node& root = nodes_[0];
  root_priors_.resize(static_cast<std::size_t>(root.num_edges));
  for (int e = 0; e < root.num_edges; ++e) {
    root_priors_[static_cast<std::size_t>(e)] =
        edges_[static_cast<std::size_t>(root.first_edge + e)].prior;
  }
  if (options_.noise_fraction <= 0 || root.num_edges < 2) return;
  std::vector<double> noise(root_priors_.size());
  double sum = 0;
  for (auto& x : noise) sum += x = gamma(rng_, options_.dirichlet_alpha);
  if (!(sum > 0)) return;
  const double f = options_.noise_fraction;
  for (std::size_t e = 0; e < noise.size(); ++e) {
    root_priors_[e] = static_cast<float>((1 - f) * root_priors_[e] + f * noise[e] / sum);
  }
}

int PuctTree::select_edge(int32_t n, bool at_root) {
  Node& p = nodes_[static_cast<std::size_t>(n)];
  const auto q = static_cast<std::size_t>(p.to_move);
  const double k =
      options_.c_puct * std::sqrt(std::max(1.0, static_cast<double>(p.visits + p.virtual_loss)));
  const double fpu = (p.visits > 0 ? p.value_sum[q] / p.visits : 0) - options_.fpu_reduction;
  // Past the frontier every edge is unselected with a prior no higher than the frontier's.
  const int last = at_root ? p.num_edges : std::min(p.frontier + 1, p.num_edges);
  const Edge* edges = edges_.data() + p.first_edge;
  int best = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int e = 0; e < last; ++e) {
    double value = fpu;
    int visits = 0;
    if (edges[e].child >= 0) {
      const Node& ch = nodes_[static_cast<std::size_t>(edges[e].child)];
      visits = ch.visits + ch.virtual_loss;
      // A playout under way counts as a loss for the player choosing (virtual loss).
      if (visits > 0) value = (ch.value_sum[q] - ch.virtual_loss) / visits;
    }
    const double prior = at_root ? root_priors_[static_cast<std::size_t>(e)] : edges[e].prior;
    const double score = value + k * prior / (1 + visits);
    if (score > best_score) {
      best_score = score;
      best = e;
    }
  }
  if (best >= p.frontier) p.frontier = best + 1;
  return best;
}

void PuctTree::backup(const std::vector<int32_t>& path, const float* values_abs) {
  for (const int32_t n : path) {
    Node& node = nodes_[static_cast<std::size_t>(n)];
    ++node.visits;
    for (int p = 0; p < players_; ++p) node.value_sum[static_cast<std::size_t>(p)] += values_abs[p];
  }
}

void PuctTree::revert(const std::vector<int32_t>& path) {
  for (const int32_t n : path) --nodes_[static_cast<std::size_t>(n)].virtual_loss;
}

int PuctTree::collect() {
  pending_.clear();
  leaf_views_.clear();
  while (static_cast<int>(pending_.size()) < options_.batch &&
         playouts_ + static_cast<int>(pending_.size()) < options_.playouts) {
    GameState& s = slot(pending_.size());
    path_.clear();
    path_.push_back(0);
    int32_t n = 0;
    while (nodes_[static_cast<std::size_t>(n)].kind == Kind::kExpanded) {
      const int e = select_edge(n, n == 0);
      const auto edge =
          static_cast<std::size_t>(nodes_[static_cast<std::size_t>(n)].first_edge + e);
      if (edges_[edge].child < 0) {
        edges_[edge].child = static_cast<int32_t>(nodes_.size());
        nodes_.push_back(Node{});
      }
      [[maybe_unused]] const Status applied = s.apply_action(edges_[edge].action);
      assert(applied);
      n = edges_[edge].child;
      path_.push_back(n);
    }
    Node& leaf = nodes_[static_cast<std::size_t>(n)];
    // A leaf already waiting: with nothing changed since, every later selection would find it
    // too, so the round is complete.
    if (leaf.kind == Kind::kWaiting) break;
    if (leaf.kind == Kind::kLeaf && s.is_terminal()) {
      const std::vector<double> r = s.returns();
      for (int p = 0; p < players_; ++p) {
        leaf.exact[static_cast<std::size_t>(p)] =
            static_cast<float>(r[static_cast<std::size_t>(p)]);
      }
      leaf.kind = Kind::kFinished;
    }
    if (leaf.kind == Kind::kFinished) {
      const auto exact = leaf.exact;
      backup(path_, exact.data());
      ++playouts_;
      continue;
    }
    leaf.kind = Kind::kWaiting;
    for (const int32_t m : path_) ++nodes_[static_cast<std::size_t>(m)].virtual_loss;
    pending_.push_back({path_});
    leaf_views_.push_back(&s);
  }
  return static_cast<int>(pending_.size());
}

void PuctTree::abandon() {
  for (const Pending& p : pending_) {
    revert(p.path);
    nodes_[static_cast<std::size_t>(p.path.back())].kind = Kind::kLeaf;
  }
  pending_.clear();
  leaf_views_.clear();
}

Status PuctTree::finish(std::span<const float> priors, std::span<const float> values,
                        int first_row) {
  const std::size_t n = pending_.size(), A = static_cast<std::size_t>(num_actions_),
                    P = static_cast<std::size_t>(players_);
  if (priors.size() < n * A || values.size() < n * P) {
    abandon();
    return make_error("evaluator: too few outputs for " + std::to_string(n) + " leaves");
  }
  auto row = [&](std::size_t i) { return std::to_string(first_row + static_cast<int>(i)); };
  // Every output is checked before the tree changes.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < P; ++k) {
      if (!std::isfinite(values[i * P + k])) {
        abandon();
        return make_error("evaluator: values[" + row(i) + "][" + std::to_string(k) +
                          "] is not a finite number");
      }
    }
    for (const int a : leaf_views_[i]->legal_actions_view()) {
      const float p = priors[i * A + static_cast<std::size_t>(a)];
      if (!(std::isfinite(p) && p >= 0)) {
        abandon();
        return make_error("evaluator: priors[" + row(i) + "][" + std::to_string(a) + "] is " +
                          std::to_string(p) + ", not a finite number >= 0");
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const GameState& s = *leaf_views_[i];
    const std::vector<int32_t>& path = pending_[i].path;
    const int32_t leaf = path.back();
    const auto legal = s.legal_actions_view();
    double sum = 0;
    for (const int a : legal) sum += priors[i * A + static_cast<std::size_t>(a)];
    order_.clear();
    for (const int a : legal) {
      const float p = sum > 0
                          ? static_cast<float>(priors[i * A + static_cast<std::size_t>(a)] / sum)
                          : 1.0f / static_cast<float>(legal.size());
      order_.emplace_back(p, a);
    }
    // Highest prior first, ties by id (legal ids come sorted): select_edge() relies on it.
    std::stable_sort(order_.begin(), order_.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    Node& node = nodes_[static_cast<std::size_t>(leaf)];
    node.first_edge = static_cast<int32_t>(edges_.size());
    node.num_edges = static_cast<int32_t>(legal.size());
    node.frontier = 0;
    node.to_move = static_cast<int8_t>(s.to_move());
    node.kind = Kind::kExpanded;
    for (const auto& [p, a] : order_) edges_.push_back(Edge{a, p, -1});
    std::array<float, kPuctMaxPlayers> abs{};
    for (std::size_t k = 0; k < P; ++k) {
      abs[(static_cast<std::size_t>(s.to_move()) + k) % P] =
          std::clamp(values[i * P + k], -1.0f, 1.0f);
    }
    revert(path);
    backup(path, abs.data());
    ++playouts_;
    if (leaf == 0) noise_root();
  }
  evaluations_ += n;
  pending_.clear();
  leaf_views_.clear();
  return {};
}

PuctResult PuctTree::result() {
  PuctResult r;
  const std::size_t A = static_cast<std::size_t>(num_actions_);
  r.visits.assign(A, 0);
  r.policy.assign(A, 0);
  r.values.assign(static_cast<std::size_t>(players_), 0);
  r.playouts = static_cast<uint64_t>(playouts_);
  r.evaluations = evaluations_;
  r.reused = reused_;
  const Node& root = nodes_[0];
  r.root_visits = static_cast<uint64_t>(root.visits);
  if (root.visits > 0) {
    for (int p = 0; p < players_; ++p) {
      r.values[static_cast<std::size_t>(p)] =
          root.value_sum[static_cast<std::size_t>(p)] / static_cast<float>(root.visits);
    }
  }
  if (root.num_edges == 0) return r;

  auto visits_of = [&](const Edge& e) {
    return e.child < 0 ? 0 : nodes_[static_cast<std::size_t>(e.child)].visits;
  };
  // The most visited edge of a node: ties go to the higher prior, then the lower id (the
  // edges' order).
  auto most_visited = [&](const Node& node) -> const Edge& {
    const Edge* best = &edges_[static_cast<std::size_t>(node.first_edge)];
    for (int e = 1; e < node.num_edges; ++e) {
      const Edge& x = edges_[static_cast<std::size_t>(node.first_edge + e)];
      if (visits_of(x) > visits_of(*best)) best = &x;
    }
    return *best;
  };
  const std::span<const Edge> edges(edges_.data() + root.first_edge,
                                    static_cast<std::size_t>(root.num_edges));
  int64_t total = 0;
  for (const Edge& e : edges) {
    r.visits[static_cast<std::size_t>(e.action)] = visits_of(e);
    total += visits_of(e);
  }
  const Edge& top = most_visited(root);
  if (total == 0) {
    // One playout (the root's own evaluation): the policy is the priors.
    for (const Edge& e : edges) r.policy[static_cast<std::size_t>(e.action)] = e.prior;
  } else if (options_.temperature <= 0) {
    r.policy[static_cast<std::size_t>(top.action)] = 1;
  } else {
    // visits^(1/T), scaled by the largest so that a small T does not overflow.
    double max_log = -std::numeric_limits<double>::infinity();
    for (const Edge& e : edges) {
      if (visits_of(e) > 0)
        max_log = std::max(max_log, std::log(visits_of(e)) / options_.temperature);
    }
    double sum = 0;
    std::vector<double> w(edges.size(), 0);
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if (visits_of(edges[e]) > 0) {
        sum += w[e] = std::exp(std::log(visits_of(edges[e])) / options_.temperature - max_log);
      }
    }
    for (std::size_t e = 0; e < edges.size(); ++e) {
      r.policy[static_cast<std::size_t>(edges[e].action)] = static_cast<float>(w[e] / sum);
    }
  }
  r.action = top.action;
  if (options_.temperature > 0) {
    const double u = rng_.uniform();
    double acc = 0;
    for (int a = 0; a < num_actions_; ++a) {
      const double p = r.policy[static_cast<std::size_t>(a)];
      if (p <= 0) continue;
      acc += p;
      r.action = a;
      if (u < acc) break;
    }
  }

  // The line: most visited decisions until a move completes.
  GameState& s = slot(0);
  const Node* node = &root;
  while (node->num_edges > 0) {
    const Edge& e = most_visited(*node);
    if (visits_of(e) == 0) break;
    if (!s.apply_action(e.action)) break;
    r.line.push_back(e.action);
    if (s.decisions_pending() == 0) {
      r.move = s.history().back();
      break;
    }
    node = &nodes_[static_cast<std::size_t>(e.child)];
  }
  return r;
}

Result<PuctResult> puct_search(PuctTree& tree, const GameState& state, LeafEvaluator& evaluator,
                               const PuctOptions& options) {
  if (auto ok = check_options(options); !ok) return make_error(ok.error());
  if (state.is_terminal()) {
    return make_error("the game is over (" + state.result_text() + "): no decision to search");
  }
  if (state.num_players() != tree.players() ||
      state.action_space().num_actions != tree.num_actions()) {
    return make_error("a position of another game than the tree's");
  }
  tree.set_root(state, options);
  std::vector<float> priors, values;
  const auto A = static_cast<std::size_t>(tree.num_actions());
  const auto P = static_cast<std::size_t>(tree.players());
  while (!tree.done()) {
    const auto n = static_cast<std::size_t>(tree.collect());
    if (n == 0) continue;
    priors.assign(n * A, 0);
    values.assign(n * P, 0);
    if (auto ok = evaluator.evaluate(tree.leaves(), priors, values); !ok) {
      tree.abandon();
      return make_error(ok.error());
    }
    if (auto ok = tree.finish(priors, values); !ok) return make_error(ok.error());
  }
  return tree.result();
}

}  // namespace arbiter::engine
