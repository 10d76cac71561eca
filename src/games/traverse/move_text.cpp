// Move text (docs/traverse.md): the squares the piece stands on joined by '-', then, with
// circle reversals, the placement squares after '/' in jump order: `d1-d3-f5/e10`. Output is
// canonical: a step when one does, else the shortest route (ties by direction order N, NE, E,
// ... clockwise), and for two circles of one seat the start-row placements before the middle
// ones, each group in square order. Input accepts any valid route, and a bare `from-to` that
// names one resulting position.
#include <algorithm>

#include "core/text.h"
#include "games/traverse/chains.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

std::string State::move_text(const Move& m) const {
  if (m.is_pass()) return "pass";
  const ChainSearch chains(*this, m.from);
  const ChainSearch::Route route = chains.route_to(m);
  std::string out;
  if (route.squares.empty()) {  // not a move of this position; still say what it is
    out = square_name(m.from) + "-" + square_name(m.to);
  }
  for (std::size_t i = 0; i < route.squares.size(); ++i) {
    out += (i ? "-" : "") + square_name(route.squares[i]);
  }
  if (m.lifts == 0) return out;
  // Placements per seat, start-row squares first, so that the text replays in jump order.
  std::array<std::vector<Square>, kSeats> by_seat;
  for (int i = 0; i < m.lifts; ++i) by_seat[seat_of(board_[m.lifted[i]])].push_back(m.placed[i]);
  for (int seat = 0; seat < kSeats; ++seat) {
    std::sort(by_seat[seat].begin(), by_seat[seat].end(), [seat](Square a, Square b) {
      const bool ra = kStartRow[seat] & bit(a), rb = kStartRow[seat] & bit(b);
      return ra != rb ? ra : a < b;
    });
  }
  std::array<std::size_t, kSeats> next{};
  out += '/';
  for (std::size_t i = 0; i < route.lift_order.size(); ++i) {
    const int seat = seat_of(board_[route.lift_order[i]]);
    out += (i ? "," : "") + square_name(by_seat[seat][next[seat]++]);
  }
  return out;
}

namespace {

Result<std::vector<Square>> parse_squares(std::string_view text, char separator) {
  std::vector<Square> out;
  for (auto part : split_exact(text, separator)) {
    auto sq = parse_square(part);
    if (!sq) return make_error(quote(part) + " is not a square (a1 to j10)");
    out.push_back(*sq);
  }
  return out;
}

}  // namespace

