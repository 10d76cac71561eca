// PuctDriver: PUCT searches (engine/puct.h) of one or many games at once, sharing evaluator
// calls, for arbiter.search(algorithm="puct"), arbiter.PuctSearch and arbiter.BatchedSearch.
//
// A search is rounds: every tree selects its leaves (up to `batch` each), then one evaluator
// call takes all of them, then every tree backs its leaves up. The trees' work runs on a
// WorkerPool with the GIL released; the GIL is taken only to make the evaluator's arrays and to
// call it. The evaluator is a Python callable
//     fn(observations float32 (n, C, H, W), masks bool (n, A))
//         -> (priors float32 (n, A), values float32 (n, P))
// (values seat-relative: column k is the player k seats after the one deciding, whose
// observation the row is), or a built-in one (engine/puct_evaluators.h), which runs on the
// pool's threads, one instance per thread.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ai/levels.h"
#include "engine/puct.h"
#include "engine/puct_evaluators.h"
#include "handles.h"
#include "worker_pool.h"

namespace arbiter::python {

// What evaluates the leaves: a callable, or the built-in evaluation a recipe names.
struct EvaluatorChoice {
  py::object fn;                     // not None: a Python callable
  std::optional<ai::Recipe> recipe;  // else this built-in evaluation
  std::string name;                  // "callable", "classic" or "net"
};
// The `evaluator` argument: a callable, "classic" (the hand evaluation, the default) or "net"
// (the game's shipped net, ai/levels.h); a TypeError or ValueError for anything else.
EvaluatorChoice evaluator_choice(const py::object& evaluator);

// The options from Python's keyword arguments, checked (a ValueError naming the bad one).
engine::PuctOptions puct_options(int64_t playouts, int64_t batch, double c_puct,
                                 double fpu_reduction, double dirichlet_alpha,
                                 double noise_fraction, double temperature, int64_t seed,
                                 bool reuse);

// The seed of tree i of a search seeded `seed`: PuctSearch(seed=s) searches as row 0 of a
// BatchedSearch(seed=s) does, and row i as PuctSearch(seed=s + i).
uint64_t tree_seed(uint64_t seed, int i);

struct DriverStats {
  uint64_t evaluator_calls = 0;
  uint64_t evaluations = 0;
  double seconds = 0;            // the whole run
  double evaluator_seconds = 0;  // inside the evaluator (a callable: Python's share)
};

class PuctDriver {
 public:
  PuctDriver(GamePtr game, int trees, int threads, EvaluatorChoice evaluator,
             engine::PuctOptions options);

  const GamePtr& game() const { return game_; }
  int trees() const { return static_cast<int>(trees_.size()); }
  engine::PuctOptions& options() { return options_; }

  // One search in each tree i whose roots[i] is not null (a running game of the driver's game),
  // the GIL held on entry and on return; results[i] is tree i's result. A Python exception from
  // the evaluator propagates (the trees stay as they were before the round); an evaluator output
  // out of range is a ValueError naming it.
  void run(std::span<const GameState* const> roots, std::vector<engine::PuctResult>& results,
           DriverStats& stats);
  // Forgets every tree.
  void clear();

 private:
  // One round of evaluation for the leaves the trees collected (counts[i] of tree i, at
  // offsets[i] in the round's arrays); an error text for the first failure.
  std::string evaluate_round(int total);
  std::string evaluate_callable(int total);

  GamePtr game_;
  EvaluatorChoice evaluator_;
  engine::PuctOptions options_;
  std::vector<std::unique_ptr<engine::PuctTree>> trees_;
  WorkerPool pool_;
  std::vector<std::unique_ptr<engine::StaticEvaluator>> builtin_;  // one per pool thread
  std::vector<int> counts_, offsets_;
  std::vector<float> priors_, values_;
  DriverStats* stats_ = nullptr;
};

}  // namespace arbiter::python
