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

namespace arbiter::python {

namespace {

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
  py::object action_visits = py::none();        // MCTS: int64 (A,), visits per first decision
};

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

// Every move of the position (at a move boundary) with the decisions that make it: the decision
// tree walked on clones. The first order found (smallest action ids first) is the one kept.
void collect_moves(const GameState& s, std::vector<int>& prefix,
                   std::map<std::string, std::vector<int>>& out) {
  std::vector<int> actions;
  s.legal_actions(actions);
  for (int a : actions) {
    auto next = s.clone();
    if (!next->apply_action(a)) continue;
    prefix.push_back(a);
    if (next->decisions_pending() == 0) {
      out.try_emplace(next->history().back(), prefix);
    } else {
      collect_moves(*next, prefix, out);
    }
    prefix.pop_back();
  }
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

SearchOutcome search(StateHandle& s, int level, std::optional<double> movetime,
                     std::optional<int64_t> nodes, std::optional<int> depth, int threads,
                     int64_t seed, std::optional<std::string> algorithm,
                     std::optional<std::string> player) {
  if (seed < 0) raise_value_error("seed must not be negative");
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

  std::map<std::string, std::vector<int>> moves;
  std::vector<int> prefix;
  collect_moves(state, prefix, moves);
  if (auto it = moves.find(out.best_move); it != moves.end()) out.best_actions = it->second;
  if (!r.root_visits.empty()) {
    py::array_t<int64_t> visits(s.game->space.num_actions);
    std::fill_n(visits.mutable_data(), visits.size(), 0);
    for (const auto& [move, v] : r.root_visits) {
      out.move_visits[move] = v;
      if (auto it = moves.find(move); it != moves.end() && !it->second.empty()) {
        visits.mutable_data()[it->second.front()] += static_cast<int64_t>(v);
      }
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
      .def_readonly("action_visits", &SearchOutcome::action_visits)
      .def("__repr__", [](const SearchOutcome& o) {
        std::string pv;
        for (const auto& m : o.pv) pv += (pv.empty() ? "" : " ") + m;
        return "<arbiter.SearchResult " + o.algorithm + " best_move='" + o.best_move +
               "' score=" + std::to_string(o.score) + " depth=" + std::to_string(o.depth) +
               " nodes=" + std::to_string(o.nodes) + " pv='" + pv + "'>";
      });

  m.def("search", &search, py::arg("state"), py::arg("level") = ai::kMaxLevel,
        py::arg("movetime") = py::none(), py::arg("nodes") = py::none(),
        py::arg("depth") = py::none(), py::arg("threads") = 1, py::arg("seed") = 0,
        py::arg("algorithm") = py::none(), py::arg("player") = py::none(),
        "Searches the state (left unchanged) and returns a SearchResult. With neither nodes nor "
        "depth the search gets movetime (default 0.1 s); with a node or depth limit and no "
        "movetime it is deterministic for a given seed and threads=1.");
}

}  // namespace arbiter::python
