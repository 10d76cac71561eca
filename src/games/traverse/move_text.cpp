// Move text (docs/traverse.md): the squares the piece stands on joined by '-', then, with
// circle reversals, the placement squares after '/' in jump order: `d1-d3-f5/e10`.
//
// Output is canonical: a move is its resulting position, and its spelling is the shortest one
// that gives that position (ChainSearch::spell, spelling.cpp). When the piece comes back to its
// own square, any piece of the seat that does so lifting the same circles gives the same
// position; then the shortest route of them all is taken, the piece on the lower square
// (a1, b1, ..., j10) on a tie.
//
// Input accepts any valid spelling: the route as typed is played out (each jump obeying R8/R9
// with lifts as they happen, placements judged in jump order by R15), and the legal move with
// the same resulting position is returned, whatever its start and end squares. A bare `from-to`
// that names one resulting position is accepted too.
#include <limits>

#include "core/text.h"
#include "games/traverse/chains.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {

WrittenMove State::spell_move(const Move& m) const {
  WrittenMove out;
  if (m.is_pass()) return out;
  ChainSearch::Route best;
  if (board_[m.from] != 0) {
    const Board target = board_after(*this, m);
    const auto try_piece = [&](Square from, Square to) {
      const std::size_t limit =
          best.squares.empty() ? std::numeric_limits<std::size_t>::max() : best.squares.size() - 1;
      ChainSearch::Route r = ChainSearch(*this, from).spell(to, target, limit);
      if (!r.squares.empty()) best = std::move(r);
    };
    if (m.from != m.to) {
      try_piece(m.from, m.to);
    } else {
      const int seat = seat_of(board_[m.from]);
      for_each_square(by_seat_[seat], [&](Square from) {
        if (!anchored(from, seat)) try_piece(from, from);
      });
    }
  }
  if (best.squares.empty()) {  // not a move of this position; still say what it is
    out.route = {m.from, m.to};
    return out;
  }
  out.route = std::move(best.squares);
  out.placements = std::move(best.placements);
  return out;
}

std::string State::write_move(const WrittenMove& w) {
  if (w.is_pass()) return "pass";
  std::string out;
  for (std::size_t i = 0; i < w.route.size(); ++i) {
    out += (i ? "-" : "") + square_name(w.route[i]);
  }
  for (std::size_t i = 0; i < w.placements.size(); ++i) {
    out += (i ? "," : "/") + square_name(w.placements[i]);
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

// The legal move whose resulting position is `board`, if any.
const Move* legal_with_board(const State& s, const State::MoveList& legal, const Board& board) {
  for (const Move& l : legal) {
    if (!l.is_pass() && board[l.to] != 0 && board_after(s, l) == board) return &l;
  }
  return nullptr;
}

}  // namespace

Result<WrittenMove> State::read_move(std::string_view text) {
  const std::string t = to_lower(trim(text));
  WrittenMove w;
  w.text = std::string(text);
  if (t == "pass") return w;
  const auto parts = split_exact(t, '/');
  if (parts.size() > 2) return make_error("move " + quote(text) + " has more than one '/'");
  auto squares = parse_squares(parts[0], '-');
  if (!squares) return make_error("move " + quote(text) + ": " + squares.error());
  if (squares->size() < 2) {
    return make_error("move " + quote(text) + ": name at least two squares, e.g. c1-c2");
  }
  w.route = std::move(*squares);
  if (parts.size() == 2) {
    auto p = parse_squares(parts[1], ',');
    if (!p) return make_error("move " + quote(text) + ": placement " + p.error());
    w.placements = std::move(*p);
  }
  return w;
}

Result<Move> State::parse_move(std::string_view text) const {
  if (is_terminal()) return make_error("the game is over");  // before any complaint about text
  auto written = read_move(text);
  if (!written) return make_error(written.error());
  return legal_move(*written);
}

Result<Move> State::legal_move(const WrittenMove& w) const {
  const std::string_view text = w.text;
  MoveList legal;
  generate(legal);
  if (legal.empty()) return make_error("the game is over");
  if (w.is_pass()) {
    if (legal.front().is_pass()) return legal.front();
    return make_error("pass is allowed only with no legal move (R13)");
  }
  const std::vector<Square>& route = w.route;
  const std::vector<Square>& placements = w.placements;
  const Square from = route.front();
  const Square to = route.back();
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
  const bool is_step = route.size() == 2 && [&] {
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
    for (std::size_t i = 1; i < route.size() && route_error.empty(); ++i) {
      const Square a = route[i - 1], c = route[i];
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
    Board board = board_after(*this, Move{});
    board[from] = 0;
    for (Square c : lift_order) board[c] = 0;
    board[to] = board_[from];
    Bitboard occupied = 0;
    for (Square s = 0; s < kSquares; ++s) occupied |= board[s] ? bit(s) : 0;
    for (std::size_t i = 0; i < lift_order.size() && route_error.empty(); ++i) {
      // R15: judged when placed, after the circles before it.
      const int owner = seat_of(board_[lift_order[i]]);
      const bool row_has_room = (kStartRow[owner] & ~occupied) != 0;
      const Square p = placements[i];
      if (!(placement_squares(owner, occupied) & bit(p))) {
        route_error = "the circle from " + square_name(lift_order[i]) + " cannot be put on " +
                      square_name(p) +
                      (row_has_room ? " (it goes on an empty square of its start row)"
                                    : " (it goes on an empty middle square or an empty square "
                                      "of its destination row)");
      }
      board[p] = board_[lift_order[i]];
      occupied |= bit(p);
    }
    if (route_error.empty()) {
      if (board == board_after(*this, Move{})) {
        route_error = "the move leaves the board unchanged (R12)";
      } else if (const Move* l = legal_with_board(*this, legal, board)) {
        return *l;  // the same position, however the legal list spells it
      } else {
        route_error = "it is not a legal move here";
      }
    }
  }
  // A bare from-to that names one resulting position.
  if (route.size() == 2 && placements.empty()) {
    MoveList piece_moves;
    SeenBoards seen(*this);
    seen.insert(Move{});  // R12
    chains.append_moves(seen, piece_moves);
    std::vector<const Move*> candidates;
    for (const Move& m : piece_moves) {
      if (m.to != to) continue;
      if (const Move* l = legal_with_board(*this, legal, board_after(*this, m))) {
        candidates.push_back(l);
      }
    }
    if (candidates.size() == 1) return *candidates.front();
    if (candidates.size() > 1) {
      return make_error(std::to_string(candidates.size()) + " moves go from " + square_name(from) +
                        " to " + square_name(to) + "; write the route and placements, e.g. " +
                        move_text(*candidates.front()));
    }
  }
  return make_error("illegal move " + quote(text) + ": " + route_error);
}

}  // namespace arbiter::traverse
