// A game's position as structured data, for anything that draws a board: the terminal renderer
// (last-move highlight, flip) and the web UI (as JSON). Built by each game from its State; it
// carries no rule that is not already decided by the rules core, and no field of one game: a
// piece is a glyph key the game's legend declares (Legend, games/descriptor_types.h), anything
// else about a cell is a tag, rows that belong to a player are zones, and numbers worth showing
// are counters.
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
  std::string glyph;  // "" when empty; else the piece, a key of the game's legend ("circle")
  int owner = -1;     // player index (turn order) of the piece, -1 when empty or nobody's
  // Words about the cell as it stands: of its piece ("trapped": it never moves again) or of the
  // square ("dark", "light": the shading of a checkered board). A move carries none of them.
  std::vector<std::string> tags;
};

// Cells that belong to a player in some way the rules name: Traverse's start and destination
// rows.
struct ViewZone {
  std::string kind;  // "start", "goal": a zone kind of the game's legend
  int owner = -1;    // player index
  std::vector<std::string> cells;
};

// A number worth showing: a player's pieces home, the walls left in a pile.
struct ViewCounter {
  std::string label;  // what is counted, for programs: "home", "trapped", "walls left"
  int value = 0;      // -1 when there is no limit to it
  std::string text;   // as a line shows it: "3 home", "60 walls left", "walls unlimited"
};

struct ViewPlayer {
  std::string name;     // "south", "white", "red"
  std::string colour;   // the colour the rules give the player: "red", "white", ...
  std::string forward;  // "up", "down", "left", "right" as drawn (square boards), else ""
  int pieces = 0;       // pieces (or movers) the player has on the board
  std::vector<ViewCounter> counters;  // "home", "trapped", ...
  bool to_move = false;
  std::string summary;  // one short line: "3 of 8 home", "2 of 3 movers trapped",
                        // "1 of 2 Travelers home, in check"
};

struct BoardView {
  std::string shape;                  // "square" or "hex"
  int width = 0;                      // square: files; hex: cells per side
  int height = 0;                     // square: ranks; hex: rows (2 * side - 1)
  std::vector<ViewCell> cells;        // every cell of the board, any order
  std::vector<ViewZone> zones;        // any order
  std::vector<std::string> walls;     // filled slots, named "c3|c4" as in move text
  std::vector<ViewCounter> counters;  // of the board as a whole: "walls left"
  std::vector<ViewPlayer> players;    // in turn order
};

// What one click does to the board drawn while a move is being made (a preview): the piece on
// `from` goes to `to`, whatever stood there gone; a slot `to` ("c3|c4", `from` empty) gets a
// wall; both empty: nothing changes yet (a piece picked up, a choice still to come).
struct ClickChange {
  std::string from;
  std::string to;
  bool operator==(const ClickChange&) const = default;
};

// How a move is made by pointing: the cells (or slots) a player clicks, and the route drawn.
struct MoveParts {
  std::string text;  // canonical move text
  // Each accepted click order (most moves have one); an entry is a cell name ("d1") or a slot
  // name ("c3|c4"). Traverse: piece, destination, then circle placements; Travelers: piece,
  // destination, then the displaced piece and its target; Trap: each step as mover then cell,
  // each wall as its slot, in every order the rules allow.
  std::vector<std::vector<std::string>> clicks;
  // Per click order, what each of its clicks does to the board drawn (one per click), so a UI
  // shows a move being made without knowing its rules; empty when no click changes the board.
  std::vector<std::vector<ClickChange>> changes;
  // Cells the move passes through in order, for drawing (a jump chain's every landing square).
  std::vector<std::string> path;
};

}  // namespace arbiter
