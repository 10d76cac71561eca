// Puzzles as text: one puzzle per line, its fields separated by tabs (data/puzzles/*.txt,
// `arbiter puzzles generate --out`, `arbiter puzzles import` and `export`):
//
//   game <TAB> params <TAB> position <TAB> solution <TAB> rating <TAB> source
//
// `solution` is the line's moves separated by spaces (the solver's first). Blank lines and lines
// starting with '#' are skipped. And the check every puzzle read from anywhere (a file, the
// store) passes before it is used: its game, parameters and position read, and its solution is
// a line of legal moves that starts and ends with a move of the player to move.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "engine/puzzles/puzzle.h"
#include "games/game.h"

namespace arbiter::engine::puzzles {

// "game\tparams\tposition\tsolution\trating\tsource" (no newline).
std::string puzzle_line(const Puzzle& p);
// One line back; an error naming the field at fault. Checked as check_puzzle() checks.
Result<Puzzle> parse_puzzle_line(std::string_view line);

// The positions of a puzzle's line: the start (solver to move), then after each move of the
// solution; the solver (the start's player to move) moves first and last.
struct PuzzleLine {
  std::vector<std::unique_ptr<GameState>> positions;
  int solver = 0;
  int solver_moves = 0;
};
// Replays a puzzle: its game, parameters and position, then its solution. An error when the
// game is unknown, the parameters or position do not read, the position is finished, a move is
// not legal, or the line does not end with the solver's move.
Result<PuzzleLine> replay_puzzle(std::string_view game, std::string_view params,
                                 std::string_view position,
                                 const std::vector<std::string>& solution);

// Checks `p` as replay_puzzle() does and sets its game (the registered name), params, position
// and solution to their canonical texts, its solver and its solver_moves.
Status check_puzzle(Puzzle& p);

}  // namespace arbiter::engine::puzzles
