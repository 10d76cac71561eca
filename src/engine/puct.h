// PUCT search (AlphaZero's) over the research face (games/game.h): a tree of single decisions,
// so every decision of a multi-decision move gets its own visit distribution, with priors and
// values from an evaluator that sees a batch of leaves at a time.
//
//   - selection: argmax over children of Q + c_puct · P · √N_parent / (1 + N), Q the child's
//     mean value for the player deciding at the parent; a child never visited takes its
//     parent's Q less `fpu_reduction` (first-play urgency);
//   - batches: up to `batch` leaves are selected before one evaluator call, each selection
//     counting as a loss on its path (virtual loss) so the next goes elsewhere; a selection that
//     ends on a leaf already waiting (a collision) is given up, and the round is evaluated once
//     `batch` collisions have happened;
//   - root noise: each search mixes `noise_fraction` of Dirichlet(alpha) noise into the root's
//     priors (the tree keeps the clean ones);
//   - values: one per player; a finished game's are its returns (games/game.h), a leaf's are the
//     evaluator's, given seat-relative (index 0: the player deciding at the leaf);
//   - tree reuse: when the position searched is in the previous tree (found by its exact
//     serialization), its subtree is kept and the new playouts add to it;
//   - deterministic: a tree's generator is seeded once; the same calls give the same results.
//
// PuctTree is a state machine so that many trees can share evaluator calls (a batch of games,
// python/src/batched_search.h): set_root(), then rounds of collect() / finish() until done().
// puct_search() runs those rounds for one tree and one LeafEvaluator.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/rng.h"
#include "games/game.h"

namespace arbiter::engine {

inline constexpr int kPuctMaxPlayers = 4;

struct PuctOptions {
  int playouts = 800;  // playouts one search adds (a reused subtree's visits come on top)
  int batch = 8;       // leaves per evaluator call, at most
  double c_puct = 1.25;
  double fpu_reduction = 0.25;
  double dirichlet_alpha = 0.3;
  double noise_fraction = 0;  // 0: no root noise (play); AlphaZero's self-play uses 0.25
  double temperature = 1;     // policy ∝ visits^(1/T); 0: all on the most visited
  uint64_t seed = 0;
  bool reuse = true;
};

// An error naming the first option out of range.
Status check_options(const PuctOptions& o);

// What a search's evaluator is asked: for each leaf (a running game, a decision open),
// priors[i·A + a] over every action id a (non-negative; only legal ids are read, renormalised;
// all zero means uniform) and values[i·P + k] in [−1, 1] for the player k seats after the one
// deciding at the leaf (clamped to that range). A negative or non-finite prior or a non-finite
// value is an error the search reports.
class LeafEvaluator {
 public:
  virtual ~LeafEvaluator() = default;
  virtual Status evaluate(std::span<const GameState* const> leaves, std::span<float> priors,
                          std::span<float> values) = 0;
};

struct PuctResult {
  std::vector<int64_t> visits;  // per action id: the root's children (reused visits included)
  std::vector<float> policy;    // per action id, sums to 1 (temperature applied)
  std::vector<double> values;   // per player: the root's mean value
  int action = -1;              // drawn from `policy` (temperature 0: the most visited)
  // The most visited decisions from the root until a move is complete, or as far as the tree
  // goes (then `move` is empty), and that move's text.
  std::vector<int> line;
  std::string move;
  uint64_t playouts = 0;     // added by this search
  uint64_t evaluations = 0;  // leaves the evaluator was asked for
  uint64_t root_visits = 0;  // the root's, reused ones included
  bool reused = false;       // the tree held the position searched
};

class PuctTree {
 public:
  PuctTree(int num_actions, int players, uint64_t seed);
  PuctTree(const PuctTree&) = delete;
  PuctTree& operator=(const PuctTree&) = delete;

