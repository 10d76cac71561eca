// The JSON of the puzzle endpoints (docs/api.md "Puzzles"), with the server's one writer
// (json_writer.h): the puzzle object (never its solution), a solver's rating, and the answer
// to an attempt.
#pragma once

#include <optional>
#include <string>

#include "engine/puzzles/puzzle_text.h"
#include "server/http/json_writer.h"
#include "server/puzzles/attempt.h"
#include "store/puzzle_rows.h"

namespace arbiter::server::puzzles {

// {"id", "game", "params", "position", "solver", "player", "players", "rating", "plays",
// "moves", "board"}: `moves` is how many moves the solver makes.
void write_puzzle(JsonWriter& w, const store::PuzzleRow& row,
                  const engine::puzzles::PuzzleLine& line);
// {"solver", "rating", "deviation", "provisional", "solved", "failed"}; a new solver's row
// when `row` is nullopt. Ratings rounded to whole points.
void write_solver_rating(JsonWriter& w, const std::string& solver,
                         const std::optional<store::PuzzleRatingRow>& row);

// What an attempt's answer says beyond the step itself.
struct AttemptAnswer {
  const AttemptStep& step;
  const engine::puzzles::PuzzleLine& line;
  const std::vector<std::string>& solution;
  bool rated = false;  // this attempt changed the ratings (its first end for this solver)
  std::optional<store::PuzzleRatingRow> before, after;  // the solver's rating (at an end)
  double puzzle_rating = 0;                             // the puzzle's, after (at an end)
};
std::string attempt_text(const AttemptAnswer& a, const std::string& solver);

}  // namespace arbiter::server::puzzles
