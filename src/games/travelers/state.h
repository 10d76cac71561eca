// The Travelers (Roberto Lavieri, 2006): a 9×9 race to bring both Travelers to the last rank
// (docs/travelers.md: the rules, clauses V1–V14, cited in code, and the texts).
//
// The concrete State for perft and search: a piece array plus bitboards, compact Moves,
// apply/undo with a history of what each move changed (the squares and their earlier contents,
// which also rebuild an earlier board for the exact threefold-repetition check), and an
// incremental zobrist hash of board, side and V11 ban.
// This class is split across files by concern:
//   state.cpp          set-up, apply/undo, hashing, end of game (V12–V14)
//   movegen.cpp        legal moves and bulk counting (V4–V11)
//   position_text.cpp  position text and the drawn board
//   move_text.cpp      move text in and out
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/fixed_vector.h"
#include "core/result.h"
#include "games/travelers/bitboard.h"
#include "games/travelers/params.h"

namespace arbiter::travelers {

inline constexpr int kWhite = 0;
inline constexpr int kBlack = 1;

// V2. Kind order is also the zobrist key order.
enum Kind : uint8_t { kTraveler, kDisplacer, kBlock, kAce, kDeuce, kTrey, kKinds };
// How many of each kind a side has at the start (V2); position text allows at most these.
inline constexpr std::array<int, kKinds> kStartCount = {2, 1, 1, 4, 2, 2};

// Cell contents: 0 empty, else 1 + side * kKinds + kind.
using Piece = uint8_t;
constexpr Piece make_piece(int side, int kind) {
  return static_cast<Piece>(1 + side * kKinds + kind);
}
constexpr int side_of(Piece p) { return (p - 1) / kKinds; }
constexpr int kind_of(Piece p) { return (p - 1) % kKinds; }
// A piece's letter in position text and records, by Kind: White's as here, Black's lower case.
inline constexpr std::string_view kPieceLetters = "TDBAWR";

// V3: the far rank of each side.
constexpr int last_rank(int side) { return side == kWhite ? kRanks - 1 : 0; }

// One turn: a piece from `from` to `to` (a slide, or a capture when `to` holds an enemy), and
// for a Displacer move that displaces (V10), the victim's square and where it is dropped.
struct Move {
  uint8_t from = kNoSquare;
  uint8_t to = kNoSquare;
  uint8_t victim = kNoSquare;
  uint8_t drop = kNoSquare;

  bool displaces() const { return victim != kNoSquare; }
  bool operator==(const Move&) const = default;
};

// A move as written (docs/travelers.md, Move text), legal or not: the squares it names and
// whether it was written as a capture (`x`). read_move() makes one from text, write_move()
// writes one, spell_move() gives a legal Move's canonical one.
struct WrittenMove {
  Square from = kNoSquare;
  Square to = kNoSquare;
  bool capture = false;       // `c2xc4` rather than `c2-c4`
  Square victim = kNoSquare;  // with `/f5-f9`: the displaced piece's square and its target
  Square drop = kNoSquare;

  bool displaces() const { return victim != kNoSquare; }
};

// Upper bound on legal moves: the Displacer has at most 32 landing squares, each with at most
// 1 + 4 victims × 16 drop squares; 11 other pieces slide to at most 8 lines × 3 squares; 8
// capturers have at most 8 targets each: 32 × 65 + 264 + 64 = 2408.
inline constexpr std::size_t kMaxMoves = 2560;

// Why a game ended (V12, V13), or kNone while it runs; who won is returns()'s.
enum class End : uint8_t {
  kNone,
  kAllHome,  // V12: a side has both Travelers on its last rank
  kRepetition,
  kNoCapture,
  kPlyLimit,
  kNoMoves,
};

// Everything that makes up a position.
struct Position {
  std::array<std::array<Bitboard, kKinds>, 2> pieces{};  // [side][kind]
  std::array<Bitboard, 2> occupied{};                    // [side]
  std::array<Piece, kSquares> board{};
  uint64_t hash = 0;
  uint32_t ply = 0;         // plies since the start of the game (from the move number)
  uint16_t no_capture = 0;  // plies since the last capture (V13)
  uint8_t side = kWhite;    // to move
  bool ban = false;         // V11: the side to move may not displace the enemy Displacer
  End end = End::kNone;
  // Occurrences of this position since the last capture, itself included (V13): counted once
  // when the position arises, so the count is read without walking the history.
  uint8_t repeats = 1;
};

// What undo() restores of the position before a move: the squares the move changed with their
// earlier contents (at most four: from, to, the displaced piece's square and its drop square)
// and the counters the move replaced. 14 bytes a ply where a copy of the position took a few
// hundred (a batch of long games keeps a history each, written at every move).
struct Undo {
  std::array<uint8_t, 4> squares{};
  std::array<Piece, 4> pieces{};  // what stood on squares[k] before the move (0: empty)
  uint8_t changed = 0;            // squares[0, changed) are the move's
  bool ban = false;
  uint8_t repeats = 1;
  uint16_t no_capture = 0;
};

using Board = std::array<Piece, kSquares>;

class State {
 public:
  using Move = travelers::Move;
  using MoveList = FixedVector<Move, kMaxMoves>;

