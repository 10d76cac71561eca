// What serialize() adds to the position text of The Travelers (docs/research.md): the positions
// since the last capture (V13's threefold repetition looks at them; earlier ones have other
// material), oldest first, each as its difference from the position after it.
//
//   record := "-" | entry ("," entry)*
//   entry  := (square piece)+ ["!"]   the squares where the earlier position differs from the
//                                     next, with what stood there: a position-text letter
//                                     (T D B A W R, lower case Black) or "." for empty; "!" when
//                                     the V11 ban held in it
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

struct Snapshot {
  static std::string write(const State& state);
  // Onto a State just parsed from its position text; a one-line error for a bad record.
  static Status read(State& state, std::string_view record);
  // V13: occurrences of the current position since the last capture, this one included.
  static int repetitions(const State& state) { return state.repetitions(); }
};

}  // namespace arbiter::travelers
