// Turn text (P5a). Canonical output:
//   (a)      c3-c4-d5          the intermediate cell is the lowest-named one that works
//   chain    d4-d5,c3-d4       (b) where the second mover enters the cell the first left: the
//                              order is the play order; used only when no (a) path gives the
//                              same position, else the (a) spelling is canonical (P7)
//   (b)      c3-c4,e5-e6       the lower-named start cell first
//   (c)      c3-c4,f5|f6       the step first
//   (d)      f5|f6,g2|g3       the lower-named wall first
//   pass
// Input: case-insensitive, spaces around parts ignored, the two parts in either order, any
// legal path for (a), either target assignment for (b).
#include <cassert>

#include "core/text.h"
#include "games/trap/state.h"

namespace arbiter::trap {

WrittenMove State::spell_move(const Move& m) const {
  const auto step = [](int a, int b) { return WrittenPart{false, -1, {a, b, 0}, 2}; };
  const auto wall = [](int slot) { return WrittenPart{true, slot, {}, 0}; };
  WrittenMove w;
  w.num_parts = 2;
  switch (m.kind) {
    case MoveKind::kPass:
      w.pass = true;
      w.num_parts = 0;
      break;
    case MoveKind::kShift: {
      int mid = -1;
      steps_from(m.a).for_each([&](int c) {
        if (!open_[c].test(m.b)) return true;
        mid = c;
        return false;
      });
      if (mid >= 0) {
        w.parts[0] = WrittenPart{false, -1, {m.a, mid, m.b}, 3};
        w.num_parts = 1;
        break;
      }
      int first = -1;  // the chain: the lowest mover next to m.a that can step to m.b first
      for (int i = 0; i < kMoversPerSide; ++i) {
        const int p = movers_[to_move_][i];
        if (p == m.a || mover_trapped(to_move_, i) || !open_[m.a].test(p)) continue;
        if (steps_from(p).test(m.b) && (first < 0 || p < first)) first = p;
      }
      assert(first >= 0);
      w.parts = {step(first, m.b), step(m.a, first)};
      break;
    }
    case MoveKind::kDouble:
      w.parts = {step(m.a, m.b), step(m.c, m.d)};
      break;
    case MoveKind::kStepWall:
      w.parts = {step(m.a, m.b), wall(m.c)};
      break;
    case MoveKind::kWalls:
      w.parts = {wall(m.a), wall(m.b)};
      break;
  }
  return w;
}

std::string State::write_move(const WrittenMove& w) const {
  if (w.pass) return "pass";
  const Geometry& g = *geo_;
  std::string out;
  for (int i = 0; i < w.num_parts; ++i) {
    const WrittenPart& part = w.parts[i];
    if (i > 0) out += ',';
    if (part.wall) {
      out += g.slot_name(part.slot);
      continue;
    }
    for (int k = 0; k < part.num_cells; ++k) {
      if (k > 0) out += '-';
      out += g.cell_name(part.cells[k]);
    }
  }
  return out;
}

namespace {

Result<WrittenPart> read_part(const Geometry& g, std::string_view text) {
  WrittenPart part;
  text = trim(text);
  if (text.empty()) return make_error("empty part");
  if (text.find('|') != std::string_view::npos) {
    auto slot = g.parse_slot(text);
    if (!slot) return make_error(slot.error());
    part.wall = true;
    part.slot = *slot;
    return part;
  }
  const auto names = split_exact(text, '-');
  if (names.size() < 2 || names.size() > 3) {
    return make_error("part " + quote(text) +
                      " is neither a step c3-c4, a two-step c3-c4-d5 "
                      "nor a wall c3|c4");
  }
  for (auto name : names) {
    auto cell = g.parse_cell(trim(name));
    if (!cell) return make_error(cell.error());
    part.cells[part.num_cells++] = *cell;
  }
  return part;
}

}  // namespace

Result<WrittenMove> State::read_move(std::string_view text) const {
  const std::string lower = to_lower(trim(text));
  if (lower.empty()) return make_error("empty turn");
  WrittenMove w;
  w.text = std::string(text);
  if (lower == "pass") {
    w.pass = true;
    return w;
  }
  const auto pieces = split_exact(lower, ',');
  if (pieces.size() > 2) return make_error("turn " + quote(text) + " has more than two parts");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    auto part = read_part(*geo_, pieces[i]);
    if (!part) return make_error("turn " + quote(text) + ": " + part.error());
    w.parts[i] = *part;
  }
  w.num_parts = static_cast<int>(pieces.size());
  return w;
}

Result<Move> State::parse_move(std::string_view text) const {
  if (is_terminal()) return make_error("the game is over (" + result_text() + ")");
  auto written = read_move(text);
  if (!written) return make_error(written.error());
  return legal_move(*written);
}

