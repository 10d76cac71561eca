// The Travelers evaluation (games/travelers/ai.h). Per side: material, Traveler progress (linear
// and squared ranks, arrivals), safe forward squares and a one-move threat to arrive, a cheap
// mobility count, and the Displacer lined up to displace an advanced enemy Traveler; tempo for the
// mover.
#include <cstdlib>

#include "games/travelers/ai.h"

namespace arbiter::ai {

using namespace travelers;

namespace {

int ranks_advanced(int side, Square s) { return side == kWhite ? rank_of(s) : 8 - rank_of(s); }

// A Traveler's forward moves (V4, 1–3 squares through empty squares): safe ones, and whether one
// reaches the last rank.
void traveler_paths(const State& s, Square from, int side, Bitboard checked, int* safe,
                    bool* arrives) {
  const int forward = side == kWhite ? 1 : -1;
  for (int d = 0; d < kDirections; ++d) {
    if (kDirRank[d] != forward) continue;
    for (int n = 1; n <= 3; ++n) {
      const int to = kGeometry.step[from][d][n];
      if (to < 0 || s.at(to) != 0) break;
      if (checked & bit(to)) continue;
      ++*safe;
      if (rank_of(to) == last_rank(side)) *arrives = true;
    }
  }
}

struct SideTerms {
  int score = 0;
  std::array<Square, 2> travelers{};
  int num_travelers = 0;
  Square displacer = -1;
};

}  // namespace

int travelers_evaluate(const State& s, int player, const TravelersWeights& w) {
  std::array<SideTerms, 2> t{};
  std::array<Bitboard, 2> checked = {s.checked_squares(kWhite), s.checked_squares(kBlack)};
  for (Square sq = 0; sq < kSquares; ++sq) {
    const Piece p = s.at(sq);
    if (p == 0) continue;
    const int side = side_of(p), kind = kind_of(p);
    SideTerms& me = t[side];
    me.score += w.material[kind];
    if (kind == kTraveler) {
      if (me.num_travelers < 2) me.travelers[me.num_travelers++] = sq;
      const int r = ranks_advanced(side, sq);
      me.score += w.progress * r + w.progress_sq * r * r;
      if (r == 8) {
        me.score += w.arrived;
        continue;
      }
      int safe = 0;
      bool arrives = false;
      traveler_paths(s, sq, side, checked[side], &safe, &arrives);
      me.score += w.safe_step * safe + (arrives ? w.one_move : 0);
    } else if (kind != kBlock) {
      if (kind == kDisplacer) me.displacer = sq;
      int free = 0;
      for (int d = 0; d < kDirections; ++d) {
        const int to = kGeometry.step[sq][d][1];
        free += to >= 0 && s.at(to) == 0;
      }
      me.score += w.mobility * free;
    }
  }
  // V10: a Displacer on a line through a square next to an advanced enemy Traveler can
  // send it back.
  for (int side = 0; side < 2; ++side) {
    const Square disp = t[side].displacer;
    if (disp < 0) continue;
    const SideTerms& enemy = t[side ^ 1];
    for (int i = 0; i < enemy.num_travelers; ++i) {
      const Square tr = enemy.travelers[i];
      const int r = ranks_advanced(side ^ 1, tr);
      if (r < 4 || r == 8) continue;
      const int df = std::abs(file_of(disp) - file_of(tr)),
                dr = std::abs(rank_of(disp) - rank_of(tr));
      if (df <= 1 || dr <= 1 || df == dr) t[side].score += w.displacer * (r - 3) / 2;
    }
  }
  const int other = player ^ 1;
  return t[player].score - t[other].score + (s.to_move() == player ? w.tempo : -w.tempo);
}

}  // namespace arbiter::ai
