#include "games/traverse/state.h"

#include <algorithm>
#include <cassert>

#include "games/traverse/zobrist_keys.h"

namespace arbiter::traverse {

State State::start(const Params& params) {
  std::array<Piece, kSquares> board{};
  for (int seat : params.seats) {
    const auto squares = start_squares(seat);
    for (int i = 0; i < 8; ++i) board[squares[i]] = make_piece(seat, params.arrangement[seat][i]);
  }
  auto s = from_board(params, board, params.seats.front(), 0);  // R3: South (or the first seat)
  assert(s.ok());
  // R19's table expects a game to the ply limit (capped): it grows once, not three times.
  s->repetitions_.expect(
      static_cast<std::size_t>(std::min(params.max_plies > 0 ? params.max_plies : 0, 4096)) + 1);
  return std::move(*s);
}

Result<State> State::from_board(const Params& params, const std::array<Piece, kSquares>& board,
                                int seat_to_move, int ply) {
  State s;
  s.params_ = params;
  s.num_seats_ = static_cast<int>(params.seats.size());
  for (int i = 0; i < s.num_seats_; ++i) s.seats_[i] = params.seats[i];
  const int mover = s.player_of_seat(seat_to_move);
  if (mover < 0) {
    return make_error("the seat to move, " + std::string(seat_name(seat_to_move)) +
                      ", is not in this game");
  }
  for (Square sq = 0; sq < kSquares; ++sq) {
    if (board[sq] == 0) continue;
    if (board[sq] >= kPieceCodes || s.player_of_seat(seat_of(board[sq])) < 0) {
      return make_error("square " + square_name(sq) + " holds a piece of a seat not in this game");
    }
    s.put(sq, board[sq]);
  }
  for (int seat : params.seats) {
    for (int k = 0; k < kKinds; ++k) {
      if (const int count = popcount(s.by_kind_[k] & s.by_seat_[seat]); count > 2) {
        return make_error(std::string(seat_name(seat)) + " has " + std::to_string(count) + " " +
                          std::string(kind_name(k)) + "s (at most 2)");
      }
    }
  }
  s.to_move_ = mover;
  s.ply_ = ply;
  s.hash_ ^= side_key(seat_to_move);
  s.repeats_ = s.repetitions_.increment(s.hash_);
  // A loaded position may already be over: a seat with all 8 home (R18), or the ply limit
  // (R20). It is the first occurrence of itself, so it does not end by repetition (R19).
  for (int p = 0; p < s.num_seats_; ++p) {
    if (s.all_home(p)) {
      s.winner_ = p;
      s.end_ = End::kAllHome;
      return s;
    }
  }
  if (params.max_plies > 0 && ply >= params.max_plies) s.adjudicate();
  return s;
}

int State::player_of_seat(int seat) const {
  for (int p = 0; p < num_seats_; ++p) {
    if (seats_[p] == seat) return p;
  }
  return -1;
}

void State::put(Square s, Piece p) {
  assert(board_[s] == 0 && p != 0);
  board_[s] = p;
  occupied_ |= bit(s);
  by_seat_[seat_of(p)] |= bit(s);
  by_kind_[kind_of(p)] |= bit(s);
  hash_ ^= piece_key(s, p);
}

Piece State::take(Square s) {
  const Piece p = board_[s];
  assert(p != 0);
  board_[s] = 0;
  occupied_ &= ~bit(s);
  by_seat_[seat_of(p)] &= ~bit(s);
  by_kind_[kind_of(p)] &= ~bit(s);
  hash_ ^= piece_key(s, p);
  return p;
}

void State::apply(const Move& m) {
  assert(!is_terminal());
  if (!m.is_pass()) {
    const Piece piece = take(m.from);
    std::array<Piece, kMaxLifts> circles{};
    for (int i = 0; i < m.lifts; ++i) circles[i] = take(m.lifted[i]);  // R15: off at once
    put(m.to, piece);
    for (int i = 0; i < m.lifts; ++i) put(m.placed[i], circles[i]);
  }
  undo_stack_.push_back(m);
  hash_ ^= side_key(seats_[to_move_]);
  to_move_ = (to_move_ + 1) % num_seats_;  // R3: clockwise
  hash_ ^= side_key(seats_[to_move_]);
  ++ply_;
  finish_move(m);
}

// The state before a move was never over (apply asserts it), so undo clears the end.
void State::undo() {
  assert(!undo_stack_.empty());
  const Move m = undo_stack_.back();
  undo_stack_.pop_back();
  repetitions_.decrement(hash_);
  end_ = End::kNone;
  winner_ = -1;
  hash_ ^= side_key(seats_[to_move_]);
  to_move_ = (to_move_ + num_seats_ - 1) % num_seats_;
  hash_ ^= side_key(seats_[to_move_]);
  --ply_;
  if (!m.is_pass()) {
    std::array<Piece, kMaxLifts> circles{};
    for (int i = m.lifts - 1; i >= 0; --i) circles[i] = take(m.placed[i]);
    const Piece piece = take(m.to);
    for (int i = m.lifts - 1; i >= 0; --i) put(m.lifted[i], circles[i]);
    put(m.from, piece);
  }
  repeats_ = repetitions_.count(hash_);
}

uint64_t State::hash_after(const Move& m) const {
  // Each piece's key off its square and onto its new one, the
  // side keys swapped (the order of the changes does not matter to an exclusive or).
  uint64_t h = hash_ ^ side_key(seats_[to_move_]) ^ side_key(seats_[(to_move_ + 1) % num_seats_]);
  if (!m.is_pass()) {
    const Piece piece = board_[m.from];
    h ^= piece_key(m.from, piece) ^ piece_key(m.to, piece);
    for (int i = 0; i < m.lifts; ++i) {
      const Piece circle = board_[m.lifted[i]];
      h ^= piece_key(m.lifted[i], circle) ^ piece_key(m.placed[i], circle);
    }
  }
  return h;
}

uint64_t State::compute_hash() const {
  uint64_t h = side_key(seats_[to_move_]);
  for (Square s = 0; s < kSquares; ++s) {
    if (board_[s]) h ^= piece_key(s, board_[s]);
  }
  return h;
}

}  // namespace arbiter::traverse
