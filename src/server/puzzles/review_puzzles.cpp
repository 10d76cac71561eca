#include "server/puzzles/review_puzzles.h"

#include <algorithm>

#include "engine/puzzles/difficulty.h"
#include "engine/puzzles/finder.h"

namespace arbiter::server::puzzles {

store::PuzzleRow puzzle_row(const engine::puzzles::Puzzle& p, int64_t now_ms) {
  namespace ep = engine::puzzles;
  store::PuzzleRow row;
  row.game = p.game;
  row.params = p.params;
  row.position = p.position;
  for (const auto& m : p.solution) row.solution += (row.solution.empty() ? "" : " ") + m;
  row.source = p.source;
  row.rating = p.rating;
  row.deviation = ep::kStartDeviation;
  row.volatility = ep::kStartVolatility;
  row.created_ms = now_ms;
  return row;
}

int mine_review_puzzles(store::PuzzleStore& store, const engine::GameReview& review,
                        const std::string& game_id, uint64_t nodes, int threads, int64_t now_ms,
                        const std::atomic<bool>* stop) {
  namespace ep = engine::puzzles;
  ep::FinderOptions o;
  o.nodes = nodes > 0 ? nodes : kReviewMiningNodes;
  o.threads = std::max(1, threads);
  o.stop = stop;
  auto found = ep::puzzles_from_review(review, o, "game " + game_id);
  if (!found) return 0;
  int added = 0;
  for (const ep::Puzzle& p : *found) {
    const store::PuzzleRow row = puzzle_row(p, now_ms);
    auto id = store.add_puzzle(row);
    if (!id) return added;
    added += *id ? 1 : 0;
  }
  return added;
}

}  // namespace arbiter::server::puzzles
