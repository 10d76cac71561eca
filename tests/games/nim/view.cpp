#include "games/nim/view.h"

#include <string>

#include "games/nim/descriptor.h"

namespace arbiter::nim {

BoardView view(const State& s) {
  BoardView v;
  v.shape = "square";
  v.width = kMaxCounters;
  v.height = s.heaps();
  for (int h = 0; h < s.heaps(); ++h) {
    for (int k = 0; k < s.heap(h); ++k) {
      ViewCell c;
      c.name = s.move_text({uint8_t(h), uint8_t(k + 1)});
      c.col = k;
      c.row = s.heaps() - 1 - h;
      c.glyph = "counter";
      v.cells.push_back(std::move(c));
    }
  }
  for (int p = 0; p < s.num_players(); ++p) {
    ViewPlayer player;
    player.name = s.player_name(p);
    player.colour = std::string(Descriptor::kSeats[p].colour);
    player.to_move = !s.is_terminal() && s.to_move() == p;
    v.players.push_back(std::move(player));
  }
  return v;
}

MoveParts move_parts(const State& before, const Move& written) {
  MoveParts parts;
  parts.text = before.move_text(written);
  parts.clicks = {{parts.text}};
  return parts;
}

}  // namespace arbiter::nim
