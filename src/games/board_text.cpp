#include "games/board_text.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace arbiter {
namespace {

// A grid of characters, each with an optional ANSI style (SGR parameters such as "1;32").
class Canvas {
 public:
  Canvas(int lines, int width) : lines_(lines, std::vector<Mark>(width)) {}
  void put(int y, int x, char ch, const std::string& style = "") {
    if (y < 0 || y >= static_cast<int>(lines_.size()) || x < 0) return;
    auto& line = lines_[y];
    if (x >= static_cast<int>(line.size())) line.resize(x + 1);
    line[x] = Mark{ch, style};
  }
  void text(int y, int x, std::string_view s, const std::string& style = "") {
    for (std::size_t i = 0; i < s.size(); ++i) put(y, x + static_cast<int>(i), s[i], style);
  }
  // Trailing blanks dropped; styles as escape codes only with colour.
  std::string str(bool colour) const {
    std::string out;
    for (const auto& line : lines_) {
      std::size_t end = line.size();
      while (end > 0 && line[end - 1].ch == ' ' && line[end - 1].style.empty()) --end;
      std::string current;
      for (std::size_t x = 0; x < end; ++x) {
        const Mark& m = line[x];
        if (colour && m.style != current) {
          if (!current.empty()) out += "\x1b[0m";
          if (!m.style.empty()) out += "\x1b[" + m.style + "m";
          current = m.style;
        }
        out += m.ch;
      }
      if (!current.empty()) out += "\x1b[0m";
      out += '\n';
    }
    return out;
  }

 private:
  struct Mark {
    char ch = ' ';
    std::string style;
  };
  std::vector<std::vector<Mark>> lines_;
};

// The ANSI colour of a colour the rules give a player (ViewPlayer::colour).
std::string colour_code(std::string_view colour) {
  static const std::map<std::string_view, std::string> kCodes = {
      {"green", "32"}, {"pink", "38;5;213"}, {"orange", "38;5;208"}, {"yellow", "33"},
      {"white", "97"}, {"black", "31"},      {"red", "31"},          {"blue", "94"}};
  const auto it = kCodes.find(colour);
  return it == kCodes.end() ? "" : it->second;
}

const std::string kLit = "48;5;238";           // background of the last move's cells
const std::string kBracket = "1;33;48;5;238";  // their brackets
const std::string kNewWall = "1;33";

std::string joined_style(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + ";" + b;
}

// What a cell shows: its text and ANSI style.
struct Look {
  std::string content;
  std::string style;
};

// Draws cells from the game's legend (games/descriptor_types.h) alone: a piece as the letters of
// its glyph key, else the mark of a zone the cell lies in, else '.'; each padded to the width of
// the legend's widest letters.
class Drawer {
 public:
  Drawer(const Legend& legend, const BoardView& view)
      : legend_(legend), view_(view), width_(glyph_width(legend)) {
    for (const ViewZone& zone : view.zones) {
      for (const auto& name : zone.cells) zones_of_[name].push_back(&zone);
    }
  }

  int width() const { return width_; }

  Look look(const ViewCell& c) const {
    Look out;
    if (!c.glyph.empty()) {
      out.content = letters(c);
      out.style = piece_style(c);
    } else {
      out.content = ".";
      const auto it = zones_of_.find(c.name);
      for (const ViewZone* zone : it == zones_of_.end() ? Zones{} : it->second) {
        const ZoneSpec* spec = find_zone(legend_, zone->kind);
        if (out.content == ".") out.content = std::string(1, spec ? spec->mark : ':');
        if (spec && spec->tinted && out.style.empty())
          out.style = colour_code(colour_of(zone->owner));
      }
    }
    out.content.resize(std::max<std::size_t>(out.content.size(), width_), ' ');
    return out;
  }

 private:
  using Zones = std::vector<const ViewZone*>;

  std::string colour_of(int player) const {
    return player >= 0 && player < static_cast<int>(view_.players.size())
               ? view_.players[player].colour
               : "";
  }
  std::string name_of(int player) const {
    return player >= 0 && player < static_cast<int>(view_.players.size())
               ? view_.players[player].name
               : "";
  }

