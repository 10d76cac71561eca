// Mcts: selection, expansion, playout, backup, the solver and tree reuse (included by mcts.h).
#pragma once

#include <algorithm>

namespace arbiter::ai {

template <class State>
void Mcts<State>::playout_once() {
  State& s = *s_;
  int32_t n = 0;
  int depth = 0;
  for (;;) {
    if (nodes_[n].proven != kUnproven || s.is_terminal()) break;
    if (!nodes_[n].expanded) {
      if (n != 0 && nodes_[n].visits < options_.expand_visits) break;  // a playout from here
      expand(n);
      if (!nodes_[n].expanded) break;  // the tree is full
    }
    n = select_child(n);
    s.apply(nodes_[n].move);
    ++depth;
  }
  Rewards r{};
  const int8_t proven = nodes_[n].proven;
  if (proven != kUnproven) {
    for (int p = 0; p < players_; ++p) r[p] = proven == kDraw ? 0.5f : (p == proven ? 1.f : 0.f);
  } else {
    r = rollout();
  }
  for (int i = 0; i < depth; ++i) s.undo();
  max_depth_ = std::max(max_depth_, depth);
  backup(n, r);
}

template <class State>
void Mcts<State>::expand(int32_t n) {
  State& s = *s_;
  Ai::search_moves(s, scratch_);
  if (n != 0 && nodes_.size() + scratch_.size() > options_.max_nodes) return;
  const int mover = s.to_move();
  const int32_t first = static_cast<int32_t>(nodes_.size());
  for (const Move& m : scratch_) {
    Node c;
    c.move = m;
    c.parent = n;
    c.mover = static_cast<int8_t>(mover);
    s.apply(m);
    c.hash = s.hash();
    if (s.is_terminal()) {
      const auto ret = s.returns();
      c.proven = kDraw;
      for (int p = 0; p < players_; ++p) {
        if (ret[p] > 0) c.proven = static_cast<int8_t>(p);
      }
      c.prior = c.proven == kDraw ? 0.5f : (c.proven == mover ? 1.f : 0.f);
    } else {
      c.prior = squash(eval_(s, mover));
    }
    s.undo();
    nodes_.push_back(c);
  }
  nodes_[n].first_child = first;
  nodes_[n].num_children = static_cast<uint32_t>(scratch_.size());
  nodes_[n].expanded = true;
  update_proof(n);
}

template <class State>
int32_t Mcts<State>::select_child(int32_t n) {
  const Node& node = nodes_[n];
  const int p = s_->to_move();
  const double log_n = std::log(static_cast<double>(node.visits) + 1);
  int32_t best = node.first_child;
  double best_value = -1e300;
  for (uint32_t i = 0; i < node.num_children; ++i) {
    const int32_t ci = node.first_child + static_cast<int32_t>(i);
    const Node& c = nodes_[ci];
    if (c.proven == p) return ci;  // a proven win for the mover
    const bool lost = c.proven != kUnproven && c.proven != kDraw;
    const double q = c.visits ? c.reward[p] / c.visits : c.prior;
    double v = q + options_.exploration * std::sqrt(log_n / (c.visits + 1)) +
               options_.bias * c.prior / (c.visits + 1);
    if (lost) v -= 10;
    if (v > best_value) {
      best_value = v;
      best = ci;
    }
  }
  return best;
}

template <class State>
typename Mcts<State>::Rewards Mcts<State>::rollout() {
  State& s = *s_;
  int plies = 0;
  while (plies < options_.playout_plies && !s.is_terminal()) {
    if constexpr (requires { s.sample_move(rng_); }) {
      s.apply(s.sample_move(rng_));
    } else {
      s.generate(scratch_);
      s.apply(scratch_[rng_.below(scratch_.size())]);
    }
    ++plies;
  }
  const Rewards r = s.is_terminal() ? rewards_of_result() : rewards_of_eval();
  for (int i = 0; i < plies; ++i) s.undo();
  return r;
}

template <class State>
typename Mcts<State>::Rewards Mcts<State>::rewards_of_eval() const {
  Rewards r{};
  if (players_ == 2) {
    r[0] = squash(eval_(*s_, 0));
    r[1] = 1 - r[0];
  } else {
    for (int p = 0; p < players_; ++p) r[p] = squash(eval_(*s_, p));
  }
  return r;
}

template <class State>
typename Mcts<State>::Rewards Mcts<State>::rewards_of_result() const {
  Rewards r{};
  const auto ret = s_->returns();
  for (int p = 0; p < players_; ++p) r[p] = ret[p] > 0 ? 1.f : ret[p] < 0 ? 0.f : 0.5f;
  return r;
}

template <class State>
void Mcts<State>::backup(int32_t leaf, const Rewards& r) {
  for (int32_t n = leaf; n >= 0; n = nodes_[n].parent) {
    Node& node = nodes_[n];
    ++node.visits;
    for (int p = 0; p < players_; ++p) node.reward[p] += r[p];
  }
  for (int32_t n = nodes_[leaf].parent; n >= 0; n = nodes_[n].parent) {
    if (nodes_[n].proven != kUnproven) continue;
    update_proof(n);
    if (nodes_[n].proven == kUnproven) break;
  }
}

// MCTS-solver: a child proving a win for the mover proves the node; so does a fully proven set
// of children (the mover takes a draw over a loss).
template <class State>
void Mcts<State>::update_proof(int32_t n) {
  Node& node = nodes_[n];
  if (!node.expanded || node.num_children == 0) return;
  const int mover = nodes_[node.first_child].mover;
  int8_t fallback = kUnproven;
  bool all_proven = true;
  for (uint32_t i = 0; i < node.num_children; ++i) {
    const int8_t pc = nodes_[node.first_child + i].proven;
    if (pc == mover) {
      node.proven = pc;
      return;
    }
    if (pc == kUnproven) all_proven = false;
    if (pc == kDraw || fallback == kUnproven) fallback = pc;
  }
  if (all_proven) node.proven = fallback;
}

template <class State>
int32_t Mcts<State>::best_child(int32_t n) const {
  const Node& node = nodes_[n];
  int32_t best = node.first_child;
  for (uint32_t i = 0; i < node.num_children; ++i) {
    const int32_t ci = node.first_child + static_cast<int32_t>(i);
    const Node& c = nodes_[ci];
    if (c.proven == c.mover) return ci;
    if (c.visits > nodes_[best].visits) best = ci;
  }
  return best;
}

// A root child's value for its mover (mcts.h); `plies` gets the length of its proven line (0
// when unproven).
template <class State>
int Mcts<State>::child_score(int32_t child, int* plies) const {
  const Node& c = nodes_[child];
  *plies = 0;
  if (c.proven == kUnproven || c.proven == kDraw) {
    const double q = c.visits ? c.reward[c.mover] / c.visits : 0.5;
    return c.proven == kDraw ? 0 : static_cast<int>((q - 0.5) * 2000);
  }
  int n = child;
  for (*plies = 1; nodes_[n].num_children > 0 && *plies < kMaxPly; ++*plies) n = best_child(n);
  return c.proven == c.mover ? kWin - *plies : -(kWin - *plies);
}

// The line from a root child: it, then the most visited (or proven winning) children.
template <class State>
std::vector<typename Mcts<State>::Move> Mcts<State>::line_of(int32_t child) const {
  std::vector<Move> pv;
  for (int32_t n = child; n >= 0 && pv.size() < 16;) {
    pv.push_back(nodes_[n].move);
    n = nodes_[n].num_children ? best_child(n) : -1;
    if (n >= 0 && nodes_[n].visits == 0) break;
  }
  return pv;
}

// Fills the result's ranked root moves, values and root visits (mcts.h); `visits` are the
// merged visits of the root's children, `best` the chosen child.
template <class State>
void Mcts<State>::rank_root(Result& result, int32_t best, const std::vector<uint64_t>& visits,
                            int multipv) const {
  const Node& root = nodes_[0];
  std::vector<uint32_t> order(root.num_children);
  for (uint32_t i = 0; i < root.num_children; ++i) order[i] = i;
  const uint32_t chosen = static_cast<uint32_t>(best - root.first_child);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    if ((a == chosen) != (b == chosen)) return a == chosen;
    return visits[a] > visits[b];
  });
  for (uint32_t i : order)
    result.root_visits.emplace_back(nodes_[root.first_child + i].move, visits[i]);
  const std::size_t lines = std::clamp<std::size_t>(multipv, 1, order.size());
  for (std::size_t k = 0; k < lines; ++k) {
    const int32_t c = root.first_child + static_cast<int32_t>(order[k]);
    RootLine<Move> line;
    line.move = nodes_[c].move;
    line.score = child_score(c, &line.proven_plies);
    line.pv = line_of(c);
    result.lines.push_back(std::move(line));
  }
  const Node& b = nodes_[best];
  for (int p = 0; p < players_; ++p) {
    double v;
    if (b.proven == kDraw) {
      v = 0;
    } else if (b.proven != kUnproven) {
      const int win = std::abs(result.lines[0].score);
      v = b.proven == p ? win : -win;
    } else {
      v = b.visits ? (b.reward[p] / b.visits - 0.5) * 2000 : 0;
    }
    result.values.push_back(v);
  }
}

