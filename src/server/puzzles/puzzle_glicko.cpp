#include "server/puzzles/puzzle_glicko.h"

#include <algorithm>

#include "server/ratings/glicko2.h"
#include "server/ratings/rating_updater.h"

namespace arbiter::server::puzzles {

store::PuzzleAttemptRow rate_attempt(const std::string& solver_name,
                                     const std::optional<store::PuzzleRatingRow>& solver,
                                     const store::PuzzleRow& puzzle, bool solved, int64_t now_ms) {
  using ratings::Rating;
  Rating me;
  store::PuzzleRatingRow row;
  row.solver = solver_name;
  if (solver) {
    row = *solver;
    const double absent =
        std::max<int64_t>(0, now_ms - solver->updated_ms) / double(ratings::kRatingPeriodMs);
    me = ratings::inflate({solver->rating, solver->deviation, solver->volatility}, absent);
  }
  const Rating it{puzzle.rating, puzzle.deviation, puzzle.volatility};
  const Rating me_after = ratings::update(me, {{it, solved ? 1.0 : 0.0}});
  const Rating it_after = ratings::update(it, {{me, solved ? 0.0 : 1.0}});

  store::PuzzleAttemptRow a;
  a.puzzle_id = puzzle.id;
  a.solved = solved;
  a.at_ms = now_ms;
  a.solver_before = solver ? solver->solved + solver->failed : 0;
  a.solver = row;
  a.solver.rating = me_after.rating;
  a.solver.deviation = me_after.deviation;
  a.solver.volatility = me_after.volatility;
  (solved ? a.solver.solved : a.solver.failed) += 1;
  a.solver.updated_ms = now_ms;
  a.puzzle_rating = it_after.rating;
  a.puzzle_deviation = it_after.deviation;
  a.puzzle_volatility = it_after.volatility;
  a.puzzle_plays_before = puzzle.plays;
  return a;
}

}  // namespace arbiter::server::puzzles
