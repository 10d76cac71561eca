// SearchResult, what arbiter.search() and PuctSearch.search() return (search_bindings.cpp
// binds it): the move found and what self-play training needs with it.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace arbiter::python {

namespace py = pybind11;

struct SearchOutcome {
  std::string best_move;          // "" when the game is over
  std::vector<int> best_actions;  // the decisions that make best_move, in order
  int score = 0;                  // for the player to move, in the search's own units
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> pv;
  std::vector<double> values;                   // per player, in [-1, 1] (unit_value)
  std::string algorithm;                        // "alphabeta", "mcts", "brs" or "random"
  std::map<std::string, uint64_t> move_visits;  // MCTS: visits per root move
  // The decisions of the best move and of every move in move_visits.
  std::map<std::string, std::vector<int>> move_actions;
  py::object action_visits = py::none();  // MCTS: int64 (A,), visits per first decision;
                                          // PUCT: visits per decision open now
  // PUCT: the policy over the decisions open now (float32 (A,)), the decision drawn from it,
  // and the search's counts.
  py::object policy = py::none();
  int action = -1;
  uint64_t evaluations = 0;
  uint64_t evaluator_calls = 0;
  uint64_t root_visits = 0;
  bool reused = false;
  double evaluator_seconds = 0;
};

}  // namespace arbiter::python
