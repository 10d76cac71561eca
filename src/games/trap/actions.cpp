#include "games/trap/actions.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <span>

#include "core/text.h"

namespace arbiter::trap {
namespace {

bool walls_left(const State& s, int n) { return s.pile() < 0 || s.pile() >= n; }

// The lowest member of a set, or -1.
int lowest(const CellSet& set) {
  int found = -1;
  set.for_each([&](int c) {
    found = c;
    return false;
  });
  return found;
}

// Bit d set when the cell one step from `cell` in direction d is in `set` (no branch: off the
// field, around[] gives the cell itself, never in a set of its own neighbours).
unsigned directions_into(const Geometry& g, int cell, const CellSet& set) {
  unsigned dirs = 0;
  for (int d = 0; d < kDirections; ++d) dirs |= unsigned{set.test(g.around[cell][d])} << d;
  return dirs;
}

// Sorts up to three cells in place, ascending.
// A sorting network on values held in registers: a loop over the array was compiled to vector
// loads of values just stored one at a time, which wait for the stores to reach the cache.
void sort_cells(std::array<int, kMoversPerSide>& cells, int n) {
  static_assert(kMoversPerSide == 3);
  constexpr int kPast = std::numeric_limits<int>::max();  // after every cell
  int a = cells[0], b = n > 1 ? cells[1] : kPast, c = n > 2 ? cells[2] : kPast;
  const auto order = [](int& lo, int& hi) {
    const int low = std::min(lo, hi);
    hi = std::max(lo, hi);
    lo = low;
  };
  order(a, b);
  order(b, c);
  order(a, b);
  cells = {a, b, c};
}

// The cells named below `cell`.
CellSet cells_below(int cell) {
  CellSet below;
  for (int i = 0; i < static_cast<int>(below.w.size()); ++i) {
    const int bits = cell - 64 * i;
    below.w[i] = bits >= 64 ? ~uint64_t{0} : bits > 0 ? (uint64_t{1} << bits) - 1 : 0;
  }
  return below;
}

// The members of `slots` above `after`.
SlotSet slots_above(SlotSet slots, int after) {
  for (int i = 0; i < static_cast<int>(slots.w.size()); ++i) {
    const int bits = after + 1 - 64 * i;  // the low bits of word i that are not above `after`
    slots.w[i] &= bits >= 64 ? 0 : bits > 0 ? ~((uint64_t{1} << bits) - 1) : ~uint64_t{0};
  }
  return slots;
}

// Appends base + s for each member s of `slots` above `after`, ascending: one resize and no
// capacity test per id (a turn's decisions are mostly free slots, a hundred and more of them).
void append_slots(const SlotSet& slots, int base, std::vector<int>& out, int after = -1) {
  const SlotSet above = slots_above(slots, after);
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(above.count()));
  int* next = out.data() + at;
  for (int i = 0; i < static_cast<int>(above.w.size()); ++i) {
    for (uint64_t x = above.w[i]; x != 0; x &= x - 1) *next++ = base + 64 * i + std::countr_zero(x);
  }
}

// Where legal() puts the decisions: a list of ids (ascending, as they come) or a bitset over
// the action space.
struct IdList {
  std::vector<int>& out;
  void add(int id) { out.push_back(id); }
  void add_slots(const SlotSet& slots, int base, int after = -1) {
    append_slots(slots, base, out, after);
  }
  bool empty() const { return out.empty(); }
};
struct IdBits {
  std::span<uint64_t> bits;
  bool any = false;
  void add(int id) {
    bits[id >> 6] |= uint64_t{1} << (id & 63);
    any = true;
  }
  // base + s for each member s of `slots` above `after`: each word shifted into place.
  void add_slots(const SlotSet& slots, int base, int after = -1) {
    const SlotSet above = slots_above(slots, after);
    for (int i = 0; i < static_cast<int>(above.w.size()); ++i) {
      if (above.w[i] == 0) continue;
      any = true;
      or_shifted(bits, above.w[i], base + 64 * i);
    }
  }
  bool empty() const { return !any; }
};

// The set without its highest member.
SlotSet without_highest(SlotSet set) {
  for (int i = static_cast<int>(set.w.size()) - 1; i >= 0; --i) {
    if (set.w[i] != 0) {
      set.w[i] &= ~(uint64_t{1} << (63 - std::countl_zero(set.w[i])));
      break;
    }
  }
  return set;
}

}  // namespace

Actions::Actions(const Params& params)
    : geo_(&geometry(params.size)),
      walls_base_(kDirections * geo_->num_cells),
      max_plies_(params.max_plies) {}

ActionSpace Actions::space() const {
  ActionSpace s;
  s.num_actions = pass_id() + 1;
  s.max_game_length = max_plies_ > 0 ? 2 * max_plies_ : -1;
  return s;
}

