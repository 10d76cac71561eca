#include "games/travelers/view.h"

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
    c.tags.push_back((c.col + c.row) % 2 == 0 ? "dark" : "light");  // a1 is dark
    if (const Piece p = s.at(sq)) {
      const int side = side_of(p);
      c.glyph = kind_word(kind_of(p));
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
    p.counters.push_back({"home", home[side], std::to_string(home[side]) + " home"});
    p.to_move = !s.is_terminal() && s.to_move() == side;
    p.summary = std::to_string(home[side]) + " of 2 Travelers home";
    if (in_check[side]) p.summary += ", in check";
    v.players.push_back(std::move(p));
  }
  return v;
}

MoveParts move_parts(const State& before, const WrittenMove& written) {
  const auto legal = before.legal_move(written);
  const WrittenMove w = legal ? before.spell_move(*legal) : written;
  MoveParts parts;
  parts.text = State::write_move(w);
  parts.path = {square_name(w.from), square_name(w.to)};
  parts.clicks.push_back(parts.path);
  // The piece goes to its destination (a captured piece gone), then the displaced one to its
  // new square (V10).
  parts.changes.push_back({{}, {parts.path[0], parts.path[1]}});
  if (w.displaces()) {
    const std::string victim = square_name(w.victim), drop = square_name(w.drop);
    parts.clicks.front().insert(parts.clicks.front().end(), {victim, drop});
    parts.changes.front().insert(parts.changes.front().end(), {{}, {victim, drop}});
  }
  return parts;
}

}  // namespace arbiter::travelers
