// Position text (docs/traverse.md): the rows from 10 down to 1 separated by '/', each a run of
// pieces and empty counts; a piece is its kind letter (S square, D diamond, T triangle,
// C circle) and its seat letter (s w n e). Then the seat to move and the ply count:
//   1SnDnTnCnCnTnDnSn1/10/10/10/10/10/10/10/10/1SsDsTsCsCsTsDsSs1 s 0
#include "core/text.h"
#include "games/traverse/state.h"

namespace arbiter::traverse {
namespace {

std::string piece_text(Piece p) {
  return std::string(1, kind_letter(kind_of(p))) + seat_letter(seat_of(p));
}

Result<Piece> parse_piece(char kind, char seat) {
  for (int k = 0; k < kKinds; ++k) {
    for (int s = 0; s < kSeats; ++s) {
      if (kind_letter(k) == kind && seat_letter(s) == seat) return make_piece(s, k);
    }
  }
  return make_error("");
}

}  // namespace

std::string State::to_text() const {
  std::string out;
  for (int row = kSize - 1; row >= 0; --row) {
    int empty = 0;
    for (int col = 0; col < kSize; ++col) {
      const Piece p = board_[make_square(row, col)];
      if (p == 0) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += piece_text(p);
    }
    if (empty) out += std::to_string(empty);
    if (row > 0) out += '/';
  }
  out += ' ';
  out += seat_letter(seats_[to_move_]);
  out += ' ' + std::to_string(ply_);
  return out;
}

Result<State> State::parse_position(const Params& params, std::string_view text) {
  const auto fields = split(text);
  if (fields.size() != 3) {
    return make_error("position text: expected 3 fields (rows, seat to move, ply), got " +
                      std::to_string(fields.size()));
  }
  const auto rows = split_exact(fields[0], '/');
  if (rows.size() != kSize) {
    return make_error("position text: expected 10 rows separated by '/', got " +
                      std::to_string(rows.size()));
  }
  std::array<Piece, kSquares> board{};
  for (int i = 0; i < kSize; ++i) {
    const int row = kSize - 1 - i;
    const std::string where = "position text, row " + std::to_string(row + 1) + ": ";
    const std::string_view r = rows[i];
    int col = 0;
    for (std::size_t j = 0; j < r.size();) {
      if (r[j] >= '0' && r[j] <= '9') {
        int n = 0;
        while (j < r.size() && r[j] >= '0' && r[j] <= '9' && n <= kSize)
          n = n * 10 + (r[j++] - '0');
        if (n == 0 || col + n > kSize) return make_error(where + "more than 10 squares");
        col += n;
        continue;
      }
      if (j + 1 >= r.size()) return make_error(where + quote(r.substr(j)) + " is not a piece");
      auto p = parse_piece(r[j], r[j + 1]);
      if (!p) {
        return make_error(where + quote(r.substr(j, 2)) +
                          " is not a piece (a kind S D T C then a seat s w n e)");
      }
      if (col >= kSize) return make_error(where + "more than 10 squares");
      board[make_square(row, col++)] = *p;
      j += 2;
    }
    if (col != kSize) return make_error(where + "has " + std::to_string(col) + " squares, not 10");
  }
  const auto seat = parse_seat(fields[1]);
  if (!seat) return make_error("position text: " + quote(fields[1]) + " is not a seat (s w n e)");
  auto ply = parse_int(fields[2], 0, 100'000'000, "position text: ply");
  if (!ply) return make_error(ply.error());
  return State::from_board(params, board, *seat, static_cast<int>(*ply));
}

}  // namespace arbiter::traverse
