// render(): the field in plain text, top row first. Each cell is drawn as `.` (empty), `R`/`B`
// (a mover), `r`/`b` (a trapped mover). Walls: `|` between two cells of a row, `/` and `\`
// on the line between two rows (the edge to the upper-left / upper-right neighbour). Each row
// starts with its letter and ends with the names of its first and last cell.
#include <algorithm>

#include "games/trap/state.h"

namespace arbiter::trap {

std::string State::render() const {
  const Geometry& g = *geo_;
  const int n = g.size;
  const auto col = [&](int cell) { return 4 * g.number[cell] - 2 * g.row[cell] + 2 * n - 1; };
  int width = 0;
  for (int c = 0; c < g.num_cells; ++c) width = std::max(width, col(c) + 3);

  std::string out;
  out += player_name(to_move_) + " to move, pile " +
         (pile_ < 0 ? std::string("unlimited") : std::to_string(pile_)) + ", ply " +
         std::to_string(ply_);
  if (is_terminal()) out += ", " + result_text();
  out += '\n';
  for (int r = g.num_rows - 1; r >= 0; --r) {
    std::string line(width, ' ');
    line[0] = static_cast<char>('a' + r);
    int first = -1, last = -1;
    for (int x = 1; x <= g.num_rows; ++x) {
      const int c = g.cell_at(r, x);
      if (c < 0) continue;
      if (first < 0) first = c;
      last = c;
      char ch = '.';
      int side = 0, i = 0;
      if (mover_at(c, &side, &i)) {
        ch = side == kRed ? 'R' : 'B';
        if (mover_trapped(side, i)) ch = static_cast<char>(ch | 0x20);
      }
      line[col(c)] = ch;
      const int right = g.slot[c][0];  // direction (0,+1)
      if (right >= 0 && walls_.test(right)) line[col(c) + 2] = '|';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "    " + g.cell_name(first) + "-" + g.cell_name(last) + '\n';
    if (r == 0) break;
    // The edges between row r − 1 (below) and row r: seen from the lower cell.
    std::string between(width, ' ');
    bool any = false;
    for (int x = 1; x <= g.num_rows; ++x) {
      const int c = g.cell_at(r - 1, x);
      if (c < 0) continue;
      const int up_left = g.slot[c][2], up_right = g.slot[c][1];
      if (up_left >= 0 && walls_.test(up_left)) between[col(c) - 1] = '/', any = true;
      if (up_right >= 0 && walls_.test(up_right)) between[col(c) + 1] = '\\', any = true;
    }
    while (!between.empty() && between.back() == ' ') between.pop_back();
    out += (any ? between : std::string()) + '\n';
  }
  return out;
}

}  // namespace arbiter::trap
