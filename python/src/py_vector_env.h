// What arbiter.VectorEnv holds (vector_env_bindings.cpp binds it; BatchedSearch searches its
// games): the environment and the numpy views of its buffers.
#pragma once

#include <pybind11/numpy.h>

#include <memory>
#include <mutex>

#include "vector_env.h"

namespace arbiter::python {

struct PyVectorEnv {
  std::unique_ptr<VectorEnv> env;
  // One call at a time: the GIL is released while the games run, and two Python threads
  // must not step one environment together. Taken after releasing the GIL.
  std::mutex busy;
  py::array observations, final_observations, masks, rewards, terminated, players, random_actions;
};

}  // namespace arbiter::python
