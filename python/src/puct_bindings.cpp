// arbiter.PuctSearch and arbiter.BatchedSearch: PUCT searches (engine/puct.h) with a Python
// evaluator or a built-in one (puct_driver.h), one game at a time with its tree kept between
// calls, or every game of a VectorEnv at once with one evaluator call per round of leaves.
#include "puct_bindings.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>

#include "py_vector_env.h"

namespace arbiter::python {

namespace {

SearchOutcome outcome(const engine::PuctResult& r, const DriverStats& stats) {
  SearchOutcome out;
  out.algorithm = "puct";
  out.best_move = r.move;
  out.best_actions = r.line;
  out.action = r.action;
  out.nodes = r.playouts;
  out.seconds = stats.seconds;
  out.values = r.values;
  out.evaluations = r.evaluations;
  out.evaluator_calls = stats.evaluator_calls;
  out.evaluator_seconds = stats.evaluator_seconds;
  out.root_visits = r.root_visits;
  out.reused = r.reused;
  py::array_t<int64_t> visits(static_cast<py::ssize_t>(r.visits.size()));
  std::memcpy(visits.mutable_data(), r.visits.data(), r.visits.size() * sizeof(int64_t));
  out.action_visits = visits;
  py::array_t<float> policy(static_cast<py::ssize_t>(r.policy.size()));
  std::memcpy(policy.mutable_data(), r.policy.data(), r.policy.size() * sizeof(float));
  out.policy = policy;
  return out;
}

struct PyPuctSearch {
  EvaluatorChoice evaluator;
  engine::PuctOptions options;
  std::unique_ptr<PuctDriver> driver;

  SearchOutcome search(StateHandle& s) {
    if (s.state->is_terminal()) {
      raise_value_error("search: the game is over (" + s.state->result_text() +
                        "): no decision to search");
    }
    // A tree holds one game under one parameter set.
    if (!driver || driver->game()->game != s.game->game ||
        driver->game()->params_text != s.game->params_text) {
      driver = std::make_unique<PuctDriver>(s.game, 1, 1, evaluator, options);
    }
    std::vector<engine::PuctResult> results;
    DriverStats stats;
    const GameState* root = s.state.get();
    driver->run(std::span(&root, 1), results, stats);
    return outcome(results[0], stats);
  }
};

std::unique_ptr<PyPuctSearch> make_puct(const py::object& evaluator, int64_t playouts,
                                        int64_t batch, double c_puct, double fpu_reduction,
                                        double dirichlet_alpha, double noise_fraction,
                                        double temperature, int64_t seed, bool reuse) {
  auto p = std::make_unique<PyPuctSearch>();
  p->evaluator = evaluator_choice(evaluator);
  p->options = puct_options(playouts, batch, c_puct, fpu_reduction, dirichlet_alpha, noise_fraction,
                            temperature, seed, reuse);
  return p;
}

struct BatchedOutcome {
  py::object action_visits, policy, values, actions, root_visits, reused;
  uint64_t evaluations = 0, evaluator_calls = 0;
  double seconds = 0, evaluator_seconds = 0;
};

struct PyBatchedSearch {
  py::object env_object;  // keeps the environment alive
  PyVectorEnv* env = nullptr;
  std::unique_ptr<PuctDriver> driver;

