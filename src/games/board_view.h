// A game's position as structured data, for anything that draws a board: the terminal renderer
// (last-move highlight, flip) and the web UI (as JSON). Built by each game from its State; it
// carries no rule that is not already decided by the rules core.
#pragma once

#include <string>
#include <vector>

namespace arbiter {

struct ViewCell {
  std::string name;  // the cell's name in move text: "d1", "c3"
  // Layout position. Square boards: col = file (0 = a), row = rank (0 = rank 1, the bottom).
  // Hex boards: row counts from the top (0); col is in half-cells from the left edge of the
  // widest row, so neighbours in one row differ by 2 and a cell sits between the two cells
  // above and below it.
  int col = 0;
  int row = 0;
  std::string piece;     // "" when empty; else the kind: traverse square|diamond|triangle|circle,
                         // travelers traveler|ace|trey|deuce|block|displacer, trap mover
  int owner = -1;        // player index (turn order) of the piece, -1 when empty
  bool trapped = false;  // a Trap mover that can never move again
  int start_of = -1;     // Traverse: the player whose start row holds this square, else -1
  int goal_of = -1;      // Traverse: the player whose destination row holds this square, else -1
};

struct ViewPlayer {
  std::string name;     // "south", "white", "red"
  std::string colour;   // the colour the rules give the player: "red", "white", ...
  std::string forward;  // "up", "down", "left", "right" as drawn (square boards), else ""
  int pieces = 0;       // pieces (or movers) the player has on the board
  int home = 0;         // Traverse: pieces on the goal row; Travelers: Travelers on the last rank
  int trapped = 0;      // Trap: trapped movers
  bool to_move = false;
  std::string summary;  // one short line: "3 of 8 home", "2 of 3 movers trapped",
                        // "1 of 2 Travelers home, in check"
};

struct BoardView {
  std::string shape;                // "square" or "hex"
  int width = 0;                    // square: files; hex: cells per side
  int height = 0;                   // square: ranks; hex: rows (2 * side - 1)
  std::vector<ViewCell> cells;      // every cell of the board, any order
  std::vector<std::string> walls;   // hex: filled slots, named "c3|c4" as in move text
  int walls_left = -1;              // hex: walls in the pile; -1 when unlimited
  std::vector<ViewPlayer> players;  // in turn order
};

// How a move is made by pointing: the cells (or slots) a player clicks, and the route drawn.
struct MoveParts {
  std::string text;  // canonical move text
  // Each accepted click order (most moves have one); an entry is a cell name ("d1") or a slot
  // name ("c3|c4"). Traverse: piece, destination, then circle placements; Travelers: piece,
  // destination, then the displaced piece and its target; Trap: each step as mover then cell,
  // each wall as its slot, in every order the rules allow.
  std::vector<std::vector<std::string>> clicks;
  // Cells the move passes through in order, for drawing (a jump chain's every landing square).
  std::vector<std::string> path;
};

}  // namespace arbiter
