#include "cli/move_listing.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace arbiter::cli {
namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// `text` begins with `typed`, and not in the middle of a number: c1 does not begin c10-c9.
bool begins(std::string_view text, std::string_view typed) {
  if (text.size() < typed.size() || text.compare(0, typed.size(), typed) != 0) return false;
  if (typed.empty() || text.size() == typed.size()) return true;
  return !(is_digit(typed.back()) && is_digit(text[typed.size()]));
}

// What a person typed, as the move texts spell it: lower case, no blanks.
std::string normalised(std::string_view typed) {
  std::string out;
  for (const char c : to_lower(typed)) {
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

const ViewCell* find_cell(const BoardView& view, std::string_view name) {
  for (const auto& c : view.cells) {
    if (to_lower(c.name) == name) return &c;
  }
  return nullptr;
}

// The squares a move's route names, in order: "d1-d3-f5" -> d1 d3 f5, "c2xc4" -> c2 xc4 (a
// capture keeps its x); what follows a `/` (circle placements, a displaced piece) is not the
// route.
std::vector<std::string> route_squares(const std::string& move) {
  const std::string route = move.substr(0, move.find('/'));
  std::vector<std::string> squares;
  std::size_t i = 0;
  while (i < route.size()) {
    const std::size_t start = i;
    while (i < route.size() && std::isalpha(static_cast<unsigned char>(route[i]))) ++i;
    const std::size_t letters = i;
    while (i < route.size() && is_digit(route[i])) ++i;
    if (letters > start && i > letters) squares.push_back(route.substr(start, i - start));
    if (i == start) ++i;
  }
  return squares;
}

// Moves grouped by the square they start on, a line (or a few) per square with the squares
// they end on: "c2: to a4 b1 c4", and the count when several moves end alike (circle
// placements): "a3: to a1 a5 c3 (5,250 moves)".
std::vector<std::string> summarise_by_square(const std::vector<std::string>& moves) {
  struct Group {
    std::string from;
    std::vector<std::string> to;
    std::size_t count = 0;
  };
  std::vector<Group> groups;
  for (const auto& m : moves) {
    const auto squares = route_squares(m);
    const std::string from = squares.empty() ? m : squares.front();
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.from == from; });
    if (it == groups.end()) it = groups.insert(groups.end(), Group{from, {}, 0});
    ++it->count;
    if (squares.size() > 1 &&
        std::find(it->to.begin(), it->to.end(), squares.back()) == it->to.end()) {
      it->to.push_back(squares.back());
    }
  }
  std::vector<std::string> lines;
  for (auto& g : groups) {
    std::sort(g.to.begin(), g.to.end(), cell_before);
    std::vector<std::string> words = {g.from + ":"};
    if (!g.to.empty()) words.push_back("to");
    words.insert(words.end(), g.to.begin(), g.to.end());
    if (g.count != g.to.size()) words.push_back("(" + with_commas(g.count) + " moves)");
    const auto filled = fill_lines(words, "    ");
    lines.insert(lines.end(), filled.begin(), filled.end());
  }
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

MoveListing list_moves(const GameState& state, std::string_view typed_text, bool all) {
  const std::string typed = normalised(typed_text);
  const BoardView view = state.view();
  const MoveLister* lister = state.game().move_lister();
  const std::vector<std::string> legal = state.legal_moves();
  std::vector<std::string> matches;
  const ViewCell* cell = typed.empty() ? nullptr : find_cell(view, typed);
  if (cell != nullptr) {
    if (cell->glyph.empty()) return {false, true, cell->name + " is empty\n"};
    if (cell->owner != state.to_move()) {
      return {false, true, "that is " + state.player_name(cell->owner) + "'s piece\n"};
    }
    if (trapped(*cell)) return {false, true, cell->name + " is trapped: it never moves again\n"};
    for (const auto& m : legal) {
      const std::string lm = to_lower(m);
      if (lister ? lister->moves_piece(lm, cell->name) : begins(lm, cell->name)) {
        matches.push_back(m);
      }
    }
    if (matches.empty()) return {false, true, "no legal moves from " + cell->name + "\n"};
  } else {
    for (const auto& m : legal) {
      const std::string lm = to_lower(m);
      if (begins(lm, typed) || (lister && begins(lister->reordered(lm), typed))) {
        matches.push_back(m);
      }
    }
    if (matches.empty()) {
      return {false, false,
              typed.empty() ? "no legal moves\n" : "no legal move begins " + typed + "\n"};
    }
  }
  const std::vector<std::string> lines = fill_lines(matches);
  if (all || lines.size() <= kScreenLines) return {true, cell != nullptr, joined(lines)};

  // Past a screenful: a summary, then how to narrow it or have every move.
  const std::string noun = lister ? std::string(lister->noun()) : "move";
  std::string footer = with_commas(matches.size()) + " " + noun + "s";
  std::string how = "type more to narrow";
  std::vector<std::string> summary;
  if (lister) {
    ListingSummary s = lister->summarise(view, state.to_move(), matches, cell, typed);
    summary = std::move(s.lines);
    footer += s.footer;
    how = s.how;
  } else {
    summary = summarise_by_square(matches);
    if (cell != nullptr) footer += " from " + cell->name;
    if (typed.empty()) how = "type a square or more of a move to narrow";
    if (cell == nullptr && !typed.empty()) footer += " begin " + typed;
  }
  footer +=
      "; " + how + ", or moves all" + (typed.empty() ? "" : " " + typed) + " to list every one";
  std::vector<std::string> footer_words;
  for (const auto w : split(footer)) footer_words.emplace_back(w);
  const auto footer_lines = fill_lines(footer_words);
  summary.insert(summary.end(), footer_lines.begin(), footer_lines.end());
  return {true, cell != nullptr, joined(summary)};
}

}  // namespace arbiter::cli