  static State start(const Params& params);
  // Parses position text (docs/travelers.md): board, side, V11 ban, no-capture plies, move number.
  static Result<State> parse_position(const Params& params, std::string_view text);

  // Legal moves (V4–V11), one per resulting position; nothing once the game is over.
  void generate(MoveList& out) const;
  // A move's decisions one at a time (actions.h), without listing moves. movable_pieces(): the
  // side to move's pieces that have a legal move. destinations(): where the side to move's piece
  // on `from` goes, by a plain move (a slide or a capture) and by a Displacer move that
  // displaces (V10: landing squares from which a displacement exists); none for another square.
  // victims() and drops(): for the Displacer on `from` landing on `to`, the pieces it may
  // displace and the squares the displaced piece may be dropped on.
  struct Destinations {
    Bitboard plain = 0;
    Bitboard displacing = 0;
  };
  Bitboard movable_pieces() const;
  Destinations destinations(Square from) const;
  Bitboard victims(Square to) const;
  Bitboard drops(Square from, Square to) const;
  uint64_t count_moves() const;
  void apply(const Move& m);
  void undo();

  bool is_terminal() const { return pos_.end != End::kNone; }
  End end_reason() const { return pos_.end; }
  int to_move() const { return pos_.side; }
  int num_players() const { return 2; }
  std::string player_name(int player) const { return player == kWhite ? "white" : "black"; }
  std::vector<double> returns() const;  // V14
  std::string result_text() const;

  uint64_t hash() const { return pos_.hash; }
  // Asks the processor to bring into cache the memory apply(m) writes first: the history's
  // next entry (a fresh line of a long array, in a batch of games).
  void prefetch_after(const Move& m) const;
  uint64_t compute_hash() const;
  Piece at(Square s) const { return pos_.board[s]; }
  Bitboard occupied(int side) const { return pos_.occupied[side]; }
  Bitboard pieces(int side, int kind) const { return pos_.pieces[side][kind]; }
  bool ban() const { return pos_.ban; }
  int no_capture_plies() const { return pos_.no_capture; }
  int ply() const { return static_cast<int>(pos_.ply); }
  const Params& params() const { return params_; }
  // Squares where a Traveler of `side` would be in check (V8): every square that an enemy
  // Ace, Deuce or Trey could capture on.
  Bitboard checked_squares(int side) const;

  std::string to_text() const;
  // Move text (move_text.cpp). read_move() is the one reader of move text: any well-formed
  // text, legal or not, else the `malformed move` error; parse_move() is read_move() then
  // legal_move(), the legality check.
  std::string move_text(const Move& m) const { return write_move(spell_move(m)); }
  Result<Move> parse_move(std::string_view text) const;
  static Result<WrittenMove> read_move(std::string_view text);
  Result<Move> legal_move(const WrittenMove& w) const;  // the legal Move it names, or why not
  WrittenMove spell_move(const Move& m) const;          // canonical: `x` exactly for a capture
  static std::string write_move(const WrittenMove& w);

 private:
  friend struct Snapshot;  // snapshot.h: the repetition record of serialize()
  State() = default;
  void put(Square s, Piece p);
  Piece take(Square s);
  // V12: both Travelers of `side` on its last rank.
  bool all_home(int side) const;
  // Counts legal moves of the side to move, ignoring whether the game has ended.
  uint64_t count_legal() const;
  bool has_legal_move() const;
  int repetitions() const { return pos_.repeats; }  // occurrences since the last capture
  // The occurrences of the position before move `at` (at == history_.size(): pos_) among the
  // positions before it since the last capture, itself included.
  int count_repetitions(std::size_t at) const;
  // `board` (the board before move `from`) taken back to the board before move `to` <= from.
  void board_back(Board& board, std::size_t from, std::size_t to) const;
  void decide_end();  // V13 order, after a move or on set-up
  // Why a well-formed move is not legal, for error messages ("" when no reason is known).
  std::string illegal_reason(const Move& m) const;

  Params params_;
  Position pos_;
  std::vector<Undo> history_;  // what each applied move changed, oldest first
  // The hash of the position before each move of history_: the repetition count compares
  // these, and rebuilds a board only when a hash matches.
  std::vector<uint64_t> history_hashes_;
};

}  // namespace arbiter::travelers
