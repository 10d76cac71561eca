// Reference move generator for Traverse (tests only). See reference_movegen.h.
// Every rule is implemented the obvious way from docs/traverse.md; clause numbers are
// cited next to the code that implements them.
#include "reference_movegen.h"

#include <deque>
#include <tuple>
#include <vector>

namespace arbiter::traverse::reference {
namespace {

constexpr int kEmpty = -1;
constexpr int kBoardSize = 10;
constexpr int kSeatSouth = 0;
constexpr int kSeatWest = 1;
constexpr int kSeatNorth = 2;
constexpr int kSeatEast = 3;
constexpr int kKindSquare = 0;
constexpr int kKindDiamond = 1;
constexpr int kKindTriangle = 2;
constexpr int kKindCircle = 3;

// A direction on the board: row delta (north = +1) and column delta (east = +1).
struct Dir {
  int dr;
  int dc;
};

int row_of(int sq) { return sq / kBoardSize; }
int col_of(int sq) { return sq % kBoardSize; }
int square_at(int row, int col) { return row * kBoardSize + col; }
bool on_board(int row, int col) {
  return row >= 0 && row < kBoardSize && col >= 0 && col < kBoardSize;
}
int seat_of(int piece) { return piece / 4; }
int kind_of(int piece) { return piece % 4; }

// R1: the middle is b2-i9.
bool is_middle(int sq) {
  const int r = row_of(sq), c = col_of(sq);
  return r >= 1 && r <= 8 && c >= 1 && c <= 8;
}

// True when 1 <= x <= 8, i.e. the coordinate along an edge is not a corner (R2).
bool not_corner_coord(int x) { return x >= 1 && x <= 8; }

// R2: the 8 start-row squares of `seat` (never corners).
bool is_start_row(int seat, int sq) {
  const int r = row_of(sq), c = col_of(sq);
  switch (seat) {
    case kSeatSouth:
      return r == 0 && not_corner_coord(c);
    case kSeatWest:
      return c == 0 && not_corner_coord(r);
    case kSeatNorth:
      return r == 9 && not_corner_coord(c);
    case kSeatEast:
      return c == 9 && not_corner_coord(r);
  }
  return false;
}

// R2: the 8 destination-row squares of `seat` (never corners).
bool is_destination_row(int seat, int sq) {
  const int r = row_of(sq), c = col_of(sq);
  switch (seat) {
    case kSeatSouth:
      return r == 9 && not_corner_coord(c);
    case kSeatWest:
      return c == 9 && not_corner_coord(r);
    case kSeatNorth:
      return r == 0 && not_corner_coord(c);
    case kSeatEast:
      return c == 0 && not_corner_coord(r);
  }
  return false;
}

// R2: forward direction of each seat.
Dir forward_of(int seat) {
  switch (seat) {
    case kSeatSouth:
      return {+1, 0};
    case kSeatWest:
      return {0, +1};
    case kSeatNorth:
      return {-1, 0};
    case kSeatEast:
      return {0, -1};
  }
  return {0, 0};
}

// R6: directions a piece of `kind` owned by `seat` may use, for steps and jumps alike.
std::vector<Dir> directions_of(int seat, int kind) {
  const std::vector<Dir> orthogonal = {{+1, 0}, {-1, 0}, {0, +1}, {0, -1}};
  const std::vector<Dir> diagonal = {{+1, +1}, {+1, -1}, {-1, +1}, {-1, -1}};
  switch (kind) {
    case kKindSquare:
      return orthogonal;
    case kKindDiamond:
      return diagonal;
    case kKindTriangle: {
      // Forward diagonals are forward + either perpendicular unit vector; plus straight backward.
      const Dir f = forward_of(seat);
      const Dir side = {f.dc != 0 ? 1 : 0, f.dr != 0 ? 1 : 0};  // perpendicular to f
      return {{f.dr + side.dr, f.dc + side.dc}, {f.dr - side.dr, f.dc - side.dc}, {-f.dr, -f.dc}};
    }
    case kKindCircle: {
      std::vector<Dir> all = orthogonal;
      all.insert(all.end(), diagonal.begin(), diagonal.end());
      return all;
    }
  }
  return {};
}

// R11: may a move of `seat`'s piece end on `sq`? `stayed_in_start_row` is true when the move's
// origin and every square stood on so far (including `sq`) are start-row squares of `seat`.
bool may_end_on(int seat, int sq, bool stayed_in_start_row) {
  if (is_middle(sq)) return true;
  if (is_destination_row(seat, sq)) return true;
  if (stayed_in_start_row && is_start_row(seat, sq)) return true;
  return false;  // corners and every other side square
}

// R15/R16/R17: is the circle `piece` standing on `sq` lifted when jumped by a piece of
// `mover_seat`?
bool is_lifted_when_jumped(int piece, int sq, int mover_seat, const RefRules& rules) {
  if (!rules.circle_reversal) return false;
  if (kind_of(piece) != kKindCircle) return false;  // R15: only circles
  const int owner = seat_of(piece);
  if (owner == mover_seat) return false;      // R17: own circles never lifted
  if (is_start_row(owner, sq)) return false;  // R16: still in its start row
  if (is_destination_row(owner, sq)) {
    return rules.reversal_from_goal;  // R16 (overrides goal_anchor)
  }
  return true;  // middle, corner, or another side square (R16 clarification)
}

// Search for all moves of one piece, breadth first over chain states, so that each resulting
// board is first met by a route with the fewest squares. Collects resulting boards into `out`
// with that number of squares.
class PieceSearch {
 public:
  PieceSearch(const RefBoard& original, int origin, const RefRules& rules,
              std::map<RefBoard, int>& out)
      : original_(original),
        origin_(origin),
        piece_(original[origin]),
        seat_(seat_of(original[origin])),
        dirs_(directions_of(seat_of(original[origin]), kind_of(original[origin]))),
        rules_(rules),
        out_(out) {}

