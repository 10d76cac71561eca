// Move text (docs/travelers.md, Move text): `d2-d5` a move, `c2xc4` a capture, `e1-e5/f5-f9` a
// Displacer move that displaces the piece on f5 to f9. Input is case-insensitive, surrounding
// blanks are ignored, and `-` is also accepted for a capture; `x` for a move onto an empty square
// is not.
#include <cctype>

#include "core/text.h"
#include "games/travelers/state.h"

namespace arbiter::travelers {

WrittenMove State::spell_move(const Move& m) const {
  return {m.from, m.to, pos_.board[m.to] != 0, m.victim, m.drop};
}

std::string State::write_move(const WrittenMove& w) {
  std::string out = square_name(w.from);
  out += w.capture ? 'x' : '-';
  out += square_name(w.to);
  if (w.displaces()) {
    out += '/';
    out += square_name(w.victim);
    out += '-';
    out += square_name(w.drop);
  }
  return out;
}

Result<WrittenMove> State::read_move(std::string_view text) {
  const std::string t = to_lower(trim(text));
  const auto malformed = [&] {
    return make_error("malformed move " + quote(text) +
                      ": expected e.g. d2-d5, c2xc4 or e1-e5/f5-f9");
  };
  if (t.size() != 5 && t.size() != 11) return malformed();
  WrittenMove w;
  w.from = parse_square(std::string_view(t).substr(0, 2));
  w.to = parse_square(std::string_view(t).substr(3, 2));
  if (w.from < 0 || w.to < 0 || (t[2] != '-' && t[2] != 'x')) return malformed();
  w.capture = t[2] == 'x';
  if (t.size() == 11) {
    w.victim = parse_square(std::string_view(t).substr(6, 2));
    w.drop = parse_square(std::string_view(t).substr(9, 2));
    if (t[5] != '/' || t[8] != '-' || w.victim < 0 || w.drop < 0) return malformed();
  }
  return w;
}

Result<Move> State::parse_move(std::string_view text) const {
  auto written = read_move(text);
  if (!written) return make_error(written.error());
  return legal_move(*written);
}

Result<Move> State::legal_move(const WrittenMove& w) const {
  if (is_terminal()) return make_error("the game is over (" + result_text() + ")");
  // The text as read (lower case, no blanks): what the errors below quote.
  const std::string t = write_move(w);
  Move m;
  m.from = static_cast<uint8_t>(w.from);
  m.to = static_cast<uint8_t>(w.to);
  if (w.displaces()) {
    m.victim = static_cast<uint8_t>(w.victim);
    m.drop = static_cast<uint8_t>(w.drop);
  }
  const Piece p = pos_.board[m.from];
  if (p == 0) return make_error("no piece on " + square_name(m.from));
  if (side_of(p) != pos_.side) {
    return make_error("the piece on " + square_name(m.from) + " is " + player_name(side_of(p)) +
                      "'s; " + player_name(pos_.side) + " is to move");
  }
  if (w.capture && pos_.board[m.to] == 0) {
    return make_error("illegal move: " + t + " (there is nothing to capture on " +
                      square_name(m.to) + ")");
  }
  MoveList moves;
  generate(moves);
  for (const Move& legal : moves) {
    if (legal == m) return m;
  }
  const std::string why = illegal_reason(m);
  return make_error("illegal move: " + t + (why.empty() ? "" : " (" + why + ")"));
}

namespace {

// The distance from `from` to `to` along one of the 8 lines (V4, V5), 0 when `to` is on none;
// `between` gets the squares passed on the way.
int line_distance(Square from, Square to, Bitboard& between) {
  for (int d = 0; d < kDirections; ++d) {
    between = 0;
    for (int i = 1; i < 9; ++i) {
      const int s = kGeometry.step[from][d][i];
      if (s < 0) break;
      if (s == to) return i;
      between |= bit(static_cast<Square>(s));
    }
  }
  between = 0;
  return 0;
}

}  // namespace

std::string State::illegal_reason(const Move& m) const {
  const int kind = kind_of(pos_.board[m.from]);
  const Piece target = pos_.board[m.to];
  if (m.displaces() && kind != kDisplacer) return "only a Displacer displaces (V10)";
  if (target != 0 && side_of(target) == pos_.side) return "no piece captures its own side (V6)";
  if (target != 0 && (kind == kTraveler || kind == kBlock || kind == kDisplacer)) {
    return "Travelers, Blocks and Displacers never capture (V6)";
  }
  // Whether the piece reaches the square at all comes before what stands there (V7).
  Bitboard between = 0;
  const int distance = line_distance(m.from, m.to, between);
  if (target != 0) {
    // Only Aces, Deuces and Treys are left: each captures at exactly its own distance (V6).
    const int reach = kind == kAce ? 1 : kind == kDeuce ? 2 : 3;
    const char* piece = kind == kAce ? "an Ace" : kind == kDeuce ? "a Deuce" : "a Trey";
    if (distance != reach) {
      return piece + std::string(" captures at distance ") + std::to_string(reach) +
             " only, along a line (V6)";
    }
  }
  if (target != 0 && (kind_of(target) == kTraveler || kind_of(target) == kBlock)) {
    return "Travelers and Blocks cannot be captured (V7)";
  }
  if (kind == kTraveler && rank_of(m.from) == last_rank(pos_.side)) {
    return "a Traveler on its last rank cannot move (V8)";
  }
  if (target == 0) {
    const char* clause = kind == kDisplacer ? " (V5)" : " (V4)";
    if (distance == 0) return std::string("a piece moves along a rank, file or diagonal") + clause;
    if (kind != kDisplacer && distance > 3) {
      return "only the Displacer moves more than 3 squares (V4)";
    }
    if (between & (pos_.occupied[0] | pos_.occupied[1])) {
      return std::string("a piece never moves over another") + clause;
    }
  }
  if (kind == kTraveler && target == 0 && (checked_squares(pos_.side) & bit(m.to))) {
    return "a Traveler may not move into check (V8)";
  }
  if (kind == kBlock && (kEdgeRanks & bit(m.to))) return "a Block never goes to rank 1 or 9 (V9)";
  if (m.displaces()) {
    const Piece victim = pos_.board[m.victim];
    if (victim == 0 || side_of(victim) == pos_.side)
      return "only an enemy piece is displaced (V10)";
    if (kind_of(victim) == kBlock) return "a Block cannot be displaced (V9)";
    if (kind_of(victim) == kTraveler && rank_of(m.victim) == last_rank(side_of(victim))) {
      return "a Traveler on its last rank cannot be displaced (V8)";
    }
    if (kind_of(victim) == kDisplacer && pos_.ban) {
      return "this Displacer may not displace the enemy Displacer this turn (V11)";
    }
  }
  return "";
}

}  // namespace arbiter::travelers
