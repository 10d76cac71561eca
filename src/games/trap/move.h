// A Trap turn, compact (8 bytes, no heap; returned in a register). One Move per distinct
// resulting position (P7): a Move records the net change, not the path, and move_text()
// chooses the canonical path.
//
//   kShift     one mover ends on another cell, a → b: option (a) (two steps), or the chain
//              case of (b) (mover p steps to b, then the mover on a steps into p).
//   kDouble    two movers a → b and c → d (d is a cell, < 256), independently (option (b));
//              a < c, and when both assignments of the targets are legal, b < d.
//   kStepWall  mover a → b, then a wall into slot c (option (c)).
//   kWalls     walls into slots a < b (option (d)).
//   kPass      no legal turn (P8).
// Cells and slots are indices of the Geometry of the State the Move belongs to.
#pragma once

#include <bit>
#include <cstdint>

namespace arbiter::trap {

enum class MoveKind : uint8_t { kPass, kShift, kDouble, kStepWall, kWalls };

struct Move {
  uint16_t a = 0, b = 0, c = 0;
  uint8_t d = 0;
  MoveKind kind = MoveKind::kPass;

  static Move pass() { return Move{}; }
  static Move shift(int from, int to) { return make(MoveKind::kShift, from, to, 0, 0); }
  static Move double_step(int p, int r, int q, int s) {
    return make(MoveKind::kDouble, p, r, q, s);
  }
  static Move step_wall(int from, int to, int slot) {
    return make(MoveKind::kStepWall, from, to, slot, 0);
  }
  static Move walls(int s1, int s2) { return make(MoveKind::kWalls, s1, s2, 0, 0); }

  int walls_used() const {
    return kind == MoveKind::kWalls ? 2 : kind == MoveKind::kStepWall ? 1 : 0;
  }
  bool operator==(const Move&) const = default;

 private:
  // One 64-bit value rather than five narrow stores: a later 8-byte load of the Move would
  // otherwise stall on store forwarding (measured: ~20% of a random playout).
  static Move make(MoveKind k, int a, int b, int c, int d) {
    if constexpr (std::endian::native == std::endian::little) {
      const uint64_t v = static_cast<uint64_t>(a) | static_cast<uint64_t>(b) << 16 |
                         static_cast<uint64_t>(c) << 32 | static_cast<uint64_t>(d) << 48 |
                         static_cast<uint64_t>(k) << 56;
      return std::bit_cast<Move>(v);
    } else {
      return Move{static_cast<uint16_t>(a), static_cast<uint16_t>(b), static_cast<uint16_t>(c),
                  static_cast<uint8_t>(d), k};
    }
  }
};

static_assert(sizeof(Move) == 8);

}  // namespace arbiter::trap