  BatchedOutcome search() {
    VectorEnv& e = *env->env;
    // The environment's games are read throughout: no step may run meanwhile.
    std::unique_lock lock(env->busy, std::defer_lock);
    if (!lock.try_lock()) {
      py::gil_scoped_release release;
      lock.lock();
    }
    const int B = e.batch();
    std::vector<const GameState*> roots(static_cast<std::size_t>(B));
    for (int i = 0; i < B; ++i) roots[static_cast<std::size_t>(i)] = &e.game_state(i);
    std::vector<engine::PuctResult> results;
    DriverStats stats;
    driver->run(roots, results, stats);

    const py::ssize_t A = e.game().space.num_actions, P = e.game().initial->num_players();
    py::array_t<int64_t> visits({static_cast<py::ssize_t>(B), A});
    py::array_t<float> policy({static_cast<py::ssize_t>(B), A});
    py::array_t<float> values({static_cast<py::ssize_t>(B), P});
    py::array_t<int64_t> actions(B), root_visits(B);
    py::array_t<bool> reused(B);
    for (int i = 0; i < B; ++i) {
      const auto& r = results[static_cast<std::size_t>(i)];
      std::memcpy(visits.mutable_data(i), r.visits.data(), r.visits.size() * sizeof(int64_t));
      std::memcpy(policy.mutable_data(i), r.policy.data(), r.policy.size() * sizeof(float));
      for (py::ssize_t p = 0; p < P; ++p) {
        *values.mutable_data(i, p) = static_cast<float>(r.values[static_cast<std::size_t>(p)]);
      }
      *actions.mutable_data(i) = r.action;
      *root_visits.mutable_data(i) = static_cast<int64_t>(r.root_visits);
      *reused.mutable_data(i) = r.reused;
    }
    BatchedOutcome out;
    out.action_visits = visits;
    out.policy = policy;
    out.values = values;
    out.actions = actions;
    out.root_visits = root_visits;
    out.reused = reused;
    out.evaluations = stats.evaluations;
    out.evaluator_calls = stats.evaluator_calls;
    out.seconds = stats.seconds;
    out.evaluator_seconds = stats.evaluator_seconds;
    return out;
  }
};

std::unique_ptr<PyBatchedSearch> make_batched(const py::object& env, const py::object& evaluator,
                                              int64_t playouts, int64_t batch, double c_puct,
                                              double fpu_reduction, double dirichlet_alpha,
                                              double noise_fraction, double temperature,
                                              int64_t seed, bool reuse,
                                              std::optional<int> threads) {
  if (!py::isinstance<PyVectorEnv>(env)) {
    throw py::type_error("BatchedSearch: expected a VectorEnv, got " + python_type_name(env));
  }
  auto out = std::make_unique<PyBatchedSearch>();
  out->env_object = env;
  out->env = env.cast<PyVectorEnv*>();
  const int t = threads.value_or(out->env->env->threads());
  if (t < 1 || t > 256) raise_value_error("BatchedSearch: threads must be in 1..256");
  const auto options = puct_options(playouts, batch, c_puct, fpu_reduction, dirichlet_alpha,
                                    noise_fraction, temperature, seed, reuse);
  out->driver = std::make_unique<PuctDriver>(out->env->env->game_ptr(), out->env->env->batch(), t,
                                             evaluator_choice(evaluator), options);
  return out;
}

constexpr const char* kEvaluatorDoc =
    "evaluator: fn(observations float32 (n,C,H,W), masks bool (n,A)) -> (priors (n,A), values "
    "(n,P)), values seat-relative (column 0: the player deciding; two players may return (n,)), "
    "or 'classic' (the hand evaluation, default) or 'net' (the shipped net), both with uniform "
    "priors.";

}  // namespace

SearchOutcome search_puct(StateHandle& state, const py::object& evaluator, int64_t playouts,
                          int64_t batch, double c_puct, double fpu_reduction,
                          double dirichlet_alpha, double noise_fraction, double temperature,
                          int64_t seed) {
  auto p = make_puct(evaluator, playouts, batch, c_puct, fpu_reduction, dirichlet_alpha,
                     noise_fraction, temperature, seed, false);
  return p->search(state);
}

void bind_puct(py::module_& m) {
  py::class_<PyPuctSearch>(m, "PuctSearch")
      .def(py::init(&make_puct), py::arg("evaluator") = py::none(), py::arg("playouts") = 800,
           py::arg("batch") = 8, py::arg("c_puct") = 1.25, py::arg("fpu_reduction") = 0.25,
           py::arg("dirichlet_alpha") = 0.3, py::arg("noise_fraction") = 0.0,
           py::arg("temperature") = 1.0, py::arg("seed") = 0, py::arg("reuse") = true,
           (std::string("PUCT search that keeps its tree between calls (reuse=True): a position "
                        "found in the last tree keeps its subtree. ") +
            kEvaluatorDoc)
               .c_str())
      .def("search", &PyPuctSearch::search, py::arg("state"),
           "Searches the decision open in `state` (left unchanged; a move may be in progress): "
           "a SearchResult with action_visits, policy, values and action.")
      .def(
          "reset", [](PyPuctSearch& p) { p.driver.reset(); }, "Forgets the tree.")
      .def_property_readonly("playouts", [](const PyPuctSearch& p) { return p.options.playouts; })
      .def_property_readonly("batch", [](const PyPuctSearch& p) { return p.options.batch; })
      .def_property_readonly("evaluator", [](const PyPuctSearch& p) -> py::object {
        if (p.evaluator.fn) return p.evaluator.fn;
        return py::str(p.evaluator.name);
      });

  py::class_<BatchedOutcome>(m, "BatchedSearchResult")
      .def_readonly("action_visits", &BatchedOutcome::action_visits)
      .def_readonly("policy", &BatchedOutcome::policy)
      .def_readonly("values", &BatchedOutcome::values)
      .def_readonly("actions", &BatchedOutcome::actions)
      .def_readonly("root_visits", &BatchedOutcome::root_visits)
      .def_readonly("reused", &BatchedOutcome::reused)
      .def_readonly("evaluations", &BatchedOutcome::evaluations)
      .def_readonly("evaluator_calls", &BatchedOutcome::evaluator_calls)
      .def_readonly("seconds", &BatchedOutcome::seconds)
      .def_readonly("evaluator_seconds", &BatchedOutcome::evaluator_seconds)
      .def("__repr__", [](const BatchedOutcome& o) {
        return "<arbiter.BatchedSearchResult evaluations=" + std::to_string(o.evaluations) +
               " evaluator_calls=" + std::to_string(o.evaluator_calls) + ">";
      });

  py::class_<PyBatchedSearch>(m, "BatchedSearch")
      .def(py::init(&make_batched), py::arg("env"), py::arg("evaluator") = py::none(),
           py::arg("playouts") = 800, py::arg("batch") = 1, py::arg("c_puct") = 1.25,
           py::arg("fpu_reduction") = 0.25, py::arg("dirichlet_alpha") = 0.3,
           py::arg("noise_fraction") = 0.0, py::arg("temperature") = 1.0, py::arg("seed") = 0,
           py::arg("reuse") = true, py::arg("threads") = py::none(),
           (std::string("PUCT searches of every game of a VectorEnv, one evaluator call per "
                        "round of leaves across all of them (up to `batch` leaves a game a "
                        "round), the games' trees on `threads` threads (default: the "
                        "environment's). Row i searches as PuctSearch(seed=seed + i) would. ") +
            kEvaluatorDoc)
               .c_str())
      .def("search", &PyBatchedSearch::search,
           "Searches the decision open in every game: a BatchedSearchResult with action_visits "
           "(B,A) int64, policy (B,A) float32, values (B,P) float32, actions (B,) int64, and per "
           "row its root's visits and whether its tree was reused; new arrays each call.")
      .def(
          "reset", [](PyBatchedSearch& b) { b.driver->clear(); }, "Forgets every tree.")
      .def_property_readonly("env", [](const PyBatchedSearch& b) { return b.env_object; });
}

}  // namespace arbiter::python