  // Starts a search of `state` (running, the same game and parameters as every earlier root)
  // with `options` (check_options()'d): the subtree of `state` is kept when options.reuse and
  // the tree holds it, else the tree starts afresh.
  void set_root(const GameState& state, const PuctOptions& options);
  // Selects leaves for one evaluator call, at most `options.batch` and no more than the
  // playouts left; finished games met on the way are backed up at once. Returns the number of
  // leaves waiting; leaf(i) is each one's position, valid until finish().
  int collect();
  const GameState& leaf(int i) const { return *slots_[static_cast<std::size_t>(i)]; }
  std::span<const GameState* const> leaves() const { return leaf_views_; }
  // The evaluator's outputs for the leaves of collect(), laid out as LeafEvaluator says;
  // an error (tree unchanged but for the leaves given up) when an output is out of range,
  // naming its row as first_row + the leaf's index (the rows of a call shared by many trees).
  Status finish(std::span<const float> priors, std::span<const float> values, int first_row = 0);
  // Gives up the leaves of the last collect() (an evaluator failed): the tree is as before it.
  void abandon();
  // The search has added its playouts (or the root's game is decided by the tree alone).
  bool done() const { return playouts_ >= options_.playouts; }
  // The result so far (after done(): the search's). Draws the action from the tree's generator.
  PuctResult result();
  // Forgets the tree (the next set_root() starts afresh).
  void clear();

  int num_actions() const { return num_actions_; }
  int players() const { return players_; }
  std::size_t size() const { return nodes_.size(); }

 private:
  enum class Kind : uint8_t { kLeaf, kWaiting, kExpanded, kFinished };
  // A decision open at a node: 12 bytes, its node made when it is first selected. A node's
  // edges are sorted by prior, highest first (ties by id), so that of the edges never
  // selected the first scores highest: selection reads the edges up to the node's `frontier`
  // (the first edge never selected) and no further. The root, whose priors noise reorders,
  // reads them all.
  struct Edge {
    int32_t action = -1;
    float prior = 0;
    int32_t child = -1;
  };
  struct Node {
    int32_t first_edge = 0;
    int32_t num_edges = 0;
    int32_t frontier = 0;
    int32_t visits = 0;
    int32_t virtual_loss = 0;
    std::array<float, kPuctMaxPlayers> value_sum{};  // index = player
    std::array<float, kPuctMaxPlayers> exact{};      // kFinished: the returns
    int8_t to_move = -1;                             // set when expanded
    Kind kind = Kind::kLeaf;
  };
  struct Pending {
    std::vector<int32_t> path;  // nodes, root … leaf
  };

  // The edge of node n to select (its index among n's edges).
  int select_edge(int32_t n, bool at_root);
  void backup(const std::vector<int32_t>& path, const float* values_abs);
  void revert(const std::vector<int32_t>& path);
  // Finds `state` below the root (a node whose position serializes the same); -1 if absent.
  int32_t find(const GameState& state) const;
  void reroot(int32_t n);
  void reset_tree();
  void noise_root();
  GameState& slot(std::size_t i);

  int num_actions_;
  int players_;
  Rng rng_;
  PuctOptions options_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<Node> spare_nodes_;  // reroot()'s other buffers, kept for their capacity
  std::vector<Edge> spare_edges_;
  std::unique_ptr<GameState> root_state_;
  std::vector<float> root_priors_;  // the root's edges' priors, noise mixed in
  std::vector<std::unique_ptr<GameState>> slots_;
  std::vector<const GameState*> leaf_views_;
  std::vector<Pending> pending_;
  std::vector<int32_t> path_;
  std::vector<std::pair<float, int>> order_;  // finish()'s sort of a leaf's edges
  int playouts_ = 0;
  uint64_t evaluations_ = 0;
  bool reused_ = false;
};

// One search of `state` in `tree`: rounds of collect / evaluate / finish until it is done.
// An evaluator's error is returned and the tree left as before the round.
Result<PuctResult> puct_search(PuctTree& tree, const GameState& state, LeafEvaluator& evaluator,
                               const PuctOptions& options);

}  // namespace arbiter::engine
