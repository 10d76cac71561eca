// The extension module behind the `arbiter` package (python/arbiter/__init__.py re-exports it;
// docs/python.md is its reference).
#include "handles.h"
#include "puct_bindings.h"

PYBIND11_MODULE(_arbiter, m) {
  m.doc() = "arbiter: Traverse, The Travelers and Trap for research (docs/python.md)";
  arbiter::python::bind_games(m);
  arbiter::python::bind_states(m);
  arbiter::python::bind_search(m);
  arbiter::python::bind_vector_env(m);
  arbiter::python::bind_puct(m);
}
