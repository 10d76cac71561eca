#include "games/traverse/observation.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "games/traverse/actions.h"

namespace arbiter::traverse {
namespace {

constexpr int kPlane = kSquares;
// The plane cell of a square: rows from the top.
constexpr int cell(Square s) { return (kSize - 1 - row_of(s)) * kSize + col_of(s); }
// cell() of every square: a lookup, where the division costs more than the write itself.
constexpr auto kCell = [] {
  std::array<uint8_t, kSquares> t{};
  for (Square s = 0; s < kSquares; ++s) t[s] = static_cast<uint8_t>(cell(s));
  return t;
}();

void fill(ObservationOut& out, int plane, float value) { out.fill(plane * kPlane, kPlane, value); }

}  // namespace

std::array<int, 3> Observation::shape(const Params& params) {
  const int n = static_cast<int>(params.seats.size());
  return {5 * n + 10, kSize, kSize};
}

void Observation::write(const State& state, std::span<const int> taken, int player,
                        ObservationOut& out) {
  const int n = state.num_players();
  // The constant planes first, as kept runs (observation_out.h); the pieces and decisions after.
  int plane = 4 * n;
  // 4n … 4n+3: the observer's seat (S, W, N, E); 4n+4 … 5n+3: the side to move, counted from
  // the observer. Planes of ones or zeros, one run of marks (a plane each): where the seats
  // change, only the two planes concerned are written.
  uint64_t planes = uint64_t{1} << state.seat(player);
  if (!state.is_terminal()) {
    const int ahead = state.to_move() - player;  // counted from the observer, in [0, n)
    planes |= uint64_t{1} << (kSeats + (ahead < 0 ? ahead + n : ahead));
  }
  out.keep_marks(plane * kPlane, (kSeats + n) * kPlane, std::span(&planes, 1),
                 [](float* run, int p, float value) {
                   ObservationOut::write_fill(run + p * kPlane, kPlane, value);
                 });
  plane += kSeats + n + 4;  // 5n+8, past the decisions taken (5n+4 … 5n+7, below): the ply
  const int max_plies = state.params().max_plies;
  if (max_plies > 0) fill(out, plane, std::min(1.0f, float(state.ply()) / float(max_plies)));
  ++plane;  // 5n+9: earlier occurrences of this position (R19): 0, 0.5, 1 for 1, 2, 3+
  fill(out, plane, std::min(1.0f, float(state.repetitions() - 1) / 2.0f));
  // 0 … 4n−1: pieces, 4 kinds (square, diamond, triangle, circle) per player, the observer first.
  // Gathered first and set in one call: a square holds one piece at most. One walk over the
  // occupied squares, not one per player: a walk's end is a branch the processor mispredicts.
  // plane_of[make_piece(seat, kind)]: a seat's four kinds are consecutive, and so are their
  // planes, so each player's four entries are one 64-bit store: (4k + kind) planes, kind 0 … 3.
  static_assert(std::endian::native == std::endian::little, "four uint16 entries as one word");
  static_assert(make_piece(kEast, kCircle) == make_piece(kEast, kSquarePiece) + 3);
  std::array<uint16_t, 1 + 4 * kSeats> plane_of{};  // by piece: its first value, seen by `player`
  constexpr uint64_t kKinds =
      uint64_t{kPlane} << 16 | uint64_t{2 * kPlane} << 32 | uint64_t{3 * kPlane} << 48;
  for (int k = 0, p = player; k < n; ++k, p = p + 1 == n ? 0 : p + 1) {
    const uint64_t four =
        uint64_t{0x0001000100010001} * static_cast<uint64_t>(4 * k * kPlane) + kKinds;
    std::memcpy(&plane_of[make_piece(state.seat(p), 0)], &four, sizeof four);
  }
  std::array<uint16_t, kSquares> ones;
  std::size_t count = 0;
  for_each_square(state.occupied(), [&](Square s) {
    ones[count++] = static_cast<uint16_t>(plane_of[state.at(s)] + kCell[s]);
  });
  out.set_ones(std::span(ones.data(), count));
  write_taken(state, taken, out);
}

void Observation::write_taken(const State& state, std::span<const int> taken, ObservationOut& out) {
  // 5n+4 … 5n+7: the decisions taken: from, to, lifted circles, placed circles
  const int plane = 5 * state.num_players() + 4;
  const ActionCodec codec(state.params());
  for (int a : taken) {
    if (a < kSquares) {
      out.set(plane * kPlane + kCell[a], 1.0f);
    } else if (a < codec.lift_id(0) || a == codec.pass_id()) {
      if (a != codec.pass_id()) out.set((plane + 1) * kPlane + kCell[a % kSquares], 1.0f);
    } else if (a < codec.place_id(0)) {
      out.set((plane + 2) * kPlane + kCell[a - codec.lift_id(0)], 1.0f);
    } else {
      out.set((plane + 3) * kPlane + kCell[a - codec.place_id(0)], 1.0f);
    }
  }
}

}  // namespace arbiter::traverse
