#include "games/traverse/view.h"

namespace arbiter::traverse {
namespace {

// R2: the direction each seat moves in, as drawn with row 1 at the bottom.
std::string_view forward_word(int seat) {
  static constexpr std::string_view kWords[kSeats] = {"up", "right", "down", "left"};
  return kWords[seat];
}

}  // namespace

BoardView view(const State& s) {
  BoardView v;
  v.shape = "square";
  v.width = kSize;
  v.height = kSize;
  v.cells.reserve(kSquares);
  for (Square sq = 0; sq < kSquares; ++sq) {
    ViewCell c;
    c.name = square_name(sq);
    c.col = col_of(sq);
    c.row = row_of(sq);
    if (const Piece p = s.at(sq)) {
      c.piece = kind_name(kind_of(p));
      c.owner = s.player_of_seat(seat_of(p));
    }
    for (int player = 0; player < s.num_players(); ++player) {
      const int seat = s.seat(player);
      if (kStartRow[seat] & bit(sq)) c.start_of = player;
      if (kDestRow[seat] & bit(sq)) c.goal_of = player;
    }
    v.cells.push_back(std::move(c));
  }
  for (int player = 0; player < s.num_players(); ++player) {
    const int seat = s.seat(player);
    ViewPlayer p;
    p.name = s.player_name(player);
    p.colour = seat_colour(seat);  // R4
    p.forward = forward_word(seat);
    p.pieces = popcount(s.pieces_of(seat));
    p.home = popcount(s.pieces_of(seat) & kDestRow[seat]);
    p.to_move = !s.is_terminal() && s.to_move() == player;
    p.summary = std::to_string(p.home) + " of " + std::to_string(p.pieces) + " home";
    v.players.push_back(std::move(p));
  }
  return v;
}

MoveParts move_parts(const State& before, const WrittenMove& written) {
  const auto legal = before.legal_move(written);
  const WrittenMove w = legal ? before.spell_move(*legal) : written;
  MoveParts parts;
  parts.text = State::write_move(w);
  if (w.is_pass()) return parts;
  for (Square sq : w.route) parts.path.push_back(square_name(sq));
  std::vector<std::string> clicks = {parts.path.front(), parts.path.back()};
  for (Square sq : w.placements) clicks.push_back(square_name(sq));
  parts.clicks.push_back(std::move(clicks));
  return parts;
}

}  // namespace arbiter::traverse
