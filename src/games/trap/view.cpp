#include "games/trap/view.h"

#include <utility>

#include "core/text.h"

namespace arbiter::trap {
namespace {

// One comma-separated part of a turn: a wall (slot), or a mover's cells (2 or 3).
struct Part {
  int slot = -1;
  std::vector<int> cells;
};

Result<Part> read_part(const Geometry& g, std::string_view text) {
  text = trim(text);
  Part part;
  if (text.find('|') != std::string_view::npos) {
    auto slot = g.parse_slot(text);
    if (!slot) return make_error(slot.error());
    part.slot = *slot;
    return part;
  }
  const auto names = split_exact(text, '-');
  if (names.size() < 2 || names.size() > 3) {
    return make_error("part " + quote(text) +
                      " is neither a step c3-c4, a two-step c3-c4-d5 nor a wall c3|c4");
  }
  for (auto name : names) {
    auto cell = g.parse_cell(trim(name));
    if (!cell) return make_error(cell.error());
    if (!part.cells.empty() && g.slot_between(part.cells.back(), *cell) < 0) {
      return make_error(g.cell_name(part.cells.back()) + " and " + g.cell_name(*cell) +
                        " are not neighbours");
    }
    part.cells.push_back(*cell);
  }
  return part;
}

}  // namespace

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
      cell.piece = "mover";
      cell.owner = side;
      cell.trapped = s.mover_trapped(side, index);
    }
    v.cells.push_back(std::move(cell));
  }
  for (int slot = 0; slot < g.num_slots; ++slot) {
    if (s.has_wall(slot)) v.walls.push_back(g.slot_name(slot));
  }
  v.walls_left = s.pile();
  for (int side : {kRed, kBlue}) {
    ViewPlayer p;
    p.name = s.player_name(side);
    p.colour = p.name;
    p.pieces = kMoversPerSide;
    p.trapped = s.trapped_count(side);
    p.to_move = !s.is_terminal() && s.to_move() == side;
    p.summary =
        std::to_string(p.trapped) + " of " + std::to_string(kMoversPerSide) + " movers trapped";
    v.players.push_back(std::move(p));
  }
  return v;
}

Result<MoveParts> move_parts(const State& s, std::string_view move) {
  const Geometry& g = s.geo();
  std::string text = to_lower(trim(move));
  std::string canonical;
  if (!s.is_terminal()) {
    if (auto legal = s.parse_move(text)) canonical = s.move_text(*legal);
  }
  if (!canonical.empty()) text = canonical;
  MoveParts parts;
  if (text == "pass") {
    parts.text = text;
    return parts;
  }
  const auto bad = [&](const std::string& why) {
    return make_error("turn " + quote(move) + ": " + why);
  };
  const auto pieces = split_exact(text, ',');
  if (pieces.size() > 2) return bad("more than two parts");
  std::vector<Part> p;
  for (auto piece : pieces) {
    auto part = read_part(g, piece);
    if (!part) return bad(part.error());
    p.push_back(std::move(*part));
  }
  const auto names = [&](const Part& part) {
    std::vector<std::string> out;
    if (part.slot >= 0) out.push_back(g.slot_name(part.slot));
    for (int c : part.cells) out.push_back(g.cell_name(c));
    return out;
  };
  const auto joined = [&](const Part& part) {
    if (part.slot >= 0) return g.slot_name(part.slot);
    std::string out;
    for (int c : part.cells) out += (out.empty() ? "" : "-") + g.cell_name(c);
    return out;
  };
  const auto concat = [](std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  if (p.size() == 1) {  // (a)
    if (p[0].cells.size() != 3) return bad("one part is a turn only as a two-step c3-c4-d5");
    parts.clicks.push_back(names(p[0]));
    parts.path = names(p[0]);
  } else if (p[0].cells.size() == 3 || p[1].cells.size() == 3) {
    return bad("a two-step move is a whole turn; it takes no second part");
  } else if (p[0].slot >= 0 && p[1].slot >= 0) {  // (d): either order
    if (p[0].slot == p[1].slot) return bad("the two walls go into the same slot");
    if (p[1].slot < p[0].slot) std::swap(p[0], p[1]);
    parts.clicks = {concat(names(p[0]), names(p[1])), concat(names(p[1]), names(p[0]))};
  } else if (p[0].slot >= 0 || p[1].slot >= 0) {  // (c): the step, then the wall
    if (p[0].slot >= 0) std::swap(p[0], p[1]);
    parts.clicks.push_back(concat(names(p[0]), names(p[1])));
    parts.path = names(p[0]);
  } else {  // (b)
    const int a = p[0].cells[0], b = p[0].cells[1], c = p[1].cells[0], d = p[1].cells[1];
    if (a == c) return bad("option (b) moves two different movers");
    if (b == d) return bad("the two movers cannot end on one cell");
    if (b == c && d == a) return bad("a turn must change the position (P7)");
    // A chain: the second mover enters the cell the first left; only the play order works.
    const bool chain = d == a || b == c;
    if (b == c || (!chain && c < a)) std::swap(p[0], p[1]);
    parts.clicks.push_back(concat(names(p[0]), names(p[1])));
    if (!chain) parts.clicks.push_back(concat(names(p[1]), names(p[0])));
    parts.path = concat(names(p[0]), names(p[1]));
  }
  parts.text =
      !canonical.empty() ? canonical : joined(p[0]) + (p.size() == 2 ? "," + joined(p[1]) : "");
  return parts;
}

}  // namespace arbiter::trap
