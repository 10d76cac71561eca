#include "games/trap/listing.h"

#include <algorithm>
#include <cstddef>

#include "core/text.h"
#include "games/move_lister.h"

namespace arbiter::trap {
namespace {

struct Step {
  std::string from, to;
};

// A turn taken apart: its steps (a two-step as one step from start to end, marked) and walls.
struct TurnParts {
  std::vector<Step> steps;
  bool two_step = false;
  int walls = 0;
};

TurnParts take_apart(std::string_view turn) {
  TurnParts t;
  for (const auto part : split_exact(turn, ',')) {
    if (part.find('|') != std::string_view::npos) {
      ++t.walls;
      continue;
    }
    const auto cells = split_exact(part, '-');
    if (cells.size() < 2) continue;  // `pass`
    t.steps.push_back({std::string(cells.front()), std::string(cells.back())});
    t.two_step = cells.size() == 3;
  }
  return t;
}

std::string count_of(std::size_t n, const char* what) {
  return with_commas(n) + " " + what + (n == 1 ? "" : "s");
}

struct MoverSummary {
  std::vector<std::string> steps, two_steps;
  std::size_t with_wall = 0, with_mover = 0;
  bool moves() const { return !steps.empty() || !two_steps.empty(); }
};

void add_cell(std::vector<std::string>& cells, const std::string& cell) {
  if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  for (const auto w : split(text)) words.emplace_back(w);
  return words;
}

std::string cells_text(std::vector<std::string> cells) {
  std::sort(cells.begin(), cells.end(), cell_before);
  std::string out;
  for (const auto& c : cells) out += " " + c;
  return out;
}

std::vector<TrapMover> movers_of(const BoardView& view, int player) {
  std::vector<TrapMover> movers;
  for (const auto& c : view.cells) {
    if (!c.glyph.empty() && c.owner == player) movers.push_back({c.name, trapped(c)});
  }
  std::sort(movers.begin(), movers.end(),
            [](const TrapMover& a, const TrapMover& b) { return cell_before(a.cell, b.cell); });
  return movers;
}

// A step and a wall from the turns, to show how to narrow: "c3-c4", "a1|a2" ("" when none).
std::pair<std::string, std::string> examples(const std::vector<std::string>& turns) {
  std::string step, wall;
  for (const auto& turn : turns) {
    for (const auto part : split_exact(turn, ',')) {
      if (part.find('|') != std::string_view::npos) {
        if (wall.empty()) wall = std::string(part);
      } else if (step.empty() && part.find('-') != std::string_view::npos) {
        const auto cells = split_exact(part, '-');
        step = std::string(cells[0]) + "-" + std::string(cells[1]);
      }
    }
    if (!step.empty() && !wall.empty()) break;
  }
  return {step, wall};
}

}  // namespace

bool TurnLister::moves_piece(std::string_view turn, std::string_view cell) const {
  for (const auto& step : take_apart(turn).steps) {
    if (step.from == cell) return true;
  }
  return false;
}

std::string TurnLister::reordered(std::string_view turn) const {
  const auto comma = turn.find(',');
  if (comma == std::string_view::npos) return "";
  return std::string(turn.substr(comma + 1)) + "," + std::string(turn.substr(0, comma));
}

std::vector<std::string> summarise_turns(const std::vector<std::string>& turns,
                                         const std::vector<TrapMover>& movers, bool every_mover) {
  std::vector<MoverSummary> per(movers.size());
  std::size_t two_walls = 0;
  const auto index_of = [&](const std::string& cell) {
    for (std::size_t i = 0; i < movers.size(); ++i) {
      if (movers[i].cell == cell) return static_cast<int>(i);
    }
    return -1;
  };
  for (const auto& turn : turns) {
    const TurnParts t = take_apart(turn);
    if (t.walls == 2) ++two_walls;
    for (const auto& step : t.steps) {
      const int i = index_of(step.from);
      if (i < 0) continue;
      MoverSummary& m = per[i];
      if (t.two_step) {
        add_cell(m.two_steps, step.to);
        continue;
      }
      add_cell(m.steps, step.to);
      if (t.walls == 1) ++m.with_wall;
      if (t.steps.size() == 2) ++m.with_mover;
    }
  }
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < movers.size(); ++i) {
    const MoverSummary& m = per[i];
    if (!m.moves() && !every_mover) continue;
    std::string line = movers[i].cell + ":";
    if (!m.moves()) {
      line += movers[i].trapped ? " trapped" : " no step";
    } else {
      std::vector<std::string> parts;
      if (!m.steps.empty()) parts.push_back(" steps to" + cells_text(m.steps));
      if (!m.two_steps.empty()) parts.push_back(" two steps to" + cells_text(m.two_steps));
      if (m.with_wall > 0) parts.push_back(" with a wall: " + count_of(m.with_wall, "turn"));
      if (m.with_mover > 0) {
        parts.push_back(" with another mover: " + count_of(m.with_mover, "turn"));
      }
      for (std::size_t p = 0; p < parts.size(); ++p) line += (p ? ";" : "") + parts[p];
    }
    const auto filled = fill_lines(words_of(line), "    ");
    lines.insert(lines.end(), filled.begin(), filled.end());
  }
  if (two_walls > 0) lines.push_back("two walls: " + count_of(two_walls, "turn"));
  return lines;
}

ListingSummary TurnLister::summarise(const BoardView& view, int player,
                                     const std::vector<std::string>& turns, const ViewCell* cell,
                                     std::string_view typed) const {
  ListingSummary out;
  const auto movers =
      cell != nullptr ? std::vector<TrapMover>{{cell->name, false}} : movers_of(view, player);
  out.lines = summarise_turns(turns, movers, typed.empty());
  const auto [step, wall] = examples(turns);
  out.how = "type more to narrow";
  if (cell != nullptr) {
    out.footer = " move " + cell->name;
    if (!step.empty()) out.how = "type a step (" + step + ") to narrow";
  } else if (typed.empty()) {
    out.how = "type a mover's cell";
    if (!step.empty()) out.how += ", a step (" + step + ")";
    if (!wall.empty()) out.how += " or a wall (" + wall + ")";
    out.how += " to narrow";
  } else {
    out.footer = " begin " + std::string(typed);
  }
  return out;
}

const MoveLister* move_lister() {
  static const TurnLister lister;
  return &lister;
}

}  // namespace arbiter::trap