template <class Sink>
bool Actions::second_after_step(const State& s, int x, int y, Sink* out) const {
  const Geometry& g = *geo_;
  const int side = s.to_move();
  CellSet after = s.occupied();  // the movers after the first step
  after.reset(x);
  after.set(y);
  bool any = false;
  const auto add = [&](int id) {
    any = true;
    if (out) out->add(id);
  };
  // Steps first (their ids are below the walls'), mover by mover in cell order (the mover
  // from x now on y), each in direction order: ascending ids.
  std::array<int, kMoversPerSide> movers{};
  int num_movers = 0;
  for (int i = 0; i < kMoversPerSide; ++i) {
    if (s.mover_trapped(side, i)) continue;
    const int cell = s.mover_cell(side, i);
    movers[num_movers++] = cell == x ? y : cell;
  }
  sort_cells(movers, num_movers);
  const CellSet from_x = s.steps_from(x);  // first steps of the mover on x, before the turn
  for (int m = 0; m < num_movers; ++m) {
    const int z = movers[m];
    const CellSet& open = s.open_neighbours(z);
    for (unsigned dirs = directions_into(g, z, open.minus(after)); dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      const int w = g.neighbour[z][d];
      bool ok;
      if (z == y) {
        // (a): not back to the start (P7), through the lowest-named middle cell.
        ok = w != x && lowest(from_x & s.open_neighbours(w)) == y;
      } else if (w == x) {
        // Chain (b), net z -> y: only when no (a) path z -> m -> y exists, and x is the
        // lowest-named mover that could have gone first.
        ok = (s.steps_from(z) & s.open_neighbours(y)).none();
        for (int p = 0; ok && p < num_movers; ++p) {
          const int q = movers[p];
          if (q < x && q != z && q != y && s.open_neighbours(y).test(q) && open.test(q)) {
            ok = false;
          }
        }
      } else {
        // Independent (b): the lower start first; with both pairings legal, lower with lower.
        const bool swapped = from_x.test(w) && open.test(y);
        ok = x < z && !(swapped && w < y);
      }
      if (ok) {
        if (!out) return true;
        add(step_id(z, d));
      }
    }
  }
  if (walls_left(s, 1)) {
    const SlotSet free_slots = g.all_slots.minus(s.walls());
    if (!out) return !free_slots.none();
    out->add_slots(free_slots, wall_id(0));
    any = any || !free_slots.none();
  }
  return any;
}

void Actions::legal(const State& s, std::vector<int>& out) const {
  IdList list{out};
  legal_into(s, list);
}

void Actions::legal_bits(const State& s, std::span<uint64_t> out) const {
  IdBits bits{out};
  legal_into(s, bits);
}

template <class Sink>
void Actions::legal_into(const State& s, Sink& out) const {
  const Geometry& g = *geo_;
  const int side = s.to_move();
  if (pending_ == 0) {
    const bool wall_follows = walls_left(s, 1);
    // The free movers in cell order and their steps, for the quick tests of completes() below.
    std::array<int, kMoversPerSide> cell{};
    int free_movers = 0;
    for (int i = 0; i < kMoversPerSide; ++i) {
      if (!s.mover_trapped(side, i)) cell[free_movers++] = s.mover_cell(side, i);
    }
    sort_cells(cell, free_movers);
    std::array<CellSet, kMoversPerSide> steps_of{};
    for (int i = 0; i < free_movers; ++i) steps_of[i] = s.steps_from(cell[i]);
    // Whether a second step follows x -> y. Two sufficient tests, each one case of
    // second_after_step() read off the sets, settle most first steps; the rest (a chain (b)
    // only) go to it.
    const auto completes = [&](int x, const CellSet& from_x, int y) {
      const CellSet lower = from_x & cells_below(y);  // the cells below y that x could step to
      // Independent (b): a mover on z > x steps to w ≠ y; when both pairings are legal
      // (x could reach w, z could reach y), only with w above y.
      for (int j = 0; j < free_movers; ++j) {
        if (cell[j] <= x) continue;
        CellSet w = steps_of[j];
        w.reset(y);
        if (s.open_neighbours(cell[j]).test(y)) w = w.minus(lower);
        if (!w.none()) return true;
      }
      // (a): the mover goes on from y to w (not back to x: x is occupied) when y is the
      // lowest-named middle cell from x to w, that is when no cell of `lower` is next to w.
      bool goes_on = false;
      s.steps_from(y).for_each([&](int w) {
        goes_on = (s.open_neighbours(w) & lower).none();
        return !goes_on;
      });
      if (goes_on) return true;
      return second_after_step<Sink>(s, x, y, nullptr);
    };
    // The movers in cell order, each in direction order: ascending ids.
    for (int k = 0; k < free_movers; ++k) {
      const int x = cell[k];
      const CellSet& to = steps_of[k];
      for (unsigned dirs = directions_into(g, x, to); dirs != 0; dirs &= dirs - 1) {
        const int d = std::countr_zero(dirs);
        // With a wall left, (c) always completes the step; else it needs a second step.
        if (wall_follows || completes(x, to, g.neighbour[x][d])) out.add(step_id(x, d));
      }
    }
    if (walls_left(s, 2)) {
      // (d): the lower slot first, so every free slot but the highest.
      out.add_slots(without_highest(g.all_slots.minus(s.walls())), wall_id(0));
    }
    if (out.empty()) out.add(pass_id());  // P8
    return;
  }
  const int a = taken_[0];
  if (is_wall(a)) {
    out.add_slots(g.all_slots.minus(s.walls()), wall_id(0), a - walls_base_);
    return;
  }
  const int x = a / kDirections;
  second_after_step(s, x, g.neighbour[x][a % kDirections], &out);
}

