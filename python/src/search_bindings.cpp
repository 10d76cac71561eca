// arbiter.search(): the engine's searches from Python, on the calling thread with the GIL
// released. What self-play training needs comes back with the move: the principal variation, a
// value per player and, for MCTS, the visits of every root move, also summed per action (the
// first decision of each move), so they line up with legal_actions_mask().
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "ai/levels.h"
#include "ai/search.h"
#include "engine/game_module.h"
#include "engine/searcher.h"
#include "handles.h"
#include "puct_bindings.h"
#include "search_outcome.h"

namespace arbiter::python {

namespace {

// A value on the search's score scale (engine/searcher.h) as a result in [-1, 1]: a proven win
// or loss is +-1; MCTS scores a mean reward q as (q - 0.5) * 2000; alpha-beta's evaluation is
// squashed as MCTS squashes it into a win chance (ai/mcts.h MctsOptions::eval_scale, 300
// evaluation units per logistic unit), then stretched to [-1, 1].
double unit_value(double v, ai::Algorithm algorithm) {
  if (v > ai::kWinBound) return 1;
  if (v < -ai::kWinBound) return -1;
  if (algorithm == ai::Algorithm::kMcts) return std::clamp(v / 1000, -1.0, 1.0);
  constexpr double kEvalScale = 300;
  return std::tanh(v / (2 * kEvalScale));
}

ai::Algorithm algorithm_run(const ai::Recipe& recipe, const ai::SearchLimits& limits, int players) {
  const ai::Algorithm a = ai::algorithm_for(recipe, players);
  // As the engine does: MCTS bounded by depth alone is alpha-beta's search (game_searcher.h).
  const ai::SearchLimits l = ai::recipe_limits(recipe, limits, players);
  if (a == ai::Algorithm::kMcts && l.depth > 0 && l.nodes == 0 && l.movetime == 0 &&
      l.time_left == 0) {
    return ai::Algorithm::kAlphaBeta;
  }
  return a;
}

// The options of PUCT, which the other algorithms do not take.
struct PuctArgs {
  py::object evaluator;
  std::optional<int64_t> playouts;
  int64_t batch;
  double c_puct, fpu_reduction, dirichlet_alpha, noise_fraction, temperature;
};

SearchOutcome search(StateHandle& s, int level, std::optional<double> movetime,
                     std::optional<int64_t> nodes, std::optional<int> depth, int threads,
                     int64_t seed, std::optional<std::string> algorithm,
                     std::optional<std::string> player, const PuctArgs& puct) {
  if (seed < 0) raise_value_error("seed must not be negative");
  if (algorithm == "puct") {
    if (movetime) raise_value_error("search: algorithm='puct' takes playouts, not movetime");
    if (depth) raise_value_error("search: algorithm='puct' takes playouts, not depth");
    if (player) raise_value_error("search: algorithm='puct' takes an evaluator, not a player");
    if (nodes && puct.playouts) raise_value_error("search: give playouts or nodes, not both");
    return search_puct(s, puct.evaluator, puct.playouts.value_or(nodes.value_or(800)), puct.batch,
                       puct.c_puct, puct.fpu_reduction, puct.dirichlet_alpha, puct.noise_fraction,
                       puct.temperature, seed);
  }
  if (!puct.evaluator.is_none() || puct.playouts) {
    raise_value_error("search: evaluator and playouts are options of algorithm='puct'");
  }
  if (level < ai::kMinLevel || level > ai::kMaxLevel) {
    raise_value_error("level must be in " + std::to_string(ai::kMinLevel) + ".." +
                      std::to_string(ai::kMaxLevel));
  }
  if (player) (void)take(ai::parse_player_spec(*player));  // its own errors, before additions
  std::string spec = player ? *player : "level=" + std::to_string(level);
  if (algorithm) spec += ",algo=" + *algorithm;
  spec += ",threads=" + std::to_string(threads) + ",seed=" + std::to_string(seed);
  const ai::Recipe recipe = take(ai::parse_player_spec(spec));

  ai::SearchLimits limits;
  if (movetime && !(*movetime > 0 && *movetime < 1e6)) {
    raise_value_error("movetime must be a positive number of seconds");
  }
  if (depth && (*depth < 1 || *depth > ai::kMaxPly - 8)) {
    raise_value_error("depth must be in 1.." + std::to_string(ai::kMaxPly - 8));
  }
  if (nodes && *nodes <= 0) raise_value_error("nodes must be positive");
  limits.movetime = movetime ? *movetime : (nodes || depth ? 0 : 0.1);
  limits.nodes = static_cast<uint64_t>(nodes.value_or(0));
  limits.depth = depth.value_or(0);

  GameState& state = *s.state;
  if (state.decisions_pending() > 0) {
    raise_value_error("search: a move is in progress (" +
                      std::to_string(state.decisions_pending()) +
                      " of its decisions taken); search before its first decision");
  }
  const int players = state.num_players();
  SearchOutcome out;
  out.values.assign(static_cast<std::size_t>(players), 0.0);
  if (state.is_terminal()) {
    raise_value_error("search: the game is over (" + state.result_text() + "): no move to search");
  }
  const ai::Algorithm algo = algorithm_run(recipe, limits, players);
  out.algorithm = std::string(ai::algorithm_name(algo));

  auto searcher = engine::make_searcher(*s.game->game);
  check(searcher->set_position(state));
  engine::EngineResult r;
  {
    py::gil_scoped_release release;
    const std::atomic<bool> stop{false};
    r = searcher->search(recipe, limits, stop, {});
  }
  out.best_move = r.best_move;
  out.score = r.score;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.seconds = r.seconds;
  out.pv = r.pv;
  if (r.values.size() == out.values.size()) {
    for (std::size_t p = 0; p < r.values.size(); ++p) out.values[p] = unit_value(r.values[p], algo);
  }

  // The decisions of the moves the search names (the best and every visited root move),
  // each found along its own decisions on one copy, without the GIL.
  {
    py::gil_scoped_release release;
    auto scratch = state.clone();
    auto decisions = [&](const std::string& move) {
      auto it = out.move_actions.find(move);
      if (it == out.move_actions.end()) {
        auto actions = scratch->move_actions(move);
        it = out.move_actions.emplace(move, actions ? std::move(*actions) : std::vector<int>{})
                 .first;
      }
      return it->second;
    };
    if (!out.best_move.empty()) out.best_actions = decisions(out.best_move);
    for (const auto& [move, v] : r.root_visits) {
      out.move_visits[move] = v;
      decisions(move);
    }
  }
  if (!r.root_visits.empty()) {
    py::array_t<int64_t> visits(s.game->space.num_actions);
    std::fill_n(visits.mutable_data(), visits.size(), 0);
    for (const auto& [move, v] : r.root_visits) {
      const auto& actions = out.move_actions[move];
      if (!actions.empty()) visits.mutable_data()[actions.front()] += static_cast<int64_t>(v);
    }
    out.action_visits = visits;
  }
  return out;
}

}  // namespace

void bind_search(py::module_& m) {
  py::class_<SearchOutcome>(m, "SearchResult")
      .def_readonly("best_move", &SearchOutcome::best_move)
      .def_readonly("best_actions", &SearchOutcome::best_actions)
      .def_readonly("score", &SearchOutcome::score)
      .def_readonly("depth", &SearchOutcome::depth)
      .def_readonly("nodes", &SearchOutcome::nodes)
      .def_readonly("seconds", &SearchOutcome::seconds)
      .def_readonly("pv", &SearchOutcome::pv)
      .def_readonly("values", &SearchOutcome::values)
      .def_readonly("algorithm", &SearchOutcome::algorithm)
      .def_readonly("move_visits", &SearchOutcome::move_visits)
      .def_readonly("move_actions", &SearchOutcome::move_actions)
      .def_readonly("action_visits", &SearchOutcome::action_visits)
      .def_readonly("policy", &SearchOutcome::policy)
      .def_readonly("action", &SearchOutcome::action)
      .def_readonly("evaluations", &SearchOutcome::evaluations)
      .def_readonly("evaluator_calls", &SearchOutcome::evaluator_calls)
      .def_readonly("evaluator_seconds", &SearchOutcome::evaluator_seconds)
      .def_readonly("root_visits", &SearchOutcome::root_visits)
      .def_readonly("reused", &SearchOutcome::reused)
      .def("__repr__", [](const SearchOutcome& o) {
        std::string pv;
        for (const auto& m : o.pv) pv += (pv.empty() ? "" : " ") + m;
        return "<arbiter.SearchResult " + o.algorithm + " best_move='" + o.best_move +
               "' score=" + std::to_string(o.score) + " depth=" + std::to_string(o.depth) +
               " nodes=" + std::to_string(o.nodes) + " pv='" + pv + "'>";
      });

  m.def(
      "search",
      [](StateHandle& s, int level, std::optional<double> movetime, std::optional<int64_t> nodes,
         std::optional<int> depth, int threads, int64_t seed, std::optional<std::string> algorithm,
         std::optional<std::string> player, const py::object& evaluator,
         std::optional<int64_t> playouts, int64_t batch, double c_puct, double fpu_reduction,
         double dirichlet_alpha, double noise_fraction, double temperature) {
        return search(s, level, movetime, nodes, depth, threads, seed, algorithm, player,
                      PuctArgs{evaluator, playouts, batch, c_puct, fpu_reduction, dirichlet_alpha,
                               noise_fraction, temperature});
      },
      py::arg("state"), py::arg("level") = ai::kMaxLevel, py::arg("movetime") = py::none(),
      py::arg("nodes") = py::none(), py::arg("depth") = py::none(), py::arg("threads") = 1,
      py::arg("seed") = 0, py::arg("algorithm") = py::none(), py::arg("player") = py::none(),
      py::arg("evaluator") = py::none(), py::arg("playouts") = py::none(), py::arg("batch") = 8,
      py::arg("c_puct") = 1.25, py::arg("fpu_reduction") = 0.25, py::arg("dirichlet_alpha") = 0.3,
      py::arg("noise_fraction") = 0.0, py::arg("temperature") = 1.0,
      "Searches the state (left unchanged) and returns a SearchResult. With neither nodes nor "
      "depth the search gets movetime (default 0.1 s); with a node or depth limit and no "
      "movetime it is deterministic for a given seed and threads=1. algorithm='puct' searches "
      "the decision open now (a move may be in progress) with `evaluator` (PuctSearch's), "
      "`playouts` (default 800) and the PUCT options, on a fresh tree.");
}

}  // namespace arbiter::python
