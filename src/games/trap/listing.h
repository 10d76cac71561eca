// Trap's thousands of turns (15,054 at the start) in a few lines a person can read: per mover,
// the cells one step and two steps away and how many turns pair a step with a wall or with
// another mover, then the two-wall turns as a count. Works on the canonical turn text
// (docs/trap.md): `c3-c4-d5`, `c3-c4,e5-e6`, `c3-c4,f5|f6`, `f5|f6,g3|g4`, `pass`. The game's
// MoveLister (games/move_lister.h), named by its Descriptor.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/move_lister.h"

namespace arbiter::trap {

struct TrapMover {
  std::string cell;
  bool trapped = false;
};

class TurnLister final : public MoveLister {
 public:
  std::string_view noun() const override { return "turn"; }
  // True when `turn` moves the mover standing on `cell`.
  bool moves_piece(std::string_view turn, std::string_view cell) const override;
  // A two-part turn with its parts the other way round ("f5|f6,c3-c4"); "" for one part.
  std::string reordered(std::string_view turn) const override;
  // One line per mover of `player` that moves in `turns` (with nothing typed, one per mover,
  // trapped or stuck ones too), then the two-wall count.
  ListingSummary summarise(const BoardView& view, int player, const std::vector<std::string>& turns,
                           const ViewCell* cell, std::string_view typed) const override;
};

// Summary lines of `turns` for `movers` (every_mover: a line for each, moving or not).
std::vector<std::string> summarise_turns(const std::vector<std::string>& turns,
                                         const std::vector<TrapMover>& movers, bool every_mover);

const MoveLister* move_lister();

}  // namespace arbiter::trap
