// arbiter.VectorEnv: the batched environment (vector_env.h) as Python sees it. Its arrays are
// numpy views of the environment's own buffers, made once and returned by every call: read-only
// to the caller, overwritten by the next step (copy what must be kept).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <mutex>

#include "handles.h"
#include "py_vector_env.h"
#include "vector_env.h"

namespace arbiter::python {

namespace {

// A read-only numpy view of `data`, keeping the buffers alive while it lives.
py::array view(const py::dtype& dtype, std::vector<py::ssize_t> shape, void* data,
               const std::shared_ptr<EnvBuffers>& buffers) {
  auto* keep = new std::shared_ptr<EnvBuffers>(buffers);
  py::capsule base(keep, [](void* p) { delete static_cast<std::shared_ptr<EnvBuffers>*>(p); });
  py::array a(dtype, std::move(shape), data, base);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

std::unique_ptr<PyVectorEnv> make_env(const py::object& game, int batch, int threads, int64_t seed,
                                      const py::kwargs& kwargs) {
  GamePtr g;
  if (py::isinstance<py::str>(game)) {
    g = load_game_from(game.cast<std::string>(), std::nullopt, kwargs);
  } else if (py::isinstance<GameHandle>(game)) {
    if (!kwargs.empty())
      raise_value_error("VectorEnv: parameters go to load_game, not with a Game");
    g = game.cast<GamePtr>();
  } else {
    throw py::type_error("VectorEnv: expected a game name or a Game, got " +
                         py::str(py::type::of(game).attr("__name__")).cast<std::string>());
  }
  if (batch < 1 || batch > (1 << 20)) raise_value_error("VectorEnv: batch must be in 1..1048576");
  if (threads < 1 || threads > 256) raise_value_error("VectorEnv: threads must be in 1..256");
  if (seed < 0) raise_value_error("VectorEnv: seed must not be negative");
  auto out = std::make_unique<PyVectorEnv>();
  out->env = std::make_unique<VectorEnv>(std::move(g), batch, threads, static_cast<uint64_t>(seed));
  const GameHandle& h = out->env->game();
  const auto& buffers = out->env->buffers();
  EnvBuffers& b = *buffers;
  const py::ssize_t B = batch, C = h.space.channels, H = h.space.height, W = h.space.width,
                    A = h.space.num_actions, N = h.initial->num_players();
  out->observations = view(py::dtype::of<float>(), {B, C, H, W}, b.observations.data(), buffers);
  out->final_observations =
      view(py::dtype::of<float>(), {B, C, H, W}, b.final_observations.data(), buffers);
  out->masks = view(py::dtype("?"), {B, A}, b.masks.data(), buffers);
  out->rewards = view(py::dtype::of<float>(), {B, N}, b.rewards.data(), buffers);
  out->terminated = view(py::dtype("?"), {B}, b.terminated.data(), buffers);
  out->players = view(py::dtype::of<int32_t>(), {B}, b.players.data(), buffers);
  out->random_actions = view(py::dtype::of<int64_t>(), {B}, b.random_actions.data(), buffers);
  return out;
}

// A new writable array with a's contents: what a caller keeps across steps (the players who
// decided, the actions drawn) must not change under it.
py::array copy_of(const py::array& a) { return a.attr("copy")(); }

// `value` as a whole number (a Python or numpy integer, not a bool), else a ValueError naming
// `what`.
int64_t whole_number(const std::string& what, const py::handle& value) {
  if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr()))
    raise_value_error(what + " must be an int, got " + python_type_name(value));
  const auto number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0) raise_value_error(what + " is out of range");
  return v;
}

