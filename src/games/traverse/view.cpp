#include "games/traverse/view.h"

#include "core/text.h"

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

Result<MoveParts> move_parts(const State& s, std::string_view move) {
  std::string text = to_lower(trim(move));
  if (!s.is_terminal()) {
    if (auto legal = s.parse_move(text)) text = s.move_text(*legal);
  }
  MoveParts parts;
  parts.text = text;
  if (text == "pass") return parts;
  const auto bad = [&](const std::string& why) {
    return make_error("move " + quote(move) + ": " + why);
  };
  const auto halves = split_exact(text, '/');
  if (halves.size() > 2) return bad("more than one '/'");
  for (auto name : split_exact(halves[0], '-')) {
    if (!parse_square(name)) return bad(quote(name) + " is not a square (a1 to j10)");
    parts.path.emplace_back(name);
  }
  if (parts.path.size() < 2) return bad("name at least two squares, e.g. c1-c2");
  std::vector<std::string> clicks = {parts.path.front(), parts.path.back()};
  if (halves.size() == 2) {
    for (auto name : split_exact(halves[1], ',')) {
      if (!parse_square(name)) return bad("placement " + quote(name) + " is not a square");
      clicks.emplace_back(name);
    }
  }
  parts.clicks.push_back(std::move(clicks));
  return parts;
}

}  // namespace arbiter::traverse
