// What serialize() adds to Trap's position text (docs/research.md): the keys of the positions
// since the last turn that placed a wall or trapped a mover (P11's threefold repetition looks at
// them; no earlier position can recur), oldest first, the current one left out.
//
//   record := "-" | key ("," key)*      key := 16 hex digits (movers, trapped, walls, pile, turn)
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "games/trap/state.h"

namespace arbiter::trap {

struct Snapshot {
  static std::string write(const State& state);
  // Onto a State just parsed from its position text; a one-line error for a bad record.
  static Status read(State& state, std::string_view record);
  // P11: occurrences of the current position so far, this one included.
  static int repetitions(const State& state);
};

}  // namespace arbiter::trap