  // The legend's letters; a key it lacks is drawn as its first letter, upper case.
  std::string letters(const ViewCell& c) const {
    if (const GlyphSpec* spec = find_glyph(legend_, c.glyph, c.tags)) {
      return glyph_letters(*spec, c.owner, name_of(c.owner));
    }
    return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c.glyph[0]))));
  }

  std::string piece_style(const ViewCell& c) const {
    if (c.owner < 0 || c.owner >= static_cast<int>(view_.players.size())) return "";
    const std::string code = colour_code(colour_of(c.owner));
    if (code.empty()) return "1";
    const GlyphSpec* spec = find_glyph(legend_, c.glyph, c.tags);
    return (spec && spec->faint ? "2;" : "1;") + code;
  }

  const Legend& legend_;
  const BoardView& view_;
  int width_;
  std::map<std::string, Zones> zones_of_;
};

// The cells (and slots) the last move names: its path and every click.
struct Marks {
  std::set<std::string> cells, slots;
};

Marks marks_of(const MoveParts* last) {
  Marks m;
  if (!last) return m;
  for (const auto& name : last->path) m.cells.insert(name);
  for (const auto& order : last->clicks) {
    for (const auto& name : order) {
      (name.find('|') != std::string::npos ? m.slots : m.cells).insert(name);
    }
  }
  return m;
}

// Square boards: files left to right and ranks bottom to top, or both reversed when flipped.
std::string draw_square(const Drawer& drawer, const BoardView& view, const MoveParts* last,
                        const DrawOptions& o) {
  const int w = view.width, h = view.height;
  const int field = drawer.width() + 2;  // a bracket, the piece, a bracket
  std::vector<const ViewCell*> grid(w * h, nullptr);
  for (const auto& c : view.cells) {
    if (c.col >= 0 && c.col < w && c.row >= 0 && c.row < h) grid[c.row * w + c.col] = &c;
  }
  const Marks marks = marks_of(last);
  Canvas canvas(h + 2, 4 + w * field + 4);
  const int right = 4 + w * field + 1;
  for (int j = 0; j < w; ++j) {
    const int col = o.flip ? w - 1 - j : j;
    const ViewCell* c = grid[col];
    if (!c) continue;
    canvas.put(0, 4 + j * field + 1, c->name[0]);
    canvas.put(h + 1, 4 + j * field + 1, c->name[0]);
  }
  for (int i = 0; i < h; ++i) {
    const int row = o.flip ? i : h - 1 - i;
    for (int j = 0; j < w; ++j) {
      const int col = o.flip ? w - 1 - j : j;
      const ViewCell* c = grid[row * w + col];
      if (!c) continue;
      const int x = 4 + j * field;
      if (j == 0 || j == w - 1) {
        const std::string rank = c->name.substr(1);
        if (j == 0) canvas.text(i + 1, 3 - static_cast<int>(rank.size()), rank);
        if (j == w - 1) canvas.text(i + 1, right, rank);
      }
      const bool lit = marks.cells.count(c->name) > 0;
      auto [content, style] = drawer.look(*c);
      if (lit) {
        canvas.put(i + 1, x, '[', kBracket);
        canvas.put(i + 1, x + field - 1, ']', kBracket);
        style = joined_style(style, kLit);
      }
      canvas.text(i + 1, x + 1, content, style);
    }
  }
  return canvas.str(o.colour);
}

