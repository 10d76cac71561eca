// The puzzles and their solvers' ratings (puzzle_rows.h); schema 6.
// Every backend implements these; the defaults (kInvalid) serve test doubles only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/puzzle_rows.h"
#include "store/store_status.h"

namespace arbiter::store {

class PuzzleStore {
 public:
  virtual ~PuzzleStore() = default;

  // A new puzzle (its id assigned and returned); nullopt, and nothing written, when a puzzle of
  // the same game, parameters and position is stored already.
  virtual Result<std::optional<int64_t>> add_puzzle(const PuzzleRow& puzzle);
  virtual Result<std::optional<PuzzleRow>> puzzle_by_id(int64_t id);
  // Up to `limit` puzzles of `game` for `solver`: those it has no rated attempt of first,
  // nearest to `rating` first (then by id); then those it has, the longest ago first.
  virtual Result<std::vector<PuzzleRow>> puzzles_near(std::string_view game, double rating,
                                                      std::string_view solver, int limit);
  // Every puzzle of `game` ("" for every game), by id.
  virtual Result<std::vector<PuzzleRow>> list_puzzles(std::string_view game);
  // The solver's puzzle rating; nullopt when it has none.
  virtual Result<std::optional<PuzzleRatingRow>> puzzle_rating(std::string_view solver);
  // The end of an attempt, rated once per solver and puzzle: in one transaction records the
  // attempt and writes the solver's and the puzzle's new ratings. false, and nothing written,
  // when the solver's attempt of the puzzle was rated already; kConflict, and nothing written,
  // when the solver's row or the puzzle changed since they were read (read again and retry);
  // kNotFound when there is no such puzzle.
  virtual Result<bool> rate_puzzle_attempt(const PuzzleAttemptRow& attempt);
};

}  // namespace arbiter::store
