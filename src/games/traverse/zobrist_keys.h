// Zobrist keys for Traverse: one per (square, piece) and one per seat to move (R19's position).
#pragma once

#include <array>
#include <cstdint>

#include "core/zobrist.h"
#include "games/traverse/geometry.h"

namespace arbiter::traverse {

inline constexpr int kPieceCodes = 1 + kSeats * kKinds;
inline constexpr auto kZobrist =
    make_zobrist_keys<kSquares * kPieceCodes + kSeats>(0x7472617665727365);

inline uint64_t piece_key(Square s, int piece) { return kZobrist[s * kPieceCodes + piece]; }
inline uint64_t side_key(int seat) { return kZobrist[kSquares * kPieceCodes + seat]; }

}  // namespace arbiter::traverse
