// arbiter.games(), arbiter.load_game() and the Game class: a game under one parameter set, its
// sizes (actions, observation tensor, game length) and its parameter schema.
#include <pybind11/stl.h>

#include "core/text.h"
#include "games/registry.h"
#include "handles.h"

namespace arbiter::python {

namespace {

// A keyword argument as parameter text: True/False as on/off, integers in decimal, text as is.
std::string param_value_text(const std::string& key, const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "on" : "off";
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  // numpy's integers (and any other type with __index__) are whole numbers too.
  if (PyIndex_Check(value.ptr())) {
    const auto number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!number) throw py::error_already_set();
    return py::str(number).cast<std::string>();
  }
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  raise_value_error("parameter '" + key + "': expected an int, a bool or a str, got " +
                    python_type_name(value));
}

py::list parameter_schema(const GameHandle& g) {
  py::list out;
  for (const ParamSpec& spec : g.game->param_specs()) {
    py::dict p;
    p["name"] = std::string(spec.name);
    p["type"] = std::string(param_type_name(spec.type));
    p["default"] = std::string(spec.default_value);
    if (spec.type == ParamType::kInt) {
      p["min"] = spec.min;
      p["max"] = spec.max;
    }
    if (spec.type == ParamType::kChoice) {
      py::list choices;
      for (auto c : spec.choices) choices.append(std::string(c));
      p["choices"] = choices;
    }
    if (spec.type == ParamType::kText) p["example"] = std::string(spec.example);
    p["help"] = std::string(spec.help);
    const auto value = g.params.get(spec.name);
    p["value"] = value ? py::cast(*value) : py::none();
    out.append(p);
  }
  return out;
}

StateHandle new_state(const GamePtr& g, std::unique_ptr<GameState> state) {
  return StateHandle{g, std::move(state)};
}

}  // namespace

// load_game's arguments as one parameter list: the words after the name, the `params` text,
// then the keywords (a key given twice is an error, as everywhere).
GamePtr load_game_from(const std::string& spec, const std::optional<std::string>& params,
                       const py::kwargs& kwargs) {
  const auto words = split(spec);
  if (words.empty()) raise_value_error("load_game: no game named (known: " + game_names() + ")");
  std::vector<std::string> tokens;
  for (std::size_t i = 1; i < words.size(); ++i) tokens.emplace_back(words[i]);
  if (params) {
    for (auto word : split(*params)) tokens.emplace_back(word);
  }
  for (const auto& [key, value] : kwargs) {
    const auto k = key.cast<std::string>();
    tokens.push_back(k + "=" + param_value_text(k, value));
  }
  return make_game(words[0], take(ParamMap::parse(tokens)));
}

void bind_games(py::module_& m) {
  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const Game* g : all_games()) names.emplace_back(g->name());
        return names;
      },
      "The names of the games arbiter plays, in menu order.");
  m.def(
      "_conformance_cases",
      [](std::string_view name) {
        const Game* game = find_game(name);
        if (game == nullptr) raise_value_error("unknown game " + quote(name));
        std::vector<py::tuple> cases;
        for (const ConformanceCase& c : game->conformance_cases()) {
          cases.push_back(py::make_tuple(std::string(c.params), c.games, c.check_every));
        }
        return cases;
      },
      "The parameter sets the C++ conformance suite plays: (params, games, check_every).");
  m.def("load_game", &load_game_from, py::arg("name"), py::arg("params") = py::none(),
        "A game under its parameters: load_game('traverse', players=4, rules='expert'), "
        "load_game('traverse', 'players=4 rules=expert') or load_game('traverse players=4').");

  py::class_<GameHandle, std::shared_ptr<GameHandle>>(m, "Game")
      .def("name", [](const GameHandle& g) { return std::string(g.game->name()); })
      .def("title", [](const GameHandle& g) { return std::string(g.game->title()); })
      .def("summary", [](const GameHandle& g) { return std::string(g.game->summary()); })
      .def("params_text", [](const GameHandle& g) { return g.params_text; })
      .def("parameters", &parameter_schema,
           "The parameter schema, one dict per parameter (name, type, default, min/max, "
           "choices or example, help) with the value this game was loaded with.")
      .def("num_players", [](const GameHandle& g) { return g.initial->num_players(); })
      .def("player_names",
           [](const GameHandle& g) {
             std::vector<std::string> names;
             for (int p = 0; p < g.initial->num_players(); ++p) {
               names.push_back(g.initial->player_name(p));
             }
             return names;
           })
      .def("num_distinct_actions", [](const GameHandle& g) { return g.space.num_actions; })
      .def("observation_tensor_shape",
           [](const GameHandle& g) {
             return py::make_tuple(g.space.channels, g.space.height, g.space.width);
           })
      .def("observation_tensor_size",
           [](const GameHandle& g) { return g.space.channels * g.space.height * g.space.width; })
      .def("max_game_length", [](const GameHandle& g) { return g.space.max_game_length; })
      .def("new_initial_state",
           [](const std::shared_ptr<GameHandle>& g) { return new_state(g, g->initial->clone()); })
      .def(
          "state_from_position",
          [](const std::shared_ptr<GameHandle>& g, std::string_view text) {
            return new_state(g, take(g->game->parse_state(g->params, text)));
          },
          py::arg("position"), "A position given as position text, under this game's parameters.")
      .def(
          "deserialize_state",
          [](const std::shared_ptr<GameHandle>& g, std::string_view text) {
            auto state = take(g->game->deserialize(text));
            if (state->params_text() != g->params_text) {
              raise_value_error("deserialize_state: the state is of " +
                                std::string(g->game->name()) + " " + state->params_text() +
                                ", not of this game (" + g->params_text + ")");
            }
            return new_state(g, std::move(state));
          },
          py::arg("text"), "The state State.serialize() wrote (exact round-trip).")
      .def("__eq__",
           [](const GameHandle& a, const GameHandle& b) {
             return a.game == b.game && a.params_text == b.params_text;
           })
      .def("__hash__",
           [](const GameHandle& g) {
             return py::hash(py::str(std::string(g.game->name()) + " " + g.params_text));
           })
      .def("__repr__",
           [](const GameHandle& g) {
             return "arbiter.load_game('" + std::string(g.game->name()) + "', '" + g.params_text +
                    "')";
           })
      .def(py::pickle(
          [](const GameHandle& g) {
            return py::make_tuple(std::string(g.game->name()), g.params_text);
          },
          [](const py::tuple& t) {
            if (t.size() != 2) raise_value_error("Game: bad pickle");
            auto g = make_game(t[0].cast<std::string>(),
                               take(ParamMap::parse(t[1].cast<std::string>())));
            return std::const_pointer_cast<GameHandle>(g);
          }));
}

}  // namespace arbiter::python
