// Set-up, apply/undo, hashing and the end of the game (V12–V14).
#include "games/travelers/state.h"

#include <algorithm>
#include <cassert>

#include "core/zobrist.h"

namespace arbiter::travelers {
namespace {

// Zobrist keys: one per (side, kind, square), then the side to move, then the V11 ban.
constexpr std::size_t kPieceKeys = 2 * kKinds * kSquares;
constexpr std::size_t kSideKey = kPieceKeys;
constexpr std::size_t kBanKey = kPieceKeys + 1;
using Keys = std::array<uint64_t, kPieceKeys + 2>;

const Keys& keys() {
  static const Keys k = make_zobrist_keys<kPieceKeys + 2>(0x74726176656c6572ULL);  // "traveler"
  return k;
}

uint64_t piece_key(Piece p, Square s) { return keys()[(p - 1) * kSquares + s]; }

}  // namespace

State State::start(const Params& params) {
  State s;
  s.params_ = params;
  // V2: White on ranks 1–2, Black mirrored on ranks 9–8 (same files).
  constexpr std::array<Kind, kFiles> kSecondRank = {kAce, kTrey, kDeuce, kAce, kBlock,
                                                    kAce, kTrey, kDeuce, kAce};
  for (int side = 0; side < 2; ++side) {
    const int back = side == kWhite ? 0 : kRanks - 1;
    const int front = side == kWhite ? 1 : kRanks - 2;
    s.put(make_square(3, back), make_piece(side, kTraveler));
    s.put(make_square(4, back), make_piece(side, kDisplacer));
    s.put(make_square(5, back), make_piece(side, kTraveler));
    for (int f = 0; f < kFiles; ++f) s.put(make_square(f, front), make_piece(side, kSecondRank[f]));
  }
  s.pos_.side = kWhite;  // V1
  s.decide_end();
  return s;
}

void State::put(Square s, Piece p) {
  assert(pos_.board[s] == 0 && p != 0);
  pos_.board[s] = p;
  pos_.pieces[side_of(p)][kind_of(p)] |= bit(s);
  pos_.occupied[side_of(p)] |= bit(s);
  pos_.hash ^= piece_key(p, s);
}

Piece State::take(Square s) {
  const Piece p = pos_.board[s];
  assert(p != 0);
  pos_.board[s] = 0;
  pos_.pieces[side_of(p)][kind_of(p)] &= ~bit(s);
  pos_.occupied[side_of(p)] &= ~bit(s);
  pos_.hash ^= piece_key(p, s);
  return p;
}

void State::prefetch_after(const Move&) const {
  if (history_.size() < history_.capacity()) {
    __builtin_prefetch(history_.data() + history_.size(), 1);
  }
  if (history_hashes_.size() < history_hashes_.capacity()) {
    __builtin_prefetch(history_hashes_.data() + history_hashes_.size(), 1);
  }
}

void State::apply(const Move& m) {
  assert(!is_terminal());
  Undo u;
  u.ban = pos_.ban;
  u.repeats = pos_.repeats;
  u.no_capture = pos_.no_capture;
  const auto note = [&](Square s) {
    for (int k = 0; k < u.changed; ++k) {
      if (u.squares[k] == s) return;
    }
    u.squares[u.changed] = static_cast<uint8_t>(s);
    u.pieces[u.changed++] = pos_.board[s];
  };
  note(m.from);
  note(m.to);
  if (m.displaces()) {
    note(m.victim);
    note(m.drop);
  }
  history_.push_back(u);
  history_hashes_.push_back(pos_.hash);
  // V6: a capture removes the piece on the destination; only captures reset the counter (V13).
  if (pos_.board[m.to] != 0) {
    take(m.to);
    pos_.no_capture = 0;
  } else {
    ++pos_.no_capture;
  }
  put(m.to, take(m.from));
  bool ban = false;
  if (m.displaces()) {
    const Piece victim = take(m.victim);
    ban = kind_of(victim) == kDisplacer;  // V11: holds for exactly the opponent's next turn
    put(m.drop, victim);
  }
  if (ban != pos_.ban) pos_.hash ^= keys()[kBanKey];
  pos_.ban = ban;
  pos_.side ^= 1;
  pos_.hash ^= keys()[kSideKey];
  ++pos_.ply;
  pos_.repeats = static_cast<uint8_t>(std::min(count_repetitions(history_.size()), 255));
  decide_end();
}

void State::undo() {
  assert(!history_.empty());
  const Undo& u = history_.back();
  // Everything off the move's squares first, then their earlier contents back: a square may
  // have changed twice (a piece dropped where the mover stood).
  for (int k = 0; k < u.changed; ++k) {
    if (pos_.board[u.squares[k]] != 0) take(u.squares[k]);
  }
  for (int k = 0; k < u.changed; ++k) {
    if (u.pieces[k] != 0) put(u.squares[k], u.pieces[k]);
  }
  if (u.ban != pos_.ban) pos_.hash ^= keys()[kBanKey];
  pos_.ban = u.ban;
  pos_.side ^= 1;
  pos_.hash ^= keys()[kSideKey];
  --pos_.ply;
  pos_.no_capture = u.no_capture;
  pos_.repeats = u.repeats;
  pos_.end = End::kNone;  // a move is made only in a running game
  assert(pos_.hash == history_hashes_.back());
  history_.pop_back();
  history_hashes_.pop_back();
}

void State::board_back(Board& board, std::size_t from, std::size_t to) const {
  for (std::size_t i = from; i-- > to;) {
    const Undo& u = history_[i];
    for (int k = 0; k < u.changed; ++k) board[u.squares[k]] = u.pieces[k];
  }
}

uint64_t State::compute_hash() const {
  uint64_t h = 0;
  for (Square s = 0; s < kSquares; ++s) {
    if (pos_.board[s] != 0) h ^= piece_key(pos_.board[s], s);
  }
  if (pos_.side == kBlack) h ^= keys()[kSideKey];
  if (pos_.ban) h ^= keys()[kBanKey];
  return h;
}

int State::count_repetitions(std::size_t at) const {
  // Positions before the last capture have other material, so only the last `no_capture`
  // plies can repeat, and only every second one has the same side to move. A hash that
  // matches is confirmed on the boards (V13's key: board, side to move and V11 ban).
  const bool now = at == history_.size();
  const uint64_t hash = now ? pos_.hash : history_hashes_[at];
  const bool ban = now ? pos_.ban : history_[at].ban;
  const std::size_t window =
      std::min<std::size_t>(at, now ? pos_.no_capture : history_[at].no_capture);
  int count = 1;             // V13: the first occurrence counts
  Board board{}, earlier{};  // built at the first matching hash
  bool built = false;
  std::size_t earlier_at = at;  // `earlier` is the board before move earlier_at
  for (std::size_t back = 2; back <= window; back += 2) {
    if (history_hashes_[at - back] != hash || history_[at - back].ban != ban) continue;
    if (!built) {
      board = pos_.board;
      board_back(board, history_.size(), at);
      earlier = board;
      built = true;
    }
    board_back(earlier, earlier_at, at - back);
    earlier_at = at - back;
    if (earlier == board) ++count;
  }
  return count;
}

bool State::all_home(int side) const {
  return popcount(pieces(side, kTraveler) & rank_mask(last_rank(side))) == 2;
}

void State::decide_end() {
  // V13 clarification: V12 win (either side), threefold repetition, 100 plies without capture,
  // our ply limit, no legal move.
  if (all_home(kWhite) || all_home(kBlack)) {
    pos_.end = End::kAllHome;
  } else if (pos_.no_capture >= 4 && repetitions() >= 3) {
    pos_.end = End::kRepetition;
  } else if (pos_.no_capture >= 100) {
    pos_.end = End::kNoCapture;
  } else if (params_.max_plies > 0 && pos_.ply >= static_cast<uint32_t>(params_.max_plies)) {
    pos_.end = End::kPlyLimit;
  } else if (!has_legal_move()) {
    pos_.end = End::kNoMoves;
  } else {
    pos_.end = End::kNone;
  }
}

std::vector<double> State::returns() const {
  // V14: win +1, loss −1, draw (and a running game) 0.
  if (pos_.end != End::kAllHome) return {0.0, 0.0};
  // White is judged first (decide_end), so White wins when both sides are home.
  return all_home(kWhite) ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::string State::result_text() const {
  switch (pos_.end) {
    case End::kNone:
      return "";
    case End::kAllHome:
      return player_name(all_home(kWhite) ? kWhite : kBlack) +
             " wins: both Travelers on the last rank";
    case End::kRepetition:
      return "draw: threefold repetition";
    case End::kNoCapture:
      return "draw: 100 plies without a capture";
    case End::kPlyLimit:
      return "draw: ply limit " + std::to_string(params_.max_plies) + " reached";
    case End::kNoMoves:
      return "draw: " + player_name(pos_.side) + " has no legal move";
  }
  return "";
}

}  // namespace arbiter::travelers
