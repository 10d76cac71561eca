#include "server/views.h"

namespace arbiter::server {

void write_board(JsonWriter& w, const BoardView& view) {
  w.begin_object();
  w.key("shape").value(view.shape);
  w.key("width").value(view.width);
  w.key("height").value(view.height);
  w.key("cells").begin_array();
  for (const ViewCell& c : view.cells) {
    w.begin_object();
    w.key("name").value(c.name);
    w.key("col").value(c.col);
    w.key("row").value(c.row);
    w.key("piece").value(c.piece);
    w.key("owner").value(c.owner);
    w.key("trapped").value(c.trapped);
    w.key("start_of").value(c.start_of);
    w.key("goal_of").value(c.goal_of);
    w.end_object();
  }
  w.end_array();
  w.key("walls").value(view.walls);
  w.key("walls_left").value(view.walls_left);
  w.key("players").begin_array();
  for (const ViewPlayer& p : view.players) {
    w.begin_object();
    w.key("name").value(p.name);
    w.key("colour").value(p.colour);
    w.key("forward").value(p.forward);
    w.key("pieces").value(p.pieces);
    w.key("home").value(p.home);
    w.key("trapped").value(p.trapped);
    w.key("to_move").value(p.to_move);
    w.key("summary").value(p.summary);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

MoveParts move_parts_of(const GameState& state, const std::string& text) {
  auto parts = state.move_parts(text);
  if (parts) return std::move(*parts);
  // Only malformed text fails, and `text` comes from the rules core: draw it as a bare move.
  MoveParts bare;
  bare.text = text;
  return bare;
}

}  // namespace arbiter::server
