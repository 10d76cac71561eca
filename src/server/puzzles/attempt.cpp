#include "server/puzzles/attempt.h"

#include "core/text.h"

namespace arbiter::server::puzzles {

Outcome<AttemptStep> check_attempt(const engine::puzzles::PuzzleLine& line,
                                   const std::vector<std::string>& solution,
                                   const std::vector<std::string>& moves) {
  if (moves.empty()) return bad_request("moves: give the moves played, at least one");
  AttemptStep out;
  std::size_t at = 0;  // the line's ply the solver is at
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "moves[" + std::to_string(i) + "]";
    if (out.result != AttemptResult::kContinue) {
      return bad_request(where + ": the attempt ended at the move before");
    }
    const GameState& before = *line.positions[at];
    auto after = before.clone();
    if (auto st = after->apply(moves[i]); !st) {
      return bad_request(where + ": " + quote(moves[i]) +
                         " is not a legal move here: " + st.error());
    }
    const std::string played = after->history().back();
    out.played.push_back(played);
    out.replies = 0;
    const bool wins_now = after->is_terminal() && after->returns()[line.solver] > 0;
    if (played != solution[at]) {
      out.result = wins_now ? AttemptResult::kSolved : AttemptResult::kFailed;
      if (!wins_now) out.expected = solution[at];
      continue;
    }
    ++at;
    if (at == solution.size() || wins_now) {
      out.result = AttemptResult::kSolved;
      continue;
    }
    // The other seats' replies, up to the solver's next move.
    while (at < solution.size() && line.positions[at]->to_move() != line.solver) {
      out.played.push_back(solution[at++]);
      ++out.replies;
    }
  }
  return out;
}

}  // namespace arbiter::server::puzzles
