// Reference move generator for Traverse, used only by tests to cross-check the
// engine in src/games/traverse. Written independently from the rules
// (docs/traverse.md), deliberately slow and plain: no bitboards, no tables.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <set>

namespace arbiter::traverse::reference {

// Advanced-rule switches (the rules' "Rule sets"): R9, R15-R17, R14, R16.
struct RefRules {
  bool long_jumps = false, circle_reversal = false, goal_anchor = false, reversal_from_goal = false;
};

// board[sq]: -1 = empty, else seat * 4 + kind. sq = row * 10 + col: row 0 is row "1" (south edge),
// col 0 is column "a" (west).
// Seats: 0 South (start row 1 b1-i1, destination row 10, forward = north),
//        1 West (start column a a2-a9, destination column j, forward = east),
//        2 North (start row 10, destination row 1, forward = south),
//        3 East (start column j, destination column a, forward = west).
// Kinds: 0 square, 1 diamond, 2 triangle, 3 circle.
using RefBoard = std::array<int8_t, 100>;

// Every distinct board that `seat` can reach with one legal move (step, or chain of jumps with
// circle reversals and their placements when enabled). Empty when the seat has no legal move
// (it would pass, R13).
std::set<RefBoard> reference_successors(const RefBoard& board, int seat, const RefRules& rules);

// The same boards, each with the fewest squares a route that makes it stands on (origin
// included; a step is 2), over every piece of the seat.
std::map<RefBoard, int> reference_route_lengths(const RefBoard& board, int seat,
                                                const RefRules& rules);

}  // namespace arbiter::traverse::reference
