// What the Python objects hold: a Game is one game under one parameter set (GameHandle, shared
// by every State made from it); a State is one runtime position of it (StateHandle). Errors
// cross into Python as ValueError carrying arbiter's one-line message.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>

#include "core/params.h"
#include "core/result.h"
#include "games/game.h"

namespace arbiter::python {

namespace py = pybind11;

// The name of a Python object's type, for errors ("got str").
inline std::string python_type_name(const py::handle& h) {
  return py::str(py::type::of(h).attr("__name__")).cast<std::string>();
}

// Bad input from the caller: a ValueError with arbiter's message.
[[noreturn]] inline void raise_value_error(const std::string& message) {
  throw py::value_error(message);
}
template <class T>
T take(Result<T> result) {
  if (!result) raise_value_error(result.error());
  return std::move(*result);
}
inline void check(const Status& status) {
  if (!status) raise_value_error(status.error());
}

struct GameHandle {
  const Game* game = nullptr;
  ParamMap params;          // canonical: every parameter, defaults included
  std::string params_text;  // the same as `key=value` text
  ActionSpace space;
  std::unique_ptr<GameState> initial;  // the start position; new states are its clones
};
using GamePtr = std::shared_ptr<GameHandle>;  // immutable once made

// The game `name` under `params`; an error for an unknown game or a bad parameter.
Result<GamePtr> new_game(std::string_view name, const ParamMap& params);
// The same, the error as a ValueError.
inline GamePtr make_game(std::string_view name, const ParamMap& params) {
  return take(new_game(name, params));
}
// load_game()'s arguments: "name [key=value ...]", an optional `key=value ...` text, then keyword
// arguments (True/False as on/off); a key given twice is an error.
GamePtr load_game_from(const std::string& spec, const std::optional<std::string>& params,
                       const py::kwargs& kwargs);

struct StateHandle {
  GamePtr game;
  std::unique_ptr<GameState> state;
};

// The player index Python sees once the game is over (pyspiel's kTerminalPlayerId).
inline constexpr int kTerminalPlayer = -4;

void bind_games(py::module_& m);
void bind_states(py::module_& m);
void bind_search(py::module_& m);
void bind_vector_env(py::module_& m);

}  // namespace arbiter::python
