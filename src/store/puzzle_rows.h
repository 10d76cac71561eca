// The rows of puzzles (schema 6): the puzzles with their Glicko-2 ratings, each solver's puzzle
// rating, and the attempts rated so far (one per solver and puzzle). engine/puzzles/ finds the
// puzzles; server/puzzles/ serves them.
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::store {

struct PuzzleRow {
  int64_t id = 0;        // assigned by the store
  std::string game;      // "traverse"
  std::string params;    // canonical key=value list
  std::string position;  // position text; the solver is to move
  std::string solution;  // the line's moves, space separated, the solver's first and last
  std::string source;    // where it was found
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  int plays = 0;  // rated attempts so far
  int64_t created_ms = 0;
};

// A solver's puzzle rating: "account:ID" for an account, "browser:ID" for a guest's browser.
struct PuzzleRatingRow {
  std::string solver;
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  int solved = 0;
  int failed = 0;
  int64_t updated_ms = 0;
};

// The end of one attempt, as Store::rate_puzzle_attempt() writes it: the solver's and the
// puzzle's new ratings, each written only if the row is still as it was read (`solver_before`
// plays of the solver, `puzzle_plays_before` of the puzzle), so two attempts ending at once
// never overwrite each other's update.
struct PuzzleAttemptRow {
  int64_t puzzle_id = 0;
  bool solved = false;
  int64_t at_ms = 0;
  PuzzleRatingRow solver;  // the new row: solved/failed already counting this attempt
  int solver_before = 0;   // solved + failed of the row read (0 when it had none)
  double puzzle_rating = 1500;
  double puzzle_deviation = 350;
  double puzzle_volatility = 0.06;
  int puzzle_plays_before = 0;
};

}  // namespace arbiter::store
