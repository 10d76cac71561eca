// The State class: one position of a game, played by whole moves (move text, as everywhere in
// arbiter) or by actions (the decisions a move is split into, numbered 0..A-1), with its
// observation tensor, exact serialization and the board the web UI draws.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <climits>

#include "games/board_text.h"
#include "handles.h"
#include "server/http/api_json.h"

namespace arbiter::python {

namespace {

// An action id from any Python integer (numpy's included), in 0..num_distinct_actions()-1.
int action_arg(const GameHandle& g, const py::handle& value) {
  // True and False are ints to Python, never actions.
  if (PyBool_Check(value.ptr())) throw py::type_error("action: expected an integer, got a bool");
  const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0 || v < 0 || v >= g.space.num_actions) {
    raise_value_error("action " + py::repr(number).cast<std::string>() + " is not an action of " +
                      std::string(g.game->name()) + " (0.." +
                      std::to_string(g.space.num_actions - 1) + ")");
  }
  return static_cast<int>(v);
}

int player_arg(const StateHandle& s, const std::optional<int>& player) {
  if (!player) return s.state->is_terminal() ? 0 : s.state->to_move();
  if (*player < 0 || *player >= s.state->num_players()) {
    raise_value_error("player " + std::to_string(*player) + " is not a player of this game (0.." +
                      std::to_string(s.state->num_players() - 1) + ")");
  }
  return *player;
}

// A `player` argument: None, or a whole number (a numpy integer too; not a bool), else a
// one-line TypeError naming `function`. Taken as an object, not through pybind11's caster,
// whose refusal is a several-line message.
std::optional<int> player_of(const char* function, const py::object& player) {
  if (player.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(player) || !PyIndex_Check(player.ptr())) {
    throw py::type_error(std::string(function) + "(): player must be an int or None, got " +
                         python_type_name(player));
  }
  const auto number = py::reinterpret_steal<py::object>(PyNumber_Index(player.ptr()));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0 || v < INT_MIN || v > INT_MAX) {
    raise_value_error(std::string(function) + "(): player " + py::str(number).cast<std::string>() +
                      " is not a player of this game");
  }
  return static_cast<int>(v);
}

