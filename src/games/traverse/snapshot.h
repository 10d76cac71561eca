// What serialize() adds to Traverse's position text (docs/research.md): the positions of the
// game so far with their counts (R19 looks at them), and a blocked-out end, the one end the
// position text cannot show.
//
//   record := entries [" blocked-out " seat]      entries := "-" | entry ("," entry)*
//   entry  := 16 hex digits of the position key (board and seat to move) ["*" count]
//
// Entries ascend by key; "*count" appears when the count is above 1.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

struct Snapshot {
  static std::string write(const State& state);
  // Onto a State just parsed from its position text; a one-line error for a bad record.
  static Status read(State& state, std::string_view record);
};

}  // namespace arbiter::traverse
