// Traverse (Taifho): 2–4 players race their 8 pieces across a 10×10 board. The rules, clauses
// R1–R21 cited in the code, are docs/traverse.md.
//
// The concrete State for perft and search: a piece array plus bitboards, compact Moves,
// apply/undo with an internal undo stack, an incremental zobrist hash and repetition counts.
// This class is split across files by concern:
//   state.cpp          set-up, apply/undo, hashing
//   game_end.cpp       the end of the game: wins, blocked out by repetition, ply limit (R18–R21)
//   movegen.cpp        legal moves and bulk counting (R7–R17)
//   chains.cpp         the explicit chain search used when circles can be lifted (R15)
//   spelling.cpp       the canonical (shortest) spelling of a move
//   position_text.cpp  position text and the drawn board
//   move_text.cpp      move text in and out
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/repetition.h"
#include "core/result.h"
#include "games/traverse/geometry.h"
#include "games/traverse/params.h"

namespace arbiter::traverse {

inline constexpr int kMaxLifts = 6;  // R15: at most the opponents' circles, 2 per seat

// One turn: a piece from `from` to `to` (by a step or a chain), and for each circle it lifted
// (R15), where the circle stood and where it was put. A pass has from == kNoSquare.
struct Move {
  uint8_t from = kNoSquare;
  uint8_t to = kNoSquare;
  uint8_t lifts = 0;
  std::array<uint8_t, kMaxLifts> lifted{};
  std::array<uint8_t, kMaxLifts> placed{};

  bool is_pass() const { return from == kNoSquare; }
  bool operator==(const Move&) const = default;
};

// A move as written (docs/traverse.md), legal or not: the route (every square the piece stands
// on) and the placements after '/', or `pass` (no route). read_move() makes one from text,
// write_move() writes one, spell_move() gives a legal Move's canonical (shortest) one.
struct WrittenMove {
  std::string text;  // as read: legal_move() quotes it in its errors ("" in a spelling)
  std::vector<Square> route;
  std::vector<Square> placements;

  bool is_pass() const { return route.empty(); }
};

// Why a game ended: all 8 pieces home (R18); a position repeated a third time with a player
// blocked out, who wins (R19); the ply limit, adjudicated (R20).
enum class End : uint8_t { kNone, kAllHome, kBlockedOut, kPlyLimit };

// Cell contents: 0 empty, else 1 + seat * 4 + kind.
using Piece = uint8_t;
constexpr Piece make_piece(int seat, int kind) { return static_cast<Piece>(1 + seat * 4 + kind); }
constexpr int seat_of(Piece p) { return (p - 1) / 4; }
constexpr int kind_of(Piece p) { return (p - 1) % 4; }

class State {
 public:
  using Move = traverse::Move;
  using MoveList = std::vector<Move>;

  static State start(const Params& params);
  // Reads position text (position_text.cpp) under the given parameters.
  static Result<State> parse_position(const Params& params, std::string_view text);
  // A hand-built position (from position text): pieces by square, seat to move, ply.
  static Result<State> from_board(const Params& params, const std::array<Piece, kSquares>& board,
                                  int seat_to_move, int ply);

  // Legal moves (R7–R17), one per resulting position; a lone pass when there is none (R13);
  // nothing once the game is over.
  void generate(MoveList& out) const;
  uint64_t count_moves() const;
  // Whether generate() is exactly the moves of each piece apart, one piece moving and lifting
  // nothing: so when no circle can be lifted now (R15), and the game runs. Then
  // movable_pieces() are the pieces with a move (none: the lone pass, R13), destinations() the
  // squares where the piece on `from` comes to rest (none unless it is a movable piece), and
  // generate_from() lists that piece's moves in generate()'s order.
  bool moves_split_by_piece() const;
  Bitboard movable_pieces() const;
  Bitboard destinations(Square from) const;
  void generate_from(Square from, MoveList& out) const;
  void apply(const Move& m);
  void undo();

