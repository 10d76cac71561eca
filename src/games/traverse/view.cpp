#include "games/traverse/view.h"

#include <utility>

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
      c.glyph = kind_name(kind_of(p));
      c.owner = s.player_of_seat(seat_of(p));
    }
    v.cells.push_back(std::move(c));
  }
  // R2: each player's start row and destination row (the corners belong to no row).
  for (int player = 0; player < s.num_players(); ++player) {
    const int seat = s.seat(player);
    for (const auto& [kind, row] :
         {std::pair{"start", kStartRow[seat]}, {"goal", kDestRow[seat]}}) {
      ViewZone zone{kind, player, {}};
      for (Square sq = 0; sq < kSquares; ++sq) {
        if (row & bit(sq)) zone.cells.push_back(square_name(sq));
      }
      v.zones.push_back(std::move(zone));
    }
  }
  for (int player = 0; player < s.num_players(); ++player) {
    const int seat = s.seat(player);
    ViewPlayer p;
    p.name = s.player_name(player);
    p.colour = seat_colour(seat);  // R4
    p.forward = forward_word(seat);
    p.pieces = popcount(s.pieces_of(seat));
    const int home = popcount(s.pieces_of(seat) & kDestRow[seat]);
    p.counters.push_back({"home", home, std::to_string(home) + " home"});
    p.to_move = !s.is_terminal() && s.to_move() == player;
    p.summary = std::to_string(home) + " of " + std::to_string(p.pieces) + " home";
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
  // The piece goes from its square to the end of the route; where the lifted circles go (R15)
  // is drawn once the move is played, as which circle each placement takes is the rules' say.
  // A chain of two jumps or more (R10) may also be clicked hop by hop, every landing in turn:
  // then each landing the chain may stop on completes a move while later hops go on from it.
  std::vector<std::vector<std::string>> orders = {{parts.path.front(), parts.path.back()}};
  std::vector<std::vector<ClickChange>> changes = {{{}, {parts.path.front(), parts.path.back()}}};
  if (parts.path.size() > 2) {
    orders.push_back({parts.path.front()});
    changes.push_back({{}});
    for (std::size_t k = 1; k < parts.path.size(); ++k) {
      orders.back().push_back(parts.path[k]);
      changes.back().push_back({parts.path[k - 1], parts.path[k]});
    }
  }
  for (std::size_t o = 0; o < orders.size(); ++o) {
    for (Square sq : w.placements) {
      orders[o].push_back(square_name(sq));
      changes[o].emplace_back();
    }
  }
  parts.clicks = std::move(orders);
  parts.changes = std::move(changes);
  return parts;
}

}  // namespace arbiter::traverse
