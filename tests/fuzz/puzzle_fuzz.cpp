// Fuzzes the puzzle text format (engine/puzzles/puzzle_text.h, data/puzzles/*.txt): every line of
// the input is read as `arbiter puzzles import` reads a file's lines. A line is rejected with a
// one-line error, or reads to a checked puzzle (a solution that starts and ends with a move of
// the solver, the game by its registered name) whose canonical line (a whole-number rating)
// reads back to the same puzzle and the same line.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/text.h"
#include "engine/puzzles/puzzle_text.h"
#include "games/registry.h"

namespace {

using namespace arbiter;
using namespace arbiter::engine::puzzles;

bool one_line(const std::string& message) {
  return !message.empty() && message.find_first_of("\r\n") == std::string::npos;
}

bool same_puzzle(const Puzzle& a, const Puzzle& b) {
  return a.game == b.game && a.params == b.params && a.position == b.position &&
         a.solution == b.solution && a.solver == b.solver && a.solver_moves == b.solver_moves &&
         a.source == b.source;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (auto line : split_exact(text, '\n')) {
    auto puzzle = parse_puzzle_line(line);
    if (!puzzle) {
      if (!one_line(puzzle.error())) std::abort();
      continue;
    }
    const Puzzle& p = *puzzle;
    if (p.solution.empty() || p.solver < 0 || p.solver_moves < 1 ||
        p.solver_moves > static_cast<int>(p.solution.size()) || p.rating < 0 || p.rating > 4000) {
      std::abort();
    }
    // The game by its registered name (the store looks puzzles up by it).
    const Game* game = find_game(p.game);
    if (!game || game->name() != p.game) std::abort();
    // The canonical line: six fields on one line, the rating a whole number, reading back to the
    // same puzzle and line.
    const std::string canonical = puzzle_line(p);
    const auto fields = split_exact(canonical, '\t');
    if (canonical.find('\n') != std::string::npos || fields.size() != 6 || fields[4].empty() ||
        fields[4].find_first_not_of("0123456789") != std::string_view::npos) {
      std::abort();
    }
    auto again = parse_puzzle_line(canonical);
    if (!again || !same_puzzle(*again, p) || puzzle_line(*again) != canonical) std::abort();
  }
  return 0;
}