  void run() {
    add_steps();
    // R10: the origin counts as empty during the chain.
    ChainState start{origin_, original_, {}, is_start_row(seat_, origin_)};
    start.board[origin_] = kEmpty;
    std::deque<std::pair<ChainState, int>> queue;  // state, squares stood on so far
    queue.push_back({start, 1});
    while (!queue.empty()) {
      const auto [state, squares] = queue.front();
      queue.pop_front();
      for (const ChainState& next : jumps_from(state)) {
        // The full chain state is (cur, lifted in order, stayed): the board follows from lifted.
        if (!visited_.insert({next.cur, next.lifted, next.stayed}).second) continue;
        if (may_end_on(seat_, next.cur, next.stayed)) {  // R10: a chain may stop after any jump
          RefBoard result = next.board;
          result[next.cur] = static_cast<int8_t>(piece_);
          place_circles(result, next.lifted, 0, squares + 1);
        }
        queue.push_back({next, squares + 1});
      }
    }
  }

 private:
  // A chain in progress: the piece on `cur`; board = original minus the moving piece minus the
  // lifted circles; lifted = former squares of lifted circles, in jump order; stayed = every
  // square stood on so far is in the start row (R11).
  struct ChainState {
    int cur;
    RefBoard board;
    std::vector<int> lifted;
    bool stayed;
  };

  // R7: one square in an allowed direction, to an empty square; must satisfy R11.
  void add_steps() {
    for (const Dir& d : dirs_) {
      const int r = row_of(origin_) + d.dr, c = col_of(origin_) + d.dc;
      if (!on_board(r, c)) continue;
      const int to = square_at(r, c);
      if (original_[to] != kEmpty) continue;
      const bool stayed = is_start_row(seat_, origin_) && is_start_row(seat_, to);
      if (!may_end_on(seat_, to, stayed)) continue;
      RefBoard result = original_;
      result[origin_] = kEmpty;
      result[to] = static_cast<int8_t>(piece_);
      emit(result, 2);  // a step always changes the board (R12 holds trivially)
    }
  }