bool Actions::take(const State&, int action, Move& move) {
  if (action == pass_id()) {
    move = Move::pass();
    pending_ = 0;
    return true;
  }
  if (pending_ == 0) {
    taken_[0] = action;
    pending_ = 1;
    return false;
  }
  pending_ = 0;
  move = turn(taken_[0], action);
  return true;
}

bool Actions::peek(int action, Move& move) const {
  if (action == pass_id()) {
    move = Move::pass();
    return true;
  }
  // Any action may be asked about: only one that can end the turn begun is read (a wall after
  // a wall; a step to a cell of the field, or a wall, after a step).
  if (pending_ == 0 || action < 0 || action >= pass_id()) return false;
  if (is_wall(taken_[0]) && !is_wall(action)) return false;
  if (is_step(action) && geo_->neighbour[action / kDirections][action % kDirections] < 0) {
    return false;
  }
  move = turn(taken_[0], action);
  return true;
}

bool Actions::may_take(const State&, const Move& m, int action) const {
  if (action == pass_id()) return m.kind == MoveKind::kPass;
  if (is_wall(action)) {
    const int slot = action - walls_base_;
    return (m.kind == MoveKind::kWalls && (slot == m.a || slot == m.b)) ||
           (m.kind == MoveKind::kStepWall && slot == m.c);
  }
  const int x = action / kDirections;
  const int y = geo_->neighbour[x][action % kDirections];
  switch (m.kind) {
    case MoveKind::kShift:  // a → b through a middle cell, or the chain: p → b, then a → p
      return x == m.a || y == m.b;
    case MoveKind::kDouble:  // either pairing of the starts and targets
      return (x == m.a || x == m.c) && (y == m.b || y == m.d);
    case MoveKind::kStepWall:
      return x == m.a && y == m.b;
    default:
      return false;
  }
}

Move Actions::turn(int first, int action) const {
  const Geometry& g = *geo_;
  if (is_wall(first)) {
    return Move::walls(first - walls_base_, action - walls_base_);
  }
  const int x = first / kDirections;
  const int y = g.neighbour[x][first % kDirections];
  if (is_wall(action)) {
    return Move::step_wall(x, y, action - walls_base_);
  }
  const int z = action / kDirections;
  const int w = g.neighbour[z][action % kDirections];
  if (z == y) return Move::shift(x, w);  // (a)
  if (w == x) return Move::shift(z, y);  // chain (b)
  return Move::double_step(x, y, z, w);
}

std::string Actions::text(int a) const {
  const Geometry& g = *geo_;
  if (a == pass_id()) return "pass";
  if (is_wall(a)) return g.slot_name(a - walls_base_);
  const int c = a / kDirections;
  const int to = g.neighbour[c][a % kDirections];
  if (to < 0) return g.cell_name(c) + "-(off the field)";
  return g.cell_name(c) + "-" + g.cell_name(to);
}

Result<int> Actions::read(std::string_view text) const {
  const Geometry& g = *geo_;
  const std::string_view t = trim(text);
  if (to_lower(t) == "pass") return pass_id();
  if (t.find('|') != std::string_view::npos) {
    auto slot = g.parse_slot(t);
    if (!slot) return make_error("decision " + quote(text) + ": " + slot.error());
    return wall_id(*slot);
  }
  const auto dash = t.find('-');
  if (dash == std::string_view::npos) {
    return make_error("decision " + quote(text) +
                      ": expected a step 'c3-c4', a wall 'c3|c4' or 'pass'");
  }
  auto from = g.parse_cell(trim(t.substr(0, dash)));
  if (!from) return make_error("decision " + quote(text) + ": " + from.error());
  auto to = g.parse_cell(trim(t.substr(dash + 1)));
  if (!to) return make_error("decision " + quote(text) + ": " + to.error());
  for (int d = 0; d < kDirections; ++d) {
    if (g.neighbour[*from][d] == *to) return step_id(*from, d);
  }
  return make_error("decision " + quote(text) + ": the cells are not neighbours");
}

}  // namespace arbiter::trap