Result<Move> State::parse_move(std::string_view text) const {
  const std::string t = to_lower(trim(text));
  MoveList legal;
  generate(legal);
  if (legal.empty()) return make_error("the game is over");
  if (t == "pass") {
    if (legal.front().is_pass()) return legal.front();
    return make_error("pass is allowed only with no legal move (R13)");
  }
  const auto parts = split_exact(t, '/');
  if (parts.size() > 2) return make_error("move " + quote(text) + " has more than one '/'");
  auto squares = parse_squares(parts[0], '-');
  if (!squares) return make_error("move " + quote(text) + ": " + squares.error());
  if (squares->size() < 2) {
    return make_error("move " + quote(text) + ": name at least two squares, e.g. c1-c2");
  }
  std::vector<Square> placements;
  if (parts.size() == 2) {
    auto p = parse_squares(parts[1], ',');
    if (!p) return make_error("move " + quote(text) + ": placement " + p.error());
    placements = std::move(*p);
  }
  const Square from = squares->front();
  const Square to = squares->back();
  const int seat = seats_[to_move_];
  if (board_[from] == 0) return make_error("no piece on " + square_name(from));
  if (seat_of(board_[from]) != seat) {
    return make_error("the piece on " + square_name(from) + " is " +
                      std::string(seat_name(seat_of(board_[from]))) + "'s; " +
                      std::string(seat_name(seat)) + " is to move");
  }
  if (anchored(from, seat)) {
    return make_error("the piece on " + square_name(from) +
                      " is home and may not move again (goal_anchor, R14)");
  }

  // Follow the route as typed: a step, or jumps that each obey R8/R9 with lifts as they happen.
  const ChainSearch chains(*this, from);
  std::string route_error;
  std::vector<Square> lift_order;
  bool stayed_in_row = chains.in_start_row(from);
  const bool is_step = squares->size() == 2 && [&] {
    for (int d = 0; d < kDirections; ++d) {
      if ((direction_mask(seat, kind_of(board_[from])) & (1u << d)) && step(from, d) == to &&
          board_[to] == 0) {
        return true;
      }
    }
    return false;
  }();
  if (is_step) {
    stayed_in_row = stayed_in_row && chains.in_start_row(to);
  } else {
    unsigned lifted = 0;
    for (std::size_t i = 1; i < squares->size() && route_error.empty(); ++i) {
      const Square a = (*squares)[i - 1], c = (*squares)[i];
      Square jumped = kNoSquare;
      if (!chains.valid_jump(a, c, lifted, jumped)) {
        route_error = square_name(a) + "-" + square_name(c) + " is not a step or jump the " +
                      std::string(kind_name(kind_of(board_[from]))) + " can make here";
        break;
      }
      const int li = chains.liftable_index(jumped);
      if (li >= 0 && !(lifted & (1u << li))) {
        lifted |= 1u << li;
        lift_order.push_back(jumped);
      }
      stayed_in_row = stayed_in_row && chains.in_start_row(c);
    }
  }
  if (route_error.empty() && !chains.valid_end(to, stayed_in_row)) {
    route_error = "a move may not end on " + square_name(to) + " (R11)";
  }
  if (route_error.empty() && placements.size() != lift_order.size()) {
    route_error = "this route lifts " + std::to_string(lift_order.size()) +
                  " circle(s) but the move gives " + std::to_string(placements.size()) +
                  " placement(s) after '/'";
  }
  if (route_error.empty()) {
    Move m;
    m.from = static_cast<uint8_t>(from);
    m.to = static_cast<uint8_t>(to);
    m.lifts = static_cast<uint8_t>(lift_order.size());
    Board board = board_after(*this, Move{});
    board[from] = 0;
    for (Square c : lift_order) board[c] = 0;
    board[to] = board_[from];
    for (std::size_t i = 0; i < lift_order.size() && route_error.empty(); ++i) {
      // R15: the circle's own start row while it has room, else the middle.
      const int owner = seat_of(board_[lift_order[i]]);
      bool row_has_room = false;
      for_each_square(kStartRow[owner], [&](Square s) { row_has_room |= board[s] == 0; });
      const Bitboard allowed = row_has_room ? kStartRow[owner] : kMiddle;
      const Square p = placements[i];
      if (board[p] != 0 || !(allowed & bit(p))) {
        route_error = "the circle from " + square_name(lift_order[i]) + " cannot be put on " +
                      square_name(p) +
                      (row_has_room ? " (it goes on an empty square of its start row)"
                                    : " (it goes on an empty middle square)");
      }
      board[p] = board_[lift_order[i]];
      m.lifted[i] = static_cast<uint8_t>(lift_order[i]);
      m.placed[i] = static_cast<uint8_t>(p);
    }
    if (route_error.empty()) {
      for (const Move& l : legal) {
        if (l.from == from && l.to == to && board_after(*this, l) == board) return l;
      }
      route_error = "the move leaves the board unchanged (R12)";
    }
  }
  // A bare from-to that names one resulting position.
  if (squares->size() == 2 && placements.empty()) {
    std::vector<Move> candidates;
    for (const Move& l : legal) {
      if (l.from == from && l.to == to) candidates.push_back(l);
    }
    if (candidates.size() == 1) return candidates.front();
    if (candidates.size() > 1) {
      return make_error(std::to_string(candidates.size()) + " moves go from " + square_name(from) +
                        " to " + square_name(to) + "; write the route and placements, e.g. " +
                        move_text(candidates.front()));
    }
  }
  return make_error("illegal move " + quote(text) + ": " + route_error);
}

}  // namespace arbiter::traverse
