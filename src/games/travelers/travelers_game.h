// The Travelers' descriptor under its former name, for params.cpp (which defines
// Traits::parse_params and Traits::params_text) and the tests that include this header. The
// module is descriptor.h.
#pragma once

#include "games/travelers/descriptor.h"

namespace arbiter::travelers {

using Traits = Descriptor;

}  // namespace arbiter::travelers
