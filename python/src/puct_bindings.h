// The PUCT face of the module (puct_bindings.cpp): arbiter.PuctSearch, arbiter.BatchedSearch,
// and the one-shot search behind arbiter.search(algorithm="puct").
#pragma once

#include "handles.h"
#include "puct_driver.h"
#include "search_outcome.h"

namespace arbiter::python {

// One PUCT search of `state` on a fresh tree (arbiter.search(algorithm="puct")).
SearchOutcome search_puct(StateHandle& state, const py::object& evaluator, int64_t playouts,
                          int64_t batch, double c_puct, double fpu_reduction,
                          double dirichlet_alpha, double noise_fraction, double temperature,
                          int64_t seed);

void bind_puct(py::module_& m);

}  // namespace arbiter::python