  bool is_terminal() const { return end_ != End::kNone; }
  int to_move() const { return to_move_; }
  int num_players() const { return num_seats_; }
  int seat(int player) const { return seats_[player]; }
  int player_of_seat(int seat) const;  // -1 when the seat is not in the game
  std::string player_name(int player) const { return std::string(seat_name(seats_[player])); }
  int winner() const { return winner_; }  // player index, -1 while running
  End end_reason() const { return end_; }
  std::vector<double> returns() const;
  std::string result_text() const;

  uint64_t hash() const { return hash_; }
  uint64_t compute_hash() const;
  int ply() const { return ply_; }
  Piece at(Square s) const { return board_[s]; }
  Bitboard occupied() const { return occupied_; }
  Bitboard pieces_of(int seat) const { return by_seat_[seat]; }
  const Params& params() const { return params_; }
  // R14: a piece at rest on its own destination row may not move (with goal_anchor).
  bool anchored(Square s, int seat) const { return anchored_squares(seat) & bit(s); }
  // R14: the squares whose pieces of `seat` may not move (its destination row under
  // goal_anchor, else none).
  Bitboard anchored_squares(int seat) const {
    return params_.goal_anchor ? kDestRow[seat] : Bitboard{0};
  }
  // R19: exactly one of the player's pieces is outside its destination row, and none of the
  // moves the player would have, were it to move now, brings that piece to rest there.
  bool blocked_out(int player) const;
  // How many times the current position (board and player to move) has occurred in this game.
  int repetitions() const { return repeats_; }
  // The hash apply(m) reaches.
  uint64_t hash_after(const Move& m) const;
  // Asks the processor to bring into cache what apply(m) reads at random: the repetition
  // table's slot of the position after m (R19).
  void prefetch_after(const Move& m) const { repetitions_.prefetch(hash_after(m)); }

  std::string to_text() const;
  // Move text (move_text.cpp). read_move() is the one reader of move text: any well-formed
  // text, legal or not, else an error; parse_move() is read_move() then legal_move(), the
  // legality check.
  std::string move_text(const Move& m) const { return write_move(spell_move(m)); }
  Result<Move> parse_move(std::string_view text) const;
  static Result<WrittenMove> read_move(std::string_view text);
  Result<Move> legal_move(const WrittenMove& w) const;  // the legal Move it names, or why not
  WrittenMove spell_move(const Move& m) const;          // canonical (spelling.cpp's search)
  static std::string write_move(const WrittenMove& w);

 private:
  friend class ChainSearch;
  friend struct Snapshot;  // snapshot.h: the repetition record of serialize()
  State() = default;
  void put(Square s, Piece p);
  Piece take(Square s);
  void finish_move(const Move& m);  // R18–R20 after a move
  bool all_home(int player) const;  // R18
  int blocked_out_winner() const;   // R19: the blocked-out player who wins, or -1
  void adjudicate();                // R20
  // End squares of the piece on `from` by moves that lift nothing; `jumped` gets every piece
  // its chains can jump.
  Bitboard plain_ends(Square from, int seat, uint8_t dirs, Bitboard& jumped) const;
  bool has_plain_end(Square from, int seat, uint8_t dirs) const;
  // Opponent circles that would be lifted if jumped by `seat` (R15–R17).
  Bitboard liftable_circles(int seat) const;
  template <class Plain>
  void visit_moves(Plain&& plain, MoveList& lifting, uint64_t* counted) const;

  Params params_;
  std::array<Piece, kSquares> board_{};
  Bitboard occupied_ = 0;
  std::array<Bitboard, kKinds> by_kind_{};  // every seat's pieces of a kind (kind_of())
  std::array<Bitboard, kSeats> by_seat_{};
  std::array<int, kSeats> seats_{};
  int num_seats_ = 0;
  int to_move_ = 0;
  int ply_ = 0;
  uint64_t hash_ = 0;
  End end_ = End::kNone;
  int winner_ = -1;
  RepetitionTable repetitions_;
  int repeats_ = 0;  // repetitions_'s count of hash_, kept with it (the observation reads it)
  std::vector<Move> undo_stack_;
};

}  // namespace arbiter::traverse