  // Every jump out of a chain state (R8, R9), with R15 lifts.
  std::vector<ChainState> jumps_from(const ChainState& s) const {
    std::vector<ChainState> out;
    const int cur = s.cur;
    for (const Dir& d : dirs_) {
      // k = number of empty squares before (and after) the jumped piece. k = 0 is R8, k >= 1 is R9.
      for (int k = 0; k < kBoardSize; ++k) {
        if (k > 0 && !rules_.long_jumps) break;
        const int land_r = row_of(cur) + (2 * k + 2) * d.dr;
        const int land_c = col_of(cur) + (2 * k + 2) * d.dc;
        if (!on_board(land_r, land_c)) break;  // larger k only goes further off the board
        bool ok = true;
        for (int i = 1; i <= k; ++i) {  // the k squares before the jumped piece are empty
          if (s.board[square_at(row_of(cur) + i * d.dr, col_of(cur) + i * d.dc)] != kEmpty)
            ok = false;
        }
        const int jumped = square_at(row_of(cur) + (k + 1) * d.dr, col_of(cur) + (k + 1) * d.dc);
        if (s.board[jumped] == kEmpty) ok = false;  // must jump exactly one piece
        for (int i = k + 2; i <= 2 * k + 2; ++i) {  // k squares after it, and the landing, empty
          if (s.board[square_at(row_of(cur) + i * d.dr, col_of(cur) + i * d.dc)] != kEmpty)
            ok = false;
        }
        if (!ok) continue;
        const int landing = square_at(land_r, land_c);
        ChainState next{landing, s.board, s.lifted, s.stayed && is_start_row(seat_, landing)};
        if (is_lifted_when_jumped(s.board[jumped], jumped, seat_, rules_)) {
          next.board[jumped] = kEmpty;  // R15: lifted at once
          next.lifted.push_back(jumped);
        }
        out.push_back(std::move(next));
      }
    }
    return out;
  }

  // R15: after the chain ends, place lifted circles one by one, in jump order. Each goes on any
  // empty square of its own start row, judged at its placement time; if none, any empty square
  // where it may come to rest: a middle square (its former square and the mover's origin
  // included, if empty) or a square of its own destination row (never a corner).
  void place_circles(RefBoard& board, const std::vector<int>& lifted, std::size_t index,
                     int squares) {
    if (index == lifted.size()) {
      emit(board, squares);
      return;
    }
    const int circle = original_[lifted[index]];
    const int owner = seat_of(circle);
    std::vector<int> targets;
    for (int sq = 0; sq < kBoardSize * kBoardSize; ++sq) {
      if (board[sq] == kEmpty && is_start_row(owner, sq)) targets.push_back(sq);
    }
    if (targets.empty()) {
      for (int sq = 0; sq < kBoardSize * kBoardSize; ++sq) {
        if (board[sq] == kEmpty && (is_middle(sq) || is_destination_row(owner, sq))) {
          targets.push_back(sq);
        }
      }
    }
    for (int sq : targets) {
      board[sq] = static_cast<int8_t>(circle);
      place_circles(board, lifted, index + 1, squares);
      board[sq] = kEmpty;
    }
  }

  // R12: the resulting board must differ from the original. Keeps the fewest squares.
  void emit(const RefBoard& result, int squares) {
    if (result == original_) return;
    auto [it, inserted] = out_.emplace(result, squares);
    if (!inserted && squares < it->second) it->second = squares;
  }

  const RefBoard& original_;
  const int origin_;
  const int piece_;
  const int seat_;
  const std::vector<Dir> dirs_;
  const RefRules& rules_;
  std::map<RefBoard, int>& out_;
  std::set<std::tuple<int, std::vector<int>, bool>> visited_;
};

}  // namespace

std::map<RefBoard, int> reference_route_lengths(const RefBoard& board, int seat,
                                                const RefRules& rules) {
  std::map<RefBoard, int> out;
  for (int sq = 0; sq < kBoardSize * kBoardSize; ++sq) {
    if (board[sq] == kEmpty || seat_of(board[sq]) != seat) continue;
    if (rules.goal_anchor && is_destination_row(seat, sq)) continue;  // R14
    PieceSearch(board, sq, rules, out).run();
  }
  return out;
}

std::set<RefBoard> reference_successors(const RefBoard& board, int seat, const RefRules& rules) {
  std::set<RefBoard> out;
  for (const auto& [b, squares] : reference_route_lengths(board, seat, rules)) out.insert(b);
  return out;
}

}  // namespace arbiter::traverse::reference
