// Legal moves (V4–V11): generation and bulk counting. count_legal() must count exactly what
// generate() lists; both are derived from the same masks (Masks below).
#include "games/travelers/state.h"

namespace arbiter::travelers {
namespace {

// The sets every generator needs, for the side to move.
struct Masks {
  Bitboard empty;
  Bitboard steppers;      // own Aces, Deuces, Treys: V4 slides, no restriction
  Bitboard block;         // own Block: V9 never onto rank 1 or 9
  Bitboard travelers;     // own Travelers that may move (V8: not those on their last rank)
  Bitboard capturable;    // enemy Displacer, Aces, Deuces, Treys (V7)
  Bitboard displaceable;  // enemy pieces a Displacer may displace (V10, V11)
};

Masks masks_of(const Position& p) {
  const int us = p.side, them = us ^ 1;
  const auto& own = p.pieces[us];
  const auto& enemy = p.pieces[them];
  Masks m;
  m.empty = ~(p.occupied[0] | p.occupied[1]) & kBoard;
  m.steppers = own[kAce] | own[kDeuce] | own[kTrey];
  m.block = own[kBlock];
  m.travelers = own[kTraveler] & ~rank_mask(last_rank(us));
  m.capturable = p.occupied[them] & ~(enemy[kTraveler] | enemy[kBlock]);
  // V10: never a Block, never a Traveler on its last rank; V11: not the enemy Displacer while
  // the ban holds.
  m.displaceable =
      p.occupied[them] & ~enemy[kBlock] & ~(enemy[kTraveler] & rank_mask(last_rank(them)));
  if (p.ban) m.displaceable &= ~enemy[kDisplacer];
  return m;
}

// Squares a side's Aces, Deuces and Treys capture on (V6 patterns, leaping over anything).
Bitboard attacks(const std::array<Bitboard, kKinds>& by_kind) {
  Bitboard att = 0;
  for_each_direction([&](auto d) {
    constexpr int D = decltype(d)::value;
    att |= shift<D, 1>(by_kind[kAce]) | shift<D, 2>(by_kind[kDeuce]) | shift<D, 3>(by_kind[kTrey]);
  });
  return att;
}

// Where the side to move's Travelers may go (V8: never into check).
Bitboard traveler_targets(const State& s, const Masks& m) {
  return m.travelers ? m.empty & ~s.checked_squares(s.to_move()) : 0;
}

}  // namespace

Bitboard State::checked_squares(int side) const { return attacks(pos_.pieces[side ^ 1]); }

uint64_t State::count_moves() const { return is_terminal() ? 0 : count_legal(); }

uint64_t State::count_legal() const {
  const Masks m = masks_of(pos_);
  const auto& own = pos_.pieces[pos_.side];
  const Bitboard traveler_ok = traveler_targets(*this, m);
  const Bitboard block_ok = m.empty & ~kEdgeRanks;
  uint64_t n = 0;
  for_each_direction([&](auto d) {
    constexpr int D = decltype(d)::value;
    // V4: 1–3 squares through empty squares; each (piece, line, distance) is one move.
    Bitboard s = m.steppers, b = m.block, t = m.travelers;
    for (int i = 0; i < 3; ++i) {
      s = shift<D>(s) & m.empty;
      b = shift<D>(b) & m.empty;
      t = shift<D>(t) & m.empty;
      n += popcount(s) + popcount(b & block_ok) + popcount(t & traveler_ok);
    }
    // V6: captures at exactly 1, 2, 3 squares, whatever stands between.
    n += popcount(shift<D, 1>(own[kAce]) & m.capturable);
    n += popcount(shift<D, 2>(own[kDeuce]) & m.capturable);
    n += popcount(shift<D, 3>(own[kTrey]) & m.capturable);
  });
  // V5, V10: each landing square is one plain move plus victims × drop squares.
  if (own[kDisplacer]) {
    const Square from = lsb(own[kDisplacer]);
    const Bitboard empty_after = m.empty | bit(from);  // the vacated square counts (V10)
    for (int d = 0; d < kDirections; ++d) {
      for (int i = 1; i < 9; ++i) {
        const int to = kGeometry.step[from][d][i];
        if (to < 0 || !(m.empty & bit(to))) break;
        ++n;
        const Bitboard victims = kGeometry.orthogonal[to] & m.displaceable;
        if (victims) n += popcount(victims) * popcount(kGeometry.lines[to] & empty_after);
      }
    }
  }
  return n;
}

bool State::has_legal_move() const {
  // Fast path: an Ace, Deuce or Trey next to an empty square can always step there (V4).
  const Masks m = masks_of(pos_);
  bool any = false;
  for_each_direction([&](auto d) {
    constexpr int D = decltype(d)::value;
    any = any || (shift<D>(m.steppers) & m.empty) != 0;
  });
  return any || count_legal() > 0;
}

namespace {

// V10: the pieces a Displacer landing on `to` may displace, and the squares a displaced piece
// may be dropped on (the Displacer's vacated square `from` counts).
Bitboard victims_at(const Masks& m, Square to) { return kGeometry.orthogonal[to] & m.displaceable; }
Bitboard drops_at(const Masks& m, Square from, Square to) {
  return kGeometry.lines[to] & (m.empty | bit(from));
}

// Where a slide of a piece of `kind` (not the Displacer) may end: V8 keeps a Traveler out of
// check (`traveler_ok`, from traveler_targets()), V9 a Block off ranks 1 and 9.
Bitboard slide_ends(const Masks& m, int kind, Bitboard traveler_ok) {
  return kind == kTraveler ? traveler_ok : kind == kBlock ? m.empty & ~kEdgeRanks : m.empty;
}

// The moves of the side to move's piece on `from`, in generate()'s order (V4–V11): each goes to
// add(from, to, victim, drop), which returns false to stop. Returns false when stopped.
// With kEachDisplacement false, the displacements from a landing square are one call,
// add(from, to, kSomeVictim, kNoSquare), made when there is at least one.
inline constexpr uint8_t kSomeVictim = 0xfe;
template <bool kEachDisplacement = true, class Add>
bool piece_moves(const Position& p, const Masks& m, Bitboard traveler_ok, Square from, Add&& add) {
  const int kind = kind_of(p.board[from]);
  if (kind == kDisplacer) {
    // V5, V10, V11: each landing square, then each displacement from it.
    for (int d = 0; d < kDirections; ++d) {
      for (int i = 1; i < 9; ++i) {
        const int to = kGeometry.step[from][d][i];
        if (to < 0 || !(m.empty & bit(to))) break;
        if (!add(from, to, kNoSquare, kNoSquare)) return false;
        Bitboard victims = victims_at(m, to);
        const Bitboard drops = victims ? drops_at(m, from, to) : 0;
        if constexpr (!kEachDisplacement) {
          if (drops && !add(from, to, kSomeVictim, kNoSquare)) return false;
          continue;
        }
        while (victims) {
          const Square victim = pop_lsb(victims);
          Bitboard each = drops;
          while (each) {
            if (!add(from, to, victim, pop_lsb(each))) return false;
          }
        }
      }
    }
    return true;
  }
  // V4, V8, V9 slides and V6 captures.
  if (!((m.steppers | m.block | m.travelers) & bit(from))) return true;
  const Bitboard ok = slide_ends(m, kind, traveler_ok);
  const int reach = kind == kAce ? 1 : kind == kDeuce ? 2 : kind == kTrey ? 3 : 0;
  for (int d = 0; d < kDirections; ++d) {
    for (int i = 1; i <= 3; ++i) {
      const int to = kGeometry.step[from][d][i];
      if (to < 0 || !(m.empty & bit(to))) break;
      if ((ok & bit(to)) && !add(from, to, kNoSquare, kNoSquare)) return false;
    }
    if (reach > 0) {
      const int target = kGeometry.step[from][d][reach];
      if (target >= 0 && (m.capturable & bit(target)) && !add(from, target, kNoSquare, kNoSquare)) {
        return false;
      }
    }
  }
  return true;
}

// Where the side to move's piece on `from`, of `kind` (not the Displacer), may go: piece_moves()'s
// slides and captures as whole sets. A walk square by square ends where the processor cannot
// predict; these are a few shifts.
Bitboard slides_and_captures(const Masks& m, Square from, int kind, Bitboard traveler_ok) {
  const Bitboard piece = bit(from);
  if (!((m.steppers | m.block | m.travelers) & piece)) return 0;
  const Bitboard ok = slide_ends(m, kind, traveler_ok);
  // The piece as the capturer it is, at its V6 distance: the others are empty.
  const Bitboard ace = kind == kAce ? piece : 0, deuce = kind == kDeuce ? piece : 0,
                 trey = kind == kTrey ? piece : 0;
  Bitboard to = 0;
  for_each_direction([&](auto d) {
    constexpr int D = decltype(d)::value;
    Bitboard path = piece;
    for (int i = 0; i < 3; ++i) {
      path = shift<D>(path) & m.empty;
      to |= path & ok;
    }
    to |= (shift<D, 1>(ace) | shift<D, 2>(deuce) | shift<D, 3>(trey)) & m.capturable;
  });
  return to;
}

}  // namespace

void State::generate(MoveList& out) const {
  out.clear();
  if (is_terminal()) return;
  const Masks m = masks_of(pos_);
  const Bitboard traveler_ok = traveler_targets(*this, m);
  const auto add = [&](int from, int to, int victim, int drop) {
    out.push_back(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                       static_cast<uint8_t>(victim), static_cast<uint8_t>(drop)});
    return true;
  };
  // Piece by piece, the Displacer last.
  for_each_square(m.steppers | m.block | m.travelers,
                  [&](Square from) { piece_moves(pos_, m, traveler_ok, from, add); });
  const Bitboard displacer = pieces(pos_.side, kDisplacer);
  if (displacer) piece_moves(pos_, m, traveler_ok, lsb(displacer), add);
}

