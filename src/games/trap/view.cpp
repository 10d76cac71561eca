#include "games/trap/view.h"

#include <algorithm>
#include <utility>

#include "core/text.h"

namespace arbiter::trap {
BoardView view(const State& s) {
  const Geometry& g = s.geo();
  BoardView v;
  v.shape = "hex";
  v.width = g.size;
  v.height = g.num_rows;
  v.cells.reserve(g.num_cells);
  for (int c = 0; c < g.num_cells; ++c) {
    ViewCell cell;
    cell.name = g.cell_name(c);
    // Row r (from the bottom) starts at number max(1, r - size + 2); the widest row (r =
    // size - 1) starts at the left edge, and each row further from it starts half a cell in.
    cell.col = 2 * g.number[c] - g.row[c] + g.size - 3;
    cell.row = g.num_rows - 1 - g.row[c];
    int side = 0, index = 0;
    if (s.mover_at(c, &side, &index)) {
      cell.glyph = "mover";
      cell.owner = side;
      if (s.mover_trapped(side, index)) cell.tags.push_back("trapped");  // P9
    }
    v.cells.push_back(std::move(cell));
  }
  for (int slot = 0; slot < g.num_slots; ++slot) {
    if (s.has_wall(slot)) v.walls.push_back(g.slot_name(slot));
  }
  // P3: the shared pile.
  const int pile = s.pile();
  v.counters.push_back(
      {"walls left", pile, pile < 0 ? "walls unlimited" : std::to_string(pile) + " walls left"});
  for (int side : {kRed, kBlue}) {
    ViewPlayer p;
    p.name = s.player_name(side);
    p.colour = p.name;
    p.pieces = kMoversPerSide;
    const int trapped = s.trapped_count(side);
    p.counters.push_back({"trapped", trapped, std::to_string(trapped) + " trapped"});
    p.to_move = !s.is_terminal() && s.to_move() == side;
    p.summary =
        std::to_string(trapped) + " of " + std::to_string(kMoversPerSide) + " movers trapped";
    v.players.push_back(std::move(p));
  }
  return v;
}

Result<MoveParts> move_parts(const State& before, const WrittenMove& written) {
  const Geometry& g = before.geo();
  const auto legal = before.legal_move(written);
  const WrittenMove w = legal ? before.spell_move(*legal) : written;
  MoveParts parts;
  if (w.pass) {
    parts.text = "pass";
    return parts;
  }
  const auto bad = [&](const std::string& why) {
    return make_error("turn " + quote(written.text) + ": " + why);
  };
  std::vector<WrittenPart> p(w.parts.begin(), w.parts.begin() + w.num_parts);
  for (const WrittenPart& part : p) {
    for (int k = 1; k < part.num_cells; ++k) {
      if (g.slot_between(part.cells[k - 1], part.cells[k]) < 0) {
        return bad(g.cell_name(part.cells[k - 1]) + " and " + g.cell_name(part.cells[k]) +
                   " are not neighbours");
      }
    }
  }
  // The parts' names and changes are appended where they go, not made apart and joined: the
  // legal endpoint asks this of each of a size-8 field's ~115,000 turns.
  const auto add_names = [&](const WrittenPart& part, std::vector<std::string>& out) {
    if (part.wall) out.push_back(g.slot_name(part.slot));
    for (int k = 0; k < part.num_cells; ++k) out.push_back(g.cell_name(part.cells[k]));
  };
  const auto names = [&](const WrittenPart& part) {
    std::vector<std::string> out;
    add_names(part, out);
    return out;
  };
  // What each click of a part does to the board: a wall fills its slot; a mover's first cell
  // picks it up and each further cell is a step of it.
  const auto add_changes = [&](const WrittenPart& part, std::vector<ClickChange>& out) {
    if (part.wall) out.push_back({"", g.slot_name(part.slot)});
    for (int k = 0; k < part.num_cells; ++k) {
      out.push_back(k == 0
                        ? ClickChange{}
                        : ClickChange{g.cell_name(part.cells[k - 1]), g.cell_name(part.cells[k])});
    }
  };
  // The click order of the parts `first` then `second`.
  const auto order = [&](const WrittenPart& first, const WrittenPart& second) {
    std::vector<std::string>& clicks = parts.clicks.emplace_back();
    std::vector<ClickChange>& changes = parts.changes.emplace_back();
    clicks.reserve(first.num_cells + second.num_cells + 2);
    changes.reserve(clicks.capacity());
    add_names(first, clicks);
    add_names(second, clicks);
    add_changes(first, changes);
    add_changes(second, changes);
  };
  if (p.size() == 1) {  // (a)
    if (p[0].num_cells != 3) return bad("one part is a turn only as a two-step c3-c4-d5");
    parts.clicks.push_back(names(p[0]));
    add_changes(p[0], parts.changes.emplace_back());
    parts.path = names(p[0]);
  } else if (p[0].num_cells == 3 || p[1].num_cells == 3) {
    return bad("a two-step move is a whole turn; it takes no second part");
  } else if (p[0].wall && p[1].wall) {  // (d): either order
    if (p[0].slot == p[1].slot) return bad("the two walls go into the same slot");
    if (p[1].slot < p[0].slot) std::swap(p[0], p[1]);
    order(p[0], p[1]);
    order(p[1], p[0]);
  } else if (p[0].wall || p[1].wall) {  // (c): the step, then the wall
    if (p[0].wall) std::swap(p[0], p[1]);
    order(p[0], p[1]);
    parts.path = names(p[0]);
  } else {  // (b)
    const int a = p[0].cells[0], b = p[0].cells[1], c = p[1].cells[0], d = p[1].cells[1];
    if (a == c) return bad("option (b) moves two different movers");
    if (b == d) return bad("the two movers cannot end on one cell");
    if (b == c && d == a) return bad("a turn must change the position (P7)");
    // A chain: the second mover enters the cell the first left; only the play order works.
    const bool chain = d == a || b == c;
    if (b == c || (!chain && c < a)) std::swap(p[0], p[1]);
    order(p[0], p[1]);
    if (!chain) order(p[1], p[0]);
    parts.path = names(p[0]);
    add_names(p[1], parts.path);
  }
  WrittenMove ordered = w;
  std::copy(p.begin(), p.end(), ordered.parts.begin());
  parts.text = legal ? before.move_text(*legal) : before.write_move(ordered);
  return parts;
}

}  // namespace arbiter::trap
