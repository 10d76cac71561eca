// Trap's thousands of turns (15,054 at the start) in a few lines a person can read: per mover,
// the cells one step and two steps away and how many turns pair a step with a wall or with
// another mover, then the two-wall turns as a count. Works on the canonical turn text
// (docs/trap.md): `c3-c4-d5`, `c3-c4,e5-e6`, `c3-c4,f5|f6`, `f5|f6,g3|g4`, `pass`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::cli {

struct TrapMover {
  std::string cell;
  bool trapped = false;
};

// True when `turn` moves the mover standing on `cell`.
bool trap_turn_moves(std::string_view turn, std::string_view cell);
// A two-part turn with its parts the other way round ("f5|f6,c3-c4"); "" for one part.
std::string trap_turn_swapped(std::string_view turn);
// Summary lines of `turns`: one per mover of the side to move that moves in them (with
// `every_mover`, one per mover, trapped or stuck ones too), then the two-wall count.
std::vector<std::string> summarise_trap_turns(const std::vector<std::string>& turns,
                                              const std::vector<TrapMover>& movers,
                                              bool every_mover);

}  // namespace arbiter::cli