// The hex field: rows two lines apart with walls between them; a cell every four columns.
std::string draw_hex(const Drawer& drawer, const BoardView& view, const MoveParts* last,
                     const DrawOptions& o) {
  const int h = view.height;
  int max_col = 0;
  for (const auto& c : view.cells) max_col = std::max(max_col, c.col);
  struct Place {
    int x, y;
    const ViewCell* cell;
  };
  std::map<std::string, Place> at;
  for (const auto& c : view.cells) {
    const int col = o.flip ? max_col - c.col : c.col;
    const int row = o.flip ? h - 1 - c.row : c.row;
    at[c.name] = Place{4 + 2 * col, 2 * row, &c};
  }
  const Marks marks = marks_of(last);
  const int width = 4 + 2 * max_col + 2;
  Canvas canvas(2 * h - 1, width);
  // Row labels: the row letter on the left, the names of the first and last cell on the right.
  std::vector<std::pair<const Place*, const Place*>> ends(h, {nullptr, nullptr});
  for (const auto& [name, p] : at) {
    auto& [first, last_cell] = ends[p.y / 2];
    if (!first || p.x < first->x) first = &p;
    if (!last_cell || p.x > last_cell->x) last_cell = &p;
  }
  for (int r = 0; r < h; ++r) {
    if (!ends[r].first) continue;
    canvas.put(2 * r, 0, ends[r].first->cell->name[0]);
    canvas.text(2 * r, width + 2, ends[r].first->cell->name + "-" + ends[r].second->cell->name);
  }
  for (const auto& [name, p] : at) {
    auto [content, style] = drawer.look(*p.cell);
    if (marks.cells.count(name)) {
      canvas.put(p.y, p.x - 1, '[', kBracket);
      canvas.put(p.y, p.x + 1, ']', kBracket);
      style = joined_style(style, kLit);
    }
    canvas.text(p.y, p.x, content, style);
  }
  for (const auto& wall : view.walls) {
    const auto bar = wall.find('|');
    const auto a = at.find(wall.substr(0, bar));
    const auto b = at.find(wall.substr(bar + 1));
    if (bar == std::string::npos || a == at.end() || b == at.end()) continue;
    const Place& lower = a->second.y > b->second.y ? a->second : b->second;
    const Place& upper = a->second.y > b->second.y ? b->second : a->second;
    char ch = '|';
    if (lower.y != upper.y) ch = upper.x < lower.x ? '/' : '\\';
    const bool fresh = marks.slots.count(wall) > 0;
    if (fresh && !o.colour) ch = '#';
    canvas.put((lower.y + upper.y) / 2, (lower.x + upper.x) / 2, ch, fresh ? kNewWall : "");
  }
  return canvas.str(o.colour);
}

}  // namespace

std::string draw_board(const Legend& legend, const BoardView& view, const MoveParts* last,
                       const DrawOptions& options) {
  const Drawer drawer(legend, view);
  std::string out = view.shape == "hex" ? draw_hex(drawer, view, last, options)
                                        : draw_square(drawer, view, last, options);
  std::string line(legend.line);
  const Marks marks = marks_of(last);
  if (!marks.cells.empty()) line += "; [ ] last move";
  if (!marks.slots.empty() && !options.colour) line += "; # walls just placed";
  if (!line.empty()) out += line + "\n";
  return out;
}

std::string draw_status(const BoardView& view, const DrawOptions& options) {
  const auto name = [&](const ViewPlayer& p) {
    const std::string code = colour_code(p.colour);
    if (!options.colour || code.empty()) return p.name;
    return "\x1b[1;" + code + "m" + p.name + "\x1b[0m";
  };
  std::string out;
  for (const auto& p : view.players) {
    out += (out.empty() ? "" : "   ") + name(p) + ": " + p.summary;
  }
  out += '\n';
  for (const auto& p : view.players) {
    if (!p.to_move) continue;
    out += name(p) + " to move";
    for (const ViewCounter& counter : view.counters) out += ", " + counter.text;
    out += '\n';
  }
  return out;
}

std::string draw_game(const GameState& state, const DrawOptions& options,
                      const std::string& ended) {
  BoardView view = state.view();
  if (!ended.empty()) {
    for (auto& p : view.players) p.to_move = false;  // nobody is to move in an ended game
  }
  std::optional<MoveParts> last;
  if (!state.history().empty()) {
    if (auto parts = state.move_parts(state.history().back())) last = std::move(*parts);
  }
  std::string out = draw_board(state.game().legend(), view, last ? &*last : nullptr, options) +
                    draw_status(view, options);
  if (!state.history().empty()) {
    // Who moved is asked of the position before the move: to_move() means nothing at the end.
    // While a move's decisions are pending, undo() takes back a decision of the player deciding
    // now: those go first, so the last undo takes back the last whole move.
    const auto before = state.clone();
    while (before->decisions_pending() > 0 && before->undo()) {
    }
    const int n = state.num_players();
    const int mover = before->undo() ? before->to_move() : (state.to_move() + n - 1) % n;
    out += "last move: " + state.player_name(mover) + " " + state.history().back() + "\n";
  }
  if (state.is_terminal()) {
    out += "game over: " + state.result_text() + "\n";
  } else if (!ended.empty()) {
    out += "game over: " + ended + "\n";
  }
  return out;
}

}  // namespace arbiter
