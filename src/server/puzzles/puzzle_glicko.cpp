#include "server/puzzles/puzzle_glicko.h"

#include <algorithm>

#include "server/ratings/glicko2.h"
#include "server/ratings/rating_updater.h"

namespace arbiter::server::puzzles {
namespace {

// How far the solver goes toward Glicko-2's answer against a provisional puzzle: a failure there
// says less about the solver than a solve (the puzzle's rating is still the engine's guess).
constexpr double kProvisionalSolved = 0.8;
constexpr double kProvisionalFailed = 0.3;

ratings::Rating toward(const ratings::Rating& from, const ratings::Rating& to, double weight) {
  return {from.rating + (to.rating - from.rating) * weight,
          from.deviation + (to.deviation - from.deviation) * weight,
          from.volatility + (to.volatility - from.volatility) * weight};
}

}  // namespace

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
  const double weight =
      ratings::provisional(it) ? (solved ? kProvisionalSolved : kProvisionalFailed) : 1.0;
  const Rating me_after = toward(me, ratings::update(me, {{it, solved ? 1.0 : 0.0}}), weight);
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
