#include "games/trap/state.h"

#include <algorithm>
#include <cassert>
#include <cstddef>

#include "core/zobrist.h"

namespace arbiter::trap {
namespace {

// Zobrist keys: a mover of a side on a cell; that mover trapped (xored in addition); a wall in
// a slot; Blue to move. The pile is hashed by pile_key (P11: the pile is part of the position).
constexpr int kMoverKeys = 0;
constexpr int kTrapKeys = kMoverKeys + 2 * kMaxCells;
constexpr int kWallKeys = kTrapKeys + 2 * kMaxCells;
constexpr int kSideKey = kWallKeys + kMaxSlots;
constexpr int kNumKeys = kSideKey + 1;
constexpr auto kKeys = make_zobrist_keys<kNumKeys>(0x7a0b'1972'7ea9'5eedULL);

uint64_t mover_key(int side, int cell) { return kKeys[kMoverKeys + side * kMaxCells + cell]; }
uint64_t trap_key(int side, int cell) { return kKeys[kTrapKeys + side * kMaxCells + cell]; }
uint64_t wall_key(int slot) { return kKeys[kWallKeys + slot]; }
uint64_t pile_key(int pile) {
  if (pile < 0) return 0;  // unlimited: never changes
  return SplitMix64(0x9113'0000'0000'0000ULL + static_cast<uint64_t>(pile)).next();
}

}  // namespace

State State::start(const Params& params) { return State(params); }

State::State(const Params& params) : geo_(&geometry(params.size)), params_(params) {
  const Geometry& g = *geo_;
  // P4: the start dots lie d = ⌊size/2⌋ steps straight out from the centre, alternating
  // Red, Blue around it (directions 0, 2, 4 are Red's; 1, 3, 5 Blue's).
  const int d = params.size / 2;
  for (int dir = 0; dir < kDirections; ++dir) {
    const int cell =
        g.cell_at(g.row[g.centre] + d * kDirRow[dir], g.number[g.centre] + d * kDirNumber[dir]);
    assert(cell >= 0);
    movers_[dir % 2][dir / 2] = static_cast<uint8_t>(cell);
    occupied_.set(cell);
  }
  for (int c = 0; c < g.num_cells; ++c) open_[c] = g.neighbours[c];
  pile_ = params.unlimited_walls() ? -1 : params.walls;
  hash_ = compute_hash();
  push_seen();  // P11: the start position is the first occurrence
}

int State::trapped_count(int side) const {
  return (trapped_[side] & 1) + ((trapped_[side] >> 1) & 1) + ((trapped_[side] >> 2) & 1);
}

bool State::mover_at(int cell, int* side, int* index) const {
  for (int s = 0; s < 2; ++s) {
    for (int i = 0; i < kMoversPerSide; ++i) {
      if (movers_[s][i] == cell) {
        *side = s;
        *index = i;
        return true;
      }
    }
  }
  return false;
}

uint64_t State::compute_hash() const {
  uint64_t h = pile_key(pile_);
  for (int s = 0; s < 2; ++s) {
    for (int i = 0; i < kMoversPerSide; ++i) {
      h ^= mover_key(s, movers_[s][i]);
      if (mover_trapped(s, i)) h ^= trap_key(s, movers_[s][i]);
    }
  }
  walls_.for_each([&](int slot) {
    h ^= wall_key(slot);
    return true;
  });
  if (to_move_ == kBlue) h ^= kKeys[kSideKey];
  return h;
}

uint64_t State::hash_after(const Move& m) const {
  // The keys of what moves, in any order, as apply() changes them before settle().
  const int side = to_move_;
  uint64_t h = hash_ ^ kKeys[kSideKey];
  switch (m.kind) {
    case MoveKind::kPass:
      break;
    case MoveKind::kShift:
      h ^= mover_key(side, m.a) ^ mover_key(side, m.b);
      break;
    case MoveKind::kDouble:
      h ^=
          mover_key(side, m.a) ^ mover_key(side, m.b) ^ mover_key(side, m.c) ^ mover_key(side, m.d);
      break;
    case MoveKind::kStepWall:
      h ^= mover_key(side, m.a) ^ mover_key(side, m.b) ^ wall_key(m.c);
      break;
    case MoveKind::kWalls:
      h ^= wall_key(m.a) ^ wall_key(m.b);
      break;
  }
  const int used = m.walls_used();
  if (used > 0 && pile_ >= used) h ^= pile_key(pile_) ^ pile_key(pile_ - used);
  return h;
}

void State::relocate(int side, int from, int to) {
  auto& m = movers_[side];
  const int i = (m[1] == from) | (m[2] == from) << 1;  // exactly one mover is on `from`
  assert(m[i] == from && !mover_trapped(side, i) && (to == from || !occupied_.test(to)));
  m[i] = static_cast<uint8_t>(to);
  occupied_.reset(from);
  occupied_.set(to);
  hash_ ^= mover_key(side, from) ^ mover_key(side, to);
}

void State::place_wall(int slot) {
  assert(!walls_.test(slot));
  const auto [a, b] = geo_->slot_cells[slot];
  walls_.set(slot);
  open_[a].reset(b);
  open_[b].reset(a);
  ++walls_placed_;
  hash_ ^= wall_key(slot);
}

void State::remove_wall(int slot) {
  const auto [a, b] = geo_->slot_cells[slot];
  walls_.reset(slot);
  open_[a].set(b);
  open_[b].set(a);
  --walls_placed_;
  hash_ ^= wall_key(slot);
}

void State::apply(const Move& m) {
  assert(!is_terminal());
  if (undo_.size() == undo_.capacity()) reserve_history();
  undo_.emplace_back(m, hash_, reversible_from_, end_);
  const int side = to_move_;
  switch (m.kind) {
    case MoveKind::kPass:
      break;
    case MoveKind::kShift:
    case MoveKind::kDouble: {
      // One path for both, no branch on the kind: a shift's second relocation is b → b, a no-op.
      // A double's targets were empty before the turn, so the order is immaterial.
      const bool two = m.kind == MoveKind::kDouble;
      relocate(side, m.a, m.b);
      relocate(side, two ? m.c : m.b, two ? m.d : m.b);
      break;
    }
    case MoveKind::kStepWall:  // P6 (c): the step comes first
      relocate(side, m.a, m.b);
      place_wall(m.c);
      break;
    case MoveKind::kWalls:
      place_wall(m.a);
      place_wall(m.b);
      break;
  }
  const int used = m.walls_used();
  if (used > 0 && pile_ >= 0) {
    assert(pile_ >= used);
    hash_ ^= pile_key(pile_) ^ pile_key(pile_ - used);
    pile_ -= used;
  }
  to_move_ ^= 1;
  hash_ ^= kKeys[kSideKey];
  ++ply_;
  settle();
}

void State::reserve_history() {
  // A copied State starts with no spare room. Grow at once to what a game to the ply limit
  // needs (capped), not by doubling from one: a random playout then allocates once.
  const int plies = params_.max_plies > 0 ? std::min(params_.max_plies, 1024) : 256;
  const std::size_t n = std::max<std::size_t>(2 * undo_.capacity(), plies);
  undo_.reserve(n);
  seen_.reserve(n + 1);
}

void State::settle() {
  // P9: at the end of a turn (a pass included) the free movers without a step of the player who
  // did not make it, now to move, are trapped. The mover's own movers are not judged by its own
  // turn: they are judged, like all of them, at the end of the opponent's next turn.
  Undo& u = undo_.back();
  const int judged = to_move_;
  const unsigned stuck = geo_->num_cells <= 64    ? stuck_movers<1>(judged)
                         : geo_->num_cells <= 128 ? stuck_movers<2>(judged)
                                                  : stuck_movers<3>(judged);
  if (stuck != 0) {  // rare: most turns trap nothing
    trapped_[judged] |= static_cast<uint8_t>(stuck);
    u.newly_trapped = static_cast<uint8_t>(stuck);
    for (int i = 0; i < kMoversPerSide; ++i) {
      if ((stuck >> i) & 1U) hash_ ^= trap_key(judged, movers_[judged][i]);
    }
  }
  // Walls and traps never go away, so no earlier position can recur after them.
  if (u.move.walls_used() > 0 || stuck != 0) {
    reversible_from_ = static_cast<int32_t>(seen_.size());
  }
  push_seen();
  end_ = judge(to_move_ ^ 1);
}

template <int U>
unsigned State::stuck_movers(int side) const {
  unsigned stuck = 0;
  for (int i = 0; i < kMoversPerSide; ++i) {
    const bool none = open_[movers_[side][i]].minus<U>(occupied_).template none<U>();
    stuck |= static_cast<unsigned>(none) << i;
  }
  return stuck & ~static_cast<unsigned>(trapped_[side]) & kAllTrapped;
}

int State::occurrences() const {
  // Alone in its bucket, the current position occurs once; else the scan (same side to move ⇒
  // an even distance back) is as long as the reversible run.
  if (seen_count_[hash_ % kSeenBuckets] == 1) return 1;
  int count = 0;
  for (int i = static_cast<int>(seen_.size()) - 1; i >= reversible_from_; i -= 2) {
    count += seen_[i] == hash_;
  }
  return count;
}

End State::judge(int last_mover) const {
  // After a turn, in this order: P10 (only the player who made the turn can have won: its own
  // movers were judged at the end of the opponent's turn before, and had all three been trapped
  // then, the game would have ended), P11 repetition, then the ply limit.
  if (trapped_[last_mover ^ 1] == kAllTrapped) {
    return End::kAllTrapped;
  }
  // P11: the third occurrence (push_seen() has counted the position).
  if (repeats_ >= 3) return End::kRepetition;
  if (params_.max_plies > 0 && ply_ >= params_.max_plies) return End::kPlyLimit;
  return End::kNone;
}

void State::undo() {
  assert(!undo_.empty());
  const Undo u = undo_.back();
  undo_.pop_back();
  pop_seen();
  trapped_[to_move_] &= static_cast<uint8_t>(~u.newly_trapped);  // the side the turn judged
  const Move& m = u.move;
  const int side = to_move_ ^ 1;
  switch (m.kind) {
    case MoveKind::kPass:
      break;
    case MoveKind::kShift:
      relocate(side, m.b, m.a);
      break;
    case MoveKind::kDouble:
      relocate(side, m.d, m.c);
      relocate(side, m.b, m.a);
      break;
    case MoveKind::kStepWall:
      remove_wall(m.c);
      relocate(side, m.b, m.a);
      break;
    case MoveKind::kWalls:
      remove_wall(m.b);
      remove_wall(m.a);
      break;
  }
  if (pile_ >= 0) pile_ += m.walls_used();
  to_move_ = side;
  --ply_;
  reversible_from_ = u.reversible_from;
  end_ = u.end;
  hash_ = u.hash;
  repeats_ = occurrences();
}

std::vector<double> State::returns() const {
  // P12: the side whose opponent has all three movers trapped wins.
  if (end_ != End::kAllTrapped) return {0.0, 0.0};
  return winner() == kRed ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::string State::result_text() const {
  switch (end_) {
    case End::kNone:
      return "";
    case End::kAllTrapped:
      return player_name(winner()) + " wins: all " + player_name(winner() ^ 1) + " movers trapped";
    case End::kRepetition:
      return "draw: threefold repetition";
    case End::kPlyLimit:
      return "draw: ply limit " + std::to_string(params_.max_plies) + " reached";
  }
  return "";
}

}  // namespace arbiter::trap
