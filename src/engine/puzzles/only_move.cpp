#include "engine/puzzles/only_move.h"

#include "engine/puzzles/puzzle.h"

namespace arbiter::engine::puzzles {

bool keeps_decisive_advantage(const PvLine& line, const WinModel& model) {
  if (line.mate_in) return *line.mate_in > 0;
  return expected_result(model, line.score) >= kDecisiveExpected;
}

Judgement judge(const EngineResult& result, const WinModel& model) {
  Judgement out;
  if (result.lines.empty()) return out;
  const PvLine& best = result.lines[0];
  out.move = best.move;
  out.best_expected = expected_result(model, best.score);
  if (best.mate_in && *best.mate_in > 0) out.win_in = best.mate_in;
  out.decisive = keeps_decisive_advantage(best, model);
  // A single legal move is no puzzle: there is nothing to find.
  if (!out.decisive || result.lines.size() < 2) return out;
  const PvLine& second = result.lines[1];
  out.second_expected = expected_result(model, second.score);
  out.only = !keeps_decisive_advantage(second, model) &&
             out.best_expected - out.second_expected >= kOnlyMoveDrop;
  return out;
}

}  // namespace arbiter::engine::puzzles
