#include "games/travelers/view.h"

#include "core/text.h"

namespace arbiter::travelers {
namespace {

std::string_view kind_word(int kind) {
  static constexpr std::string_view kWords[kKinds] = {"traveler", "displacer", "block",
                                                      "ace",      "deuce",     "trey"};
  return kWords[kind];
}

}  // namespace

BoardView view(const State& s) {
  BoardView v;
  v.shape = "square";
  v.width = kFiles;
  v.height = kRanks;
  v.cells.reserve(kSquares);
  std::array<int, 2> pieces{}, home{};
  std::array<bool, 2> in_check{};
  const std::array<Bitboard, 2> checked = {s.checked_squares(kWhite), s.checked_squares(kBlack)};
  for (Square sq = 0; sq < kSquares; ++sq) {
    ViewCell c;
    c.name = square_name(sq);
    c.col = file_of(sq);
    c.row = rank_of(sq);
    if (const Piece p = s.at(sq)) {
      const int side = side_of(p);
      c.piece = kind_word(kind_of(p));
      c.owner = side;
      ++pieces[side];
      if (kind_of(p) == kTraveler) {
        // V3, V12: a Traveler on its last rank is home; V8: elsewhere it may stand in check.
        if (rank_of(sq) == last_rank(side)) {
          ++home[side];
        } else if (checked[side] & bit(sq)) {
          in_check[side] = true;
        }
      }
    }
    v.cells.push_back(std::move(c));
  }
  for (int side : {kWhite, kBlack}) {
    ViewPlayer p;
    p.name = s.player_name(side);
    p.colour = p.name;
    p.forward = side == kWhite ? "up" : "down";
    p.pieces = pieces[side];
    p.home = home[side];
    p.to_move = !s.is_terminal() && s.to_move() == side;
    p.summary = std::to_string(home[side]) + " of 2 Travelers home";
    if (in_check[side]) p.summary += ", in check";
    v.players.push_back(std::move(p));
  }
  return v;
}

Result<MoveParts> move_parts(const State& s, std::string_view move) {
  std::string text = to_lower(trim(move));
  if (!s.is_terminal()) {
    if (auto legal = s.parse_move(text)) text = s.move_text(*legal);
  }
  const auto sq = [&](std::size_t at) {
    return parse_square(std::string_view(text).substr(at, 2));
  };
  const bool well_formed =
      (text.size() == 5 || text.size() == 11) && sq(0) >= 0 && sq(3) >= 0 &&
      (text[2] == '-' || text[2] == 'x') &&
      (text.size() == 5 || (text[5] == '/' && text[8] == '-' && sq(6) >= 0 && sq(9) >= 0));
  if (!well_formed) {
    return make_error("malformed move " + quote(move) +
                      ": expected e.g. d2-d5, c2xc4 or e1-e5/f5-f9");
  }
  MoveParts parts;
  parts.text = text;
  parts.path = {text.substr(0, 2), text.substr(3, 2)};
  parts.clicks.push_back(parts.path);
  if (text.size() == 11) {
    parts.clicks.front().push_back(text.substr(6, 2));
    parts.clicks.front().push_back(text.substr(9, 2));
  }
  return parts;
}

}  // namespace arbiter::travelers
