// The Travelers' game parameters: `max_plies=N` (the descriptor's schema describes it).
#pragma once

#include <string>

#include "core/params.h"
#include "core/result.h"

namespace arbiter::travelers {

struct Params {
  int max_plies = 0;  // draw once the game has this many plies in all; 0 = no limit
};

// Rejects unknown keys and out-of-range values with a one-line error.
Result<Params> parse_params(const ParamMap& map);
// Canonical: every key, defaults included (parses back to the same Params).
std::string params_text(const Params& params);

}  // namespace arbiter::travelers