py::tuple reset(PyVectorEnv& e, const py::object& seed, const py::object& rows) {
  std::optional<uint64_t> new_seed;
  if (!seed.is_none()) {
    const int64_t value = whole_number("reset: seed", seed);
    if (value < 0) raise_value_error("reset: seed must not be negative");
    new_seed = static_cast<uint64_t>(value);
  }
  std::vector<uint8_t> marked;
  if (!rows.is_none()) {
    const auto given = py::array::ensure(rows);
    if (!given || given.ndim() != 1 || given.shape(0) != e.env->batch() ||
        given.dtype().kind() != 'b') {
      raise_value_error("reset: rows must be an array of " + std::to_string(e.env->batch()) +
                        " bools");
    }
    const auto flags = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(given);
    marked.assign(flags.data(), flags.data() + flags.size());
  }
  {
    py::gil_scoped_release release;
    std::lock_guard lock(e.busy);
    e.env->reset(marked, new_seed);
  }
  return py::make_tuple(e.observations, e.masks, copy_of(e.players));
}

py::tuple step(PyVectorEnv& e, const py::object& actions) {
  const py::array given = py::array::ensure(actions);
  if (!given) raise_value_error("step: actions must be an array of ints");
  const char kind = given.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    raise_value_error("step: actions must be integers, got an array of " +
                      py::str(given.dtype()).cast<std::string>());
  }
  if (given.ndim() != 1 || given.shape(0) != e.env->batch()) {
    raise_value_error("step: expected an array of " + std::to_string(e.env->batch()) + " actions");
  }
  const auto ids = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(given);
  Status status;
  {
    py::gil_scoped_release release;
    std::lock_guard lock(e.busy);
    status =
        e.env->step(std::span<const int64_t>(ids.data(), static_cast<std::size_t>(ids.size())));
  }
  check(status);
  return py::make_tuple(e.observations, e.masks, e.rewards, e.terminated);
}

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<PyVectorEnv>(m, "VectorEnv")
      .def(py::init(&make_env), py::arg("game"), py::arg("batch") = 1024, py::arg("threads") = 1,
           py::arg("seed") = 0,
           "A batch of games of one game and parameter set: VectorEnv('trap', batch=1024, "
           "threads=2, seed=1, size=4).")
      .def("reset", &reset, py::kw_only(), py::arg("seed") = py::none(),
           py::arg("rows") = py::none(),
           "Games back to their start: every game, or with rows (B bools) those marked; seed "
           "re-seeds their generators as the constructor does. Returns (observations (B,C,H,W), "
           "masks (B,A), current players (B,), a copy).")
      .def("step", &step, py::arg("actions"),
           "One decision in every game: (observations, masks, rewards (B,N), terminated (B,)). "
           "A game that ends restarts; its last observation stays in final_observations.")
      .def(
          "random_actions", [](const PyVectorEnv& e) { return copy_of(e.random_actions); },
          "A uniformly random legal action per game (int64 (B,), a new array), drawn when the "
          "last step (or reset) wrote the masks, from per-game generators seeded by the "
          "environment's seed.")
      .def(
          "state",
          [](PyVectorEnv& e, int i) {
            if (i < 0 || i >= e.env->batch())
              raise_value_error("state: no game " + std::to_string(i));
            std::unique_ptr<GameState> copy;
            {
              py::gil_scoped_release release;
              std::lock_guard lock(e.busy);
              copy = e.env->state(i);
            }
            return StateHandle{e.env->game_ptr(), std::move(copy)};
          },
          py::arg("index"), "A copy of game `index` as it stands.")
      .def_property_readonly("game", [](const PyVectorEnv& e) { return e.env->game_ptr(); })
      .def_property_readonly("batch", [](const PyVectorEnv& e) { return e.env->batch(); })
      .def_property_readonly("threads", [](const PyVectorEnv& e) { return e.env->threads(); })
      .def_property_readonly("observations", [](const PyVectorEnv& e) { return e.observations; })
      .def_property_readonly("final_observations",
                             [](const PyVectorEnv& e) { return e.final_observations; })
      .def_property_readonly("masks", [](const PyVectorEnv& e) { return e.masks; })
      .def_property_readonly("rewards", [](const PyVectorEnv& e) { return e.rewards; })
      .def_property_readonly("terminated", [](const PyVectorEnv& e) { return e.terminated; })
      .def_property_readonly("current_players",
                             [](const PyVectorEnv& e) { return copy_of(e.players); })
      .def_property_readonly("games_finished",
                             [](const PyVectorEnv& e) { return e.env->games_finished(); });
}

}  // namespace arbiter::python
