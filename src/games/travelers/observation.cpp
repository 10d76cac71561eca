#include "games/travelers/observation.h"

#include <algorithm>
#include <array>

#include "games/travelers/actions.h"
#include "games/travelers/snapshot.h"

namespace arbiter::travelers {
namespace {

constexpr int kPlane = kSquares;
constexpr int cell(Square s) { return (kRanks - 1 - rank_of(s)) * kFiles + file_of(s); }
// cell() of every square: a lookup, where the division costs more than the write itself.
constexpr auto kCell = [] {
  std::array<uint16_t, kSquares> t{};
  for (Square s = 0; s < kSquares; ++s) t[s] = static_cast<uint16_t>(cell(s));
  return t;
}();

// The first value of each piece's plane, by observer and piece (make_piece()).
constexpr auto kPieceBase = [] {
  std::array<std::array<uint16_t, 1 + 2 * kKinds>, 2> t{};
  for (int player = 0; player < 2; ++player) {
    for (int side = 0; side < 2; ++side) {
      for (int kind = 0; kind < kKinds; ++kind) {
        const int plane = (side == player ? 0 : kKinds) + kind;
        t[player][make_piece(side, kind)] = static_cast<uint16_t>(plane * kPlane);
      }
    }
  }
  return t;
}();

void fill(ObservationOut& out, int plane, float value) { out.fill(plane * kPlane, kPlane, value); }

}  // namespace

void Observation::write(const State& state, std::span<const int> taken, int player,
                        ObservationOut& out) {
  // The constant planes first, as kept runs (observation_out.h); the pieces and decisions after.
  // 12: the observer is to move; 13: the observer is White; 14: the side to move may not
  // displace back (V11). Planes of ones or zeros, one run of marks: only a plane that changes
  // is written.
  const uint64_t planes = (!state.is_terminal() && state.to_move() == player ? 1 : 0) |
                          (player == kWhite ? 2 : 0) | (state.ban() ? 4 : 0);
  out.keep_marks(12 * kPlane, 3 * kPlane, std::span(&planes, 1),
                 [](float* run, int p, float value) {
                   ObservationOut::write_fill(run + p * kPlane, kPlane, value);
                 });
  fill(out, 15, float(state.no_capture_plies()) / 100.0f);
  fill(out, 16, std::min(1.0f, float(Snapshot::repetitions(state) - 1) / 2.0f));
  const int max_plies = state.params().max_plies;
  if (max_plies > 0) fill(out, 21, std::min(1.0f, float(state.ply()) / float(max_plies)));
  // 0–5: the observer's pieces by kind (Traveler, Displacer, Block, Ace, Deuce, Trey);
  // 6–11: the opponent's.
  // Gathered first and set in one call: a square holds one piece at most. One walk over the
  // occupied squares, not one per kind and side: a walk's end is a branch the processor
  // mispredicts, and twelve of them cost more than the writes.
  std::array<uint16_t, kSquares> ones;
  std::size_t n = 0;
  const auto& base = kPieceBase[player];
  for_each_square(state.occupied(kWhite) | state.occupied(kBlack), [&](Square s) {
    ones[n++] = static_cast<uint16_t>(base[state.at(s)] + kCell[s]);
  });
  out.set_ones(std::span(ones.data(), n));
  write_taken(state, taken, out);
}

void Observation::write_taken(const State&, std::span<const int> taken, ObservationOut& out) {
  // 17–20: the decisions taken: from, to, displaced piece, drop square.
  for (int a : taken) {
    const int kind = a / kSquares;
    const int plane = kind == 0 ? 17 : kind <= 2 ? 18 : kind == 3 ? 19 : 20;
    out.set(plane * kPlane + kCell[a % kSquares], 1.0f);
  }
}

}  // namespace arbiter::travelers