template <class State>
std::vector<std::pair<typename Mcts<State>::Move, uint32_t>> Mcts<State>::root_visits() const {
  std::vector<std::pair<Move, uint32_t>> out;
  if (nodes_.empty()) return out;
  for (uint32_t i = 0; i < nodes_[0].num_children; ++i) {
    const Node& c = nodes_[nodes_[0].first_child + i];
    out.emplace_back(c.move, c.visits);
  }
  return out;
}

// Keeps the subtree of the node (root, child or grandchild of the old root) whose position is
// the new root, compacted into a fresh vector.
template <class State>
bool Mcts<State>::reuse(const State& root) {
  if (nodes_.empty()) return false;
  int32_t found = nodes_[0].hash == root.hash() ? 0 : -1;
  for (uint32_t i = 0; found < 0 && i < nodes_[0].num_children; ++i) {
    const int32_t c = nodes_[0].first_child + static_cast<int32_t>(i);
    if (nodes_[c].hash == root.hash()) found = c;
    for (uint32_t j = 0; found < 0 && j < nodes_[c].num_children; ++j) {
      const int32_t g = nodes_[c].first_child + static_cast<int32_t>(j);
      if (nodes_[g].hash == root.hash()) found = g;
    }
  }
  if (found < 0) return false;
  std::vector<Node> fresh;
  fresh.push_back(nodes_[found]);
  fresh[0].parent = -1;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    const Node old = fresh[i];
    if (old.num_children == 0) continue;
    fresh[i].first_child = static_cast<int32_t>(fresh.size());
    for (uint32_t k = 0; k < old.num_children; ++k) {
      Node c = nodes_[old.first_child + k];
      c.parent = static_cast<int32_t>(i);
      fresh.push_back(c);
    }
  }
  nodes_.swap(fresh);
  return true;
}

}  // namespace arbiter::ai
