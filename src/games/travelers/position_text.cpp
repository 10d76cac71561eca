// Position text and the drawn board (docs/travelers.md).
//
//   3tdt3/arwabarwa/9/9/9/9/9/ARWABARWA/3TDT3 w - 0 1
//
// Fields, separated by spaces: the board from rank 9 down to rank 1, ranks separated by '/',
// each rank from file a to i, a digit 1–9 for a run of empty squares and a letter per piece
// (T Traveler, D Displacer, B Block, A Ace, W Deuce, R Trey; upper case White, lower case
// Black); the side to move (w or b); the V11 ban (`-`, or the square of the side to move's
// Displacer while it may not displace the enemy Displacer); plies since the last capture
// (0–100, V13); the move number (from 1, raised after Black's move).
#include <cctype>

#include "core/text.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {
namespace {

constexpr std::array<std::string_view, kKinds> kKindNames = {"Traveler", "Displacer", "Block",
                                                             "Ace",      "Deuce",     "Trey"};
constexpr int kMaxMoveNumber = 1'000'000;

char piece_letter(Piece p) {
  const char c = kPieceLetters[kind_of(p)];
  return side_of(p) == kWhite ? c : static_cast<char>(std::tolower(c));
}

std::string side_name(int side) { return side == kWhite ? "white" : "black"; }

}  // namespace

Result<State> State::parse_position(const Params& params, std::string_view text) {
  const auto fields = split(text);
  if (fields.size() != 5) {
    return make_error(
        "position text: expected 5 fields (board, side to move, V11 ban, "
        "no-capture plies, move number), got " +
        std::to_string(fields.size()));
  }
  State s;
  s.params_ = params;
  const auto ranks = split_exact(fields[0], '/');
  if (ranks.size() != kRanks) {
    return make_error("board: expected 9 ranks separated by '/', got " +
                      std::to_string(ranks.size()));
  }
  for (int i = 0; i < kRanks; ++i) {
    const int rank = kRanks - 1 - i;
    const std::string where = "board: rank " + std::to_string(rank + 1);
    int file = 0;
    for (const char c : ranks[i]) {
      if (c >= '1' && c <= '9') {
        file += c - '0';
        if (file > kFiles) return make_error(where + " has more than 9 squares");
        continue;
      }
      const auto kind =
          kPieceLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
      if (kind == std::string_view::npos || !std::isalpha(static_cast<unsigned char>(c))) {
        return make_error(where + ": unknown piece letter " + quote(std::string(1, c)) +
                          " (expected T D B A W R, or a digit for empty squares)");
      }
      if (file >= kFiles) return make_error(where + " has more than 9 squares");
      const int side = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
      s.put(make_square(file, rank), make_piece(side, static_cast<int>(kind)));
      ++file;
    }
    if (file != kFiles) {
      return make_error(where + " has " + std::to_string(file) + " squares, expected 9");
    }
  }
  for (int side = 0; side < 2; ++side) {
    for (int kind = 0; kind < kKinds; ++kind) {
      const int n = popcount(s.pieces(side, kind));
      const std::string what = side_name(side) + " has " + std::to_string(n) + " " +
                               std::string(kKindNames[kind]) + (n == 1 ? "" : "s");
      if (kind == kTraveler && n != 2) {
        return make_error("board: " + what + ", expected 2 (Travelers are never captured, V7)");
      }
      if (n > kStartCount[kind]) {
        return make_error("board: " + what + ", at most " + std::to_string(kStartCount[kind]));
      }
    }
    if (s.pieces(side, kBlock) & kEdgeRanks) {
      return make_error("board: " + side_name(side) + "'s Block stands on rank 1 or 9 (V9)");
    }
  }
  if (popcount(s.pieces(kWhite, kTraveler) & rank_mask(last_rank(kWhite))) == 2 &&
      popcount(s.pieces(kBlack, kTraveler) & rank_mask(last_rank(kBlack))) == 2) {
    return make_error("board: both sides have both Travelers on their last rank");
  }

  if (fields[1] != "w" && fields[1] != "b") {
    return make_error("side to move: expected 'w' or 'b', got " + quote(fields[1]));
  }
  s.pos_.side = fields[1] == "w" ? kWhite : kBlack;

  if (fields[2] != "-") {
    const Square sq = parse_square(fields[2]);
    if (sq < 0) {
      return make_error("V11 ban: expected '-' or a square such as e5, got " + quote(fields[2]));
    }
    if (s.pos_.board[sq] != make_piece(s.pos_.side, kDisplacer)) {
      return make_error("V11 ban: " + square_name(sq) + " does not hold the Displacer of the " +
                        "side to move (" + side_name(s.pos_.side) + ")");
    }
    if (!s.pieces(s.pos_.side ^ 1, kDisplacer)) {
      return make_error("V11 ban: " + side_name(s.pos_.side ^ 1) + " has no Displacer");
    }
    s.pos_.ban = true;
  }

  const auto no_capture = parse_int(fields[3], 0, 100, "no-capture plies");
  if (!no_capture) return make_error(no_capture.error());
  const auto move_number = parse_int(fields[4], 1, kMaxMoveNumber, "move number");
  if (!move_number) return make_error(move_number.error());
  s.pos_.no_capture = static_cast<uint16_t>(*no_capture);
  s.pos_.ply = static_cast<uint32_t>(2 * (*move_number - 1) + s.pos_.side);
  s.pos_.hash = s.compute_hash();
  s.decide_end();
  return s;
}

std::string State::to_text() const {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = pos_.board[make_square(file, rank)];
      if (p == 0) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty);
      empty = 0;
      out += piece_letter(p);
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
    if (rank > 0) out += '/';
  }
  out += pos_.side == kWhite ? " w " : " b ";
  const Bitboard banned = pieces(pos_.side, kDisplacer);
  out += pos_.ban && banned ? square_name(lsb(banned)) : std::string("-");
  // (appended piecewise: GCC 12 misreports chained string + here under -Wrestrict)
  out += ' ';
  out += std::to_string(pos_.no_capture);
  out += ' ';
  out += std::to_string(pos_.ply / 2 + 1);
  return out;
}

}  // namespace arbiter::travelers