Result<Move> State::legal_move(const WrittenMove& w) const {
  if (is_terminal()) return make_error("the game is over (" + result_text() + ")");
  const Geometry& g = *geo_;
  const std::string side = player_name(to_move_);
  if (w.pass) {
    if (analyse().turns() != 0) return make_error("pass: " + side + " has a legal turn (P8)");
    return Move::pass();
  }
  const std::string_view text = w.text;
  const std::array<WrittenPart, 2>& parts = w.parts;
  const auto bad = [&](const std::string& why) {
    return make_error("turn " + quote(text) + ": " + why);
  };
  // A step from `from` to `to` for the side to move; `vacated` counts as empty (a chain).
  const auto check_step = [&](int from, int to, int vacated) -> std::string {
    int s = -1, i = -1;
    if (!mover_at(from, &s, &i) || s != to_move_)
      return "no " + side + " mover on " + g.cell_name(from);
    if (mover_trapped(s, i))
      return "the " + side + " mover on " + g.cell_name(from) + " is trapped (P9)";
    const int slot = g.slot_between(from, to);
    if (slot < 0) return g.cell_name(from) + " and " + g.cell_name(to) + " are not neighbours";
    if (walls_.test(slot)) return "a wall blocks " + g.cell_name(from) + "-" + g.cell_name(to);
    if (occupied_.test(to) && to != vacated) return g.cell_name(to) + " is occupied";
    return "";
  };
  const auto check_wall = [&](int slot, int needed) -> std::string {
    if (walls_.test(slot)) return g.slot_name(slot) + " already holds a wall";
    if (!walls_available(needed)) {
      return needed == 1 ? "no walls left in the pile (P6)"
                         : "two walls need 2 in the pile, it holds " + std::to_string(pile_);
    }
    return "";
  };
  if (w.num_parts == 1) {
    const WrittenPart& p = parts[0];
    if (p.wall) return bad("a single wall is not a turn; add a second wall or a step");
    if (p.num_cells == 2) return bad("a single step is not a turn; add a step or a wall");
    const auto [a, mid, b] = p.cells;
    if (auto e = check_step(a, mid, -1); !e.empty()) return bad(e);
    if (b == a)
      return bad("a turn must change the position: " + g.cell_name(a) +
                 " ends where it started (P7)");
    const int slot = g.slot_between(mid, b);
    if (slot < 0) return bad(g.cell_name(mid) + " and " + g.cell_name(b) + " are not neighbours");
    if (walls_.test(slot)) return bad("a wall blocks " + g.cell_name(mid) + "-" + g.cell_name(b));
    if (occupied_.test(b)) return bad(g.cell_name(b) + " is occupied");
    return Move::shift(a, b);
  }
  if (parts[0].num_cells == 3 || parts[1].num_cells == 3) {
    return bad("a two-step move is a whole turn; it takes no second part");
  }
  if (parts[0].wall && parts[1].wall) {  // (d)
    const int x = std::min(parts[0].slot, parts[1].slot),
              y = std::max(parts[0].slot, parts[1].slot);
    if (x == y) return bad("the two walls go into the same slot");
    for (int s : {x, y}) {
      if (auto e = check_wall(s, 2); !e.empty()) return bad(e);
    }
    return Move::walls(x, y);
  }
  if (parts[0].wall || parts[1].wall) {  // (c)
    const WrittenPart& st = parts[0].wall ? parts[1] : parts[0];
    const WrittenPart& wa = parts[0].wall ? parts[0] : parts[1];
    if (auto e = check_step(st.cells[0], st.cells[1], -1); !e.empty()) return bad(e);
    if (auto e = check_wall(wa.slot, 1); !e.empty()) return bad(e);
    return Move::step_wall(st.cells[0], st.cells[1], wa.slot);
  }
  // (b): the targets may be swapped when both assignments are legal; keep b < d.
  const auto normalise_double = [&](int p, int r, int q, int s) {
    if (s < r && steps_from(p).test(s) && steps_from(q).test(r))
      return Move::double_step(p, s, q, r);
    return Move::double_step(p, r, q, s);
  };
  // (b): try the parts in the given order, then reversed.
  std::string first_error;
  for (int order = 0; order < 2; ++order) {
    const WrittenPart& one = parts[order];
    const WrittenPart& two = parts[order ^ 1];
    const int p = one.cells[0], r = one.cells[1], q = two.cells[0], s = two.cells[1];
    std::string e = check_step(p, r, -1);
    if (e.empty() && q == r) e = "one mover cannot step twice in option (b); write a-b-c";
    if (e.empty() && q == p) e = "option (b) moves two different movers";
    if (e.empty() && s == r) e = g.cell_name(s) + " is occupied";
    if (e.empty()) e = check_step(q, s, p);
    if (e.empty()) {
      if (s == p) return Move::shift(q, r);  // a chain: q ends on r
      return p < q ? normalise_double(p, r, q, s) : normalise_double(q, s, p, r);
    }
    if (order == 0) first_error = e;
  }
  return bad(first_error);
}

}  // namespace arbiter::trap
