#include "engine/puzzles/finder.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "core/params.h"
#include "engine/game_module.h"
#include "engine/puzzles/difficulty.h"
#include "engine/puzzles/only_move.h"
#include "engine/searcher.h"
#include "engine/win_probability.h"

namespace arbiter::engine::puzzles {
namespace {

// One thread's searches: each on fresh tables, one search thread, a node limit.
class Prober {
 public:
  Prober(const Game& game, const ai::Recipe& recipe, const std::atomic<bool>* stop)
      : searcher_(make_searcher(game)), recipe_(recipe), stop_(stop ? stop : &never_) {
    recipe_.threads = 1;
  }
  bool stopped() const { return stop_->load(); }
  EngineResult search(const GameState& s, uint64_t nodes, int multipv) {
    if (s.is_terminal() || !searcher_->set_position(s)) return {};
    searcher_->clear();
    ai::SearchLimits limits;
    limits.nodes = nodes;
    limits.multipv = multipv;
    return searcher_->search(recipe_, limits, *stop_, {});
  }

 private:
  std::unique_ptr<Searcher> searcher_;
  ai::Recipe recipe_;
  const std::atomic<bool> never_{false};
  const std::atomic<bool>* stop_;
};

uint64_t deep_nodes(const FinderOptions& o) {
  return o.verify_nodes > 0 ? o.verify_nodes : 4 * o.nodes;
}

Result<WinModel> checked_model(const GameState& s, const FinderOptions& o) {
  const auto model = win_model(s.game().name(), s.num_players());
  if (!model) {
    return make_error("no win-probability model for " + std::string(s.game().name()) + " with " +
                      std::to_string(s.num_players()) + " players: it has no puzzles");
  }
  if (ai::algorithm_for(o.recipe, s.num_players()) == ai::Algorithm::kRandom) {
    return make_error("puzzles need a searching player, not a random one");
  }
  if (o.nodes == 0) return make_error("puzzles need a node limit");
  return *model;
}

// The smallest budget of the ladder (difficulty.h) whose search plays `move` in `s`.
uint64_t nodes_needed(Prober& prober, const GameState& s, const std::string& move, uint64_t deep) {
  for (uint64_t budget = kLadderStart; budget < deep; budget *= 2) {
    if (prober.search(s, budget, 1).best_move == move) return budget;
  }
  return deep;
}

// The puzzle at `position` (puzzle.h's rules), searched with `prober`.
Result<std::optional<Puzzle>> examine(const GameState& position, const WinModel& model,
                                      const FinderOptions& o, Prober& prober) {
  using None = std::optional<Puzzle>;
  auto params = ParamMap::parse(position.params_text());
  if (!params) return make_error(params.error());
  auto start = position.game().parse_state(*params, position.to_text());
  if (!start) return make_error(start.error());
  const GameState& s = **start;
  if (s.is_terminal()) return None();
  const uint64_t deep = deep_nodes(o);
  if (prober.stopped()) return make_error("stopped");
  const Judgement first = judge(prober.search(s, o.nodes, 2), model);
  if (!first.only) return None();
  const Judgement verified = judge(prober.search(s, deep, 2), model);
  if (!verified.only || verified.move != first.move) return None();

  Puzzle p;
  p.game = std::string(s.game().name());
  p.params = s.params_text();
  p.position = s.to_text();
  p.solver = s.to_move();
  p.win_in = verified.win_in;
  p.expected = verified.best_expected;
  p.second_expected = verified.second_expected;
  auto line = s.clone();
  std::string move = verified.move;
  for (;;) {
    p.nodes_needed = std::max(p.nodes_needed, nodes_needed(prober, *line, move, deep));
    p.solution.push_back(move);
    ++p.solver_moves;
    if (auto st = line->apply(move); !st)
      return make_error("line move " + move + ": " + st.error());
    if (line->is_terminal() || p.solver_moves >= kMaxSolverMoves) break;
    std::vector<std::string> replies;
    while (!line->is_terminal() && line->to_move() != p.solver) {
      const EngineResult reply = prober.search(*line, deep, 1);
      if (reply.best_move.empty() || !line->apply(reply.best_move)) break;
      replies.push_back(reply.best_move);
    }
    if (line->is_terminal() || line->to_move() != p.solver) break;
    const Judgement next = judge(prober.search(*line, deep, 2), model);
    if (!next.only) break;                                            // no single decisive move
    if (!next.win_in && next.best_expected >= kClearExpected) break;  // the win is clear
    p.solution.insert(p.solution.end(), replies.begin(), replies.end());
    move = next.move;
  }
  // A search cut short proves nothing.
  if (prober.stopped()) return make_error("stopped");
  p.rating = puzzle_rating(p.nodes_needed, p.solver_moves);
  return std::optional<Puzzle>(std::move(p));
}

// The positions of a game: `start`, then after each move of `moves`.
Result<std::vector<std::unique_ptr<GameState>>> positions_of(
    const GameState& start, const std::vector<std::string>& moves) {
  std::vector<std::unique_ptr<GameState>> out;
  out.push_back(start.clone());
  for (const auto& m : moves) {
    auto next = out.back()->clone();
    if (auto st = next->apply(m); !st) {
      return make_error("move " + std::to_string(out.size()) + " " + m + ": " + st.error());
    }
    out.push_back(std::move(next));
  }
  return out;
}

// Examines positions[i] for every i of `which`, `threads` at a time; then keeps the puzzles in
// game order, leaving out one whose position lies inside the line of a puzzle kept before it.
Result<std::vector<Puzzle>> examine_all(const std::vector<std::unique_ptr<GameState>>& positions,
                                        const std::vector<std::size_t>& which,
                                        const WinModel& model, const FinderOptions& o,
                                        std::string_view source) {
  std::vector<Result<std::optional<Puzzle>>> found(which.size(), std::optional<Puzzle>());
  std::atomic<std::size_t> next{0};
  std::mutex report;
  int done = 0;
  auto work = [&] {
    Prober prober(positions[0]->game(), o.recipe, o.stop);
    for (std::size_t k = next++; k < which.size(); k = next++) {
      found[k] = examine(*positions[which[k]], model, o, prober);
      std::lock_guard lock(report);
      ++done;
      if (o.progress) o.progress(done, static_cast<int>(which.size()));
    }
  };
  std::vector<std::thread> helpers;
  for (int t = 1; t < std::min<int>(std::max(1, o.threads), std::max<int>(1, which.size())); ++t) {
    helpers.emplace_back(work);
  }
  work();
  for (auto& t : helpers) t.join();

  std::vector<Puzzle> out;
  std::set<std::string> covered;  // positions inside the lines kept
  for (std::size_t k = 0; k < which.size(); ++k) {
    if (!found[k]) return make_error(found[k].error());
    if (!*found[k] || covered.count((*found[k])->position)) continue;
    Puzzle p = std::move(**found[k]);
    p.source = std::string(source) + " ply=" + std::to_string(which[k]);
    auto line = positions[which[k]]->clone();
    for (const auto& m : p.solution) {
      if (!line->apply(m)) break;
      covered.insert(line->to_text());
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

Result<std::optional<Puzzle>> find_puzzle(const GameState& position, const FinderOptions& options) {
  auto model = checked_model(position, options);
  if (!model) return make_error(model.error());
  Prober prober(position.game(), options.recipe, options.stop);
  return examine(position, *model, options, prober);
}

Result<std::vector<Puzzle>> find_puzzles(const GameState& start, const GameState& final,
                                         const FinderOptions& options, std::string_view source) {
  auto model = checked_model(start, options);
  if (!model) return make_error(model.error());
  const auto& history = final.history();
  const std::vector<std::string> moves(
      history.begin() +
          static_cast<std::ptrdiff_t>(std::min(start.history().size(), history.size())),
      history.end());
  auto positions = positions_of(start, moves);
  if (!positions) return make_error(positions.error());
  std::vector<std::size_t> which;
  for (std::size_t i = 0; i < positions->size(); ++i) {
    if (!(*positions)[i]->is_terminal()) which.push_back(i);
  }
  return examine_all(*positions, which, *model, options, source);
}

Result<std::vector<Puzzle>> puzzles_from_review(const GameReview& review,
                                                const FinderOptions& options,
                                                std::string_view source) {
  if (!review.start) return make_error("the review has no start position");
  auto model = checked_model(*review.start, options);
  if (!model) return make_error(model.error());
  std::vector<std::string> moves;
  for (const auto& m : review.moves) moves.push_back(m.move);
  auto positions = positions_of(*review.start, moves);
  if (!positions) return make_error(positions.error());
  std::vector<std::size_t> which;
  for (std::size_t i = 0; i < positions->size() && i < review.positions.size(); ++i) {
    if ((*positions)[i]->is_terminal()) continue;
    const EngineResult& r = review.positions[i];
    const Judgement j = judge(r, review.model);
    if (j.decisive && (r.lines.size() < 2 || j.only)) which.push_back(i);
  }
  return examine_all(*positions, which, *model, options, source);
}

}  // namespace arbiter::engine::puzzles