State::Destinations State::destinations(Square from) const {
  Destinations out;
  if (is_terminal() || from < 0 || from >= kSquares || !(pos_.occupied[pos_.side] & bit(from))) {
    return out;
  }
  const Masks m = masks_of(pos_);
  const int kind = kind_of(pos_.board[from]);
  if (kind != kDisplacer) {
    // Only a Traveler needs the checked squares (V8).
    const Bitboard traveler_ok = kind == kTraveler ? traveler_targets(*this, m) : 0;
    out.plain = slides_and_captures(m, from, kind, traveler_ok);
    return out;
  }
  piece_moves<false>(pos_, m, 0, from, [&](int, int to, int victim, int) {
    (victim == kNoSquare ? out.plain : out.displacing) |= bit(to);
    return true;
  });
  return out;
}

Bitboard State::victims(Square to) const { return victims_at(masks_of(pos_), to); }

Bitboard State::drops(Square from, Square to) const { return drops_at(masks_of(pos_), from, to); }

Bitboard State::movable_pieces() const {
  if (is_terminal()) return 0;
  const Masks m = masks_of(pos_);
  const Bitboard traveler_ok = traveler_targets(*this, m);
  // An Ace, Deuce, Trey (V4) or the Displacer (V5) next to an empty square can step there; only
  // the other pieces have their moves walked.
  Bitboard next_to_empty = 0;
  for_each_direction([&](auto d) {
    constexpr int D = decltype(d)::value;
    next_to_empty |= shift<(D + kDirections / 2) % kDirections>(m.empty);
  });
  Bitboard movable = (m.steppers | pieces(pos_.side, kDisplacer)) & next_to_empty;
  for_each_square(pos_.occupied[pos_.side] & ~movable, [&](Square from) {
    const bool stopped_at_a_move = !piece_moves(pos_, m, traveler_ok, from, [](int, int, int, int) {
      return false;  // one is enough
    });
    if (stopped_at_a_move) movable |= bit(from);
  });
  return movable;
}

}  // namespace arbiter::travelers