py::array_t<float> observation(const StateHandle& s, const py::object& player_object) {
  const std::optional<int> player = player_of("observation_tensor", player_object);
  const ActionSpace& a = s.game->space;
  py::array_t<float> out({a.channels, a.height, a.width});
  s.state->observe(player_arg(s, player),
                   std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

py::array_t<bool> legal_mask(const StateHandle& s) {
  py::array_t<bool> out(s.game->space.num_actions);
  static_assert(sizeof(bool) == sizeof(uint8_t));
  s.state->legal_actions_mask(std::span<uint8_t>(reinterpret_cast<uint8_t*>(out.mutable_data()),
                                                 static_cast<std::size_t>(out.size())));
  return out;
}

std::vector<int> legal_actions(const StateHandle& s, const py::object& player_object) {
  const std::optional<int> player = player_of("legal_actions", player_object);
  std::vector<int> out;
  if (player) player_arg(s, player);  // a player the game does not have is an error
  if (player && (s.state->is_terminal() || *player != s.state->to_move())) return out;
  s.state->legal_actions(out);
  return out;
}

std::vector<double> rewards(const StateHandle& s) {
  if (s.state->is_terminal()) return s.state->returns();
  return std::vector<double>(static_cast<std::size_t>(s.state->num_players()), 0.0);
}

StateHandle clone(const StateHandle& s) { return StateHandle{s.game, s.state->clone()}; }

py::object board_view(const StateHandle& s) {
  // Imported per call (sys.modules holds it): a static py::object would be freed after the
  // interpreter at exit.
  return py::module_::import("json").attr("loads")(server::board_text(s.state->view()));
}

py::tuple pickled(const StateHandle& s) {
  return py::make_tuple(std::string(s.game->game->name()), s.game->params_text,
                        s.state->serialize());
}

StateHandle unpickled(const py::tuple& t) {
  if (t.size() != 3) raise_value_error("State: bad pickle");
  GamePtr g = make_game(t[0].cast<std::string>(), take(ParamMap::parse(t[1].cast<std::string>())));
  auto state = take(g->game->deserialize(t[2].cast<std::string>()));
  return StateHandle{std::move(g), std::move(state)};
}

}  // namespace

void bind_states(py::module_& m) {
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  py::class_<StateHandle>(m, "State")
      .def("game", [](const StateHandle& s) { return s.game; })
      .def("num_players", [](const StateHandle& s) { return s.state->num_players(); })
      .def(
          "current_player",
          [](const StateHandle& s) {
            return s.state->is_terminal() ? kTerminalPlayer : s.state->to_move();
          },
          "The player to decide (0-based, turn order); TERMINAL_PLAYER once the game is over.")
      .def("player_name",
           [](const StateHandle& s, int p) {
             player_arg(s, p);
             return s.state->player_name(p);
           })
      .def("is_terminal", [](const StateHandle& s) { return s.state->is_terminal(); })
      .def("returns", [](const StateHandle& s) { return s.state->returns(); })
      .def("rewards", &rewards,
           "The rewards of the last transition: the returns once the game is over, else zeros.")
      .def("result_text", [](const StateHandle& s) { return s.state->result_text(); })
      // Actions.
      .def("legal_actions", &legal_actions, py::arg("player") = py::none(),
           "Legal action ids, sorted; empty once terminal (or when `player` is not to decide).")
      .def("legal_actions_mask", &legal_mask, "numpy bool array of num_distinct_actions().")
      .def(
          "apply_action",
          [](StateHandle& s, const py::handle& action) {
            check(s.state->apply_action(action_arg(*s.game, action)));
          },
          py::arg("action"))
      .def(
          "action_to_string",
          [](const StateHandle& s, const py::handle& action) {
            return s.state->action_to_string(action_arg(*s.game, action));
          },
          py::arg("action"))
      .def(
          "string_to_action",
          [](const StateHandle& s, std::string_view text) {
            return take(s.state->string_to_action(text));
          },
          py::arg("text"))
      .def("decisions_pending", [](const StateHandle& s) { return s.state->decisions_pending(); })
      .def(
          "move_actions",
          [](StateHandle& s, const std::string& move) {
            Result<std::vector<int>> actions = std::vector<int>{};
            {
              py::gil_scoped_release release;
              actions = s.state->move_actions(move);
            }
            return take(std::move(actions));
          },
          py::arg("move"),
          "The decisions (action ids) that make a legal move, in order; the state is left as it "
          "was. A ValueError for an illegal move or while a move is in progress.")
      // Whole moves.
      .def("legal_moves", [](const StateHandle& s) { return s.state->legal_moves(); })
      .def(
          "apply_move", [](StateHandle& s, std::string_view move) { check(s.state->apply(move)); },
          py::arg("move"))
      .def(
          "history", [](const StateHandle& s) { return s.state->history(); },
          "Canonical texts of the moves played through this state, in order.")
      .def("undo",
           [](StateHandle& s) {
             if (!s.state->undo()) raise_value_error("there is nothing to undo");
           })
      .def("clone", &clone)
      .def("__copy__", &clone)
      .def("__deepcopy__", [](const StateHandle& s, const py::object&) { return clone(s); })
      // Views.
      .def(
          "position", [](const StateHandle& s) { return s.state->to_text(); },
          "The one-line position text (Game.state_from_position reads it).")
      .def("observation_tensor", &observation, py::arg("player") = py::none(),
           "float32 (C, H, W), seat-relative to `player` (default: the player to decide).")
      .def("board_view", &board_view, "The board as the web UI draws it (docs/api.md).")
      .def("serialize", [](const StateHandle& s) { return s.state->serialize(); })
      .def(
          "perft",
          [](const StateHandle& s, int depth) {
            if (depth < 0 || depth > 64) raise_value_error("perft depth must be in 0..64");
            const auto copy = s.state->clone();  // another thread may play on `s` meanwhile
            py::gil_scoped_release release;
            return copy->perft(depth);
          },
          py::arg("depth"), "Leaf count of the legal-move tree (whole moves) to `depth`.")
      .def("__str__", [](const StateHandle& s) { return draw_game(*s.state, {}); })
      .def("__repr__",
           [](const StateHandle& s) {
             return "<arbiter.State " + std::string(s.game->game->name()) + " " +
                    s.state->to_text() + ">";
           })
      .def(py::pickle(&pickled, &unpickled));
}

}  // namespace arbiter::python
