// Bitboard jumps (R8, R9), applied to a whole set of squares at once.
#pragma once

#include "games/traverse/geometry.h"

namespace arbiter::traverse {

// Landing squares of every jump in direction d from the squares of `from`: over one piece of
// `occupied` with k empty squares before and after it (k = 0, or 1..3 with long jumps), onto
// an empty square.
inline Bitboard jump_landings(Bitboard from, int d, Bitboard empty, Bitboard occupied,
                              bool long_jumps) {
  Bitboard lands = shift(shift(from, d) & occupied, d) & empty;
  if (long_jumps) {
    Bitboard run = shift(from, d) & empty;  // squares after k = 1 empty squares
    for (int k = 1; k <= 3 && run; ++k) {
      Bitboard t = shift(run, d) & occupied;
      for (int i = 0; i < k; ++i) t = shift(t, d) & empty;
      lands |= shift(t, d) & empty;
      run = shift(run, d) & empty;
    }
  }
  return lands;
}

// The pieces that such jumps pass over (the jumped squares of every jump that can land).
inline Bitboard jumped_pieces(Bitboard from, int d, Bitboard empty, Bitboard occupied,
                              bool long_jumps) {
  const int back = (d + 4) % 8;
  Bitboard jumped = shift(shift(shift(from, d) & occupied, d) & empty, back);
  if (long_jumps) {
    Bitboard run = shift(from, d) & empty;
    for (int k = 1; k <= 3 && run; ++k) {
      const Bitboard mid = shift(run, d) & occupied;
      Bitboard t = mid;
      for (int i = 0; i < k; ++i) t = shift(t, d) & empty;
      t = shift(t, d) & empty;  // landings
      for (int i = 0; i < k + 1; ++i) t = shift(t, back);
      jumped |= t & mid;
      run = shift(run, d) & empty;
    }
  }
  return jumped;
}

}  // namespace arbiter::traverse
