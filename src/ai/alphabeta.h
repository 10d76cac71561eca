// Iterative-deepening alpha-beta over a game's concrete State (GameAi<State>, game_ai.h):
// principal-variation search, a transposition table, killer and history move ordering,
// aspiration windows, late-move reductions and (for games with forcing moves) quiescence.
//
// With 3–4 players it is paranoid search: the root player against a coalition of all others.
// Scores are kept from the point of view of the *team* to move (the player itself with 2
// players); a child whose team differs is negated, one of the same team is not.
//
// The class is split by concern:
//   alphabeta.h         options, iterative deepening, the root, principal variation
//   alphabeta_search.h  the inner search and quiescence
//   alphabeta_order.h   move ordering (TT move, forcing moves, killers, history)
//
// Multi-PV (SearchLimits::multipv = N > 1): every iteration searches the root with a full window
// and ranks the root moves with exact scores for the best N (a move is searched against the N-th
// best score found so far in the iteration, so the N best come out exact and the others fail
// low); SearchResult::lines holds them with their lines. With N = 1 the search is unchanged.
//
// Contract: search() leaves the State as it found it; a search with a node limit and no time
// limit is deterministic (same State, options and seed → same move, score and node count).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <vector>

#include "ai/evaluator.h"
#include "ai/game_ai.h"
#include "ai/search.h"
#include "ai/tt.h"

namespace arbiter::ai {

struct AlphaBetaOptions {
  bool use_tt = true;
  bool aspiration = true;
  bool quiescence = true;  // only where GameAi::kQuiescence
  bool reductions = true;  // late-move reductions (off for exact comparisons with minimax)
  int noise = 0;           // evaluation noise amplitude (weaker levels)
  int contempt = 25;       // a draw counts this much below even for the root player
  uint64_t seed = 0;       // noise seed
  std::size_t tt_megabytes = 16;
  EvalOptions eval;  // the hand evaluation unless it names a net
};

template <class State>
class AlphaBeta {
 public:
  using Ai = GameAi<State>;
  using Move = typename Ai::Move;
  using MoveList = typename Ai::MoveList;
  using Result = SearchResult<Move>;

  explicit AlphaBeta(const AlphaBetaOptions& options = {})
      : options_(options),
        tt_(std::make_shared<TranspositionTable<Move>>(options.tt_megabytes)),
        eval_(options.eval) {}
  // A search that shares `tt` with others (lazy SMP); the table must be set_shared(true).
  AlphaBeta(const AlphaBetaOptions& options, std::shared_ptr<TranspositionTable<Move>> tt)
      : options_(options), tt_(std::move(tt)), eval_(options.eval) {}

  const AlphaBetaOptions& options() const { return options_; }
  void clear() {
    tt_->clear();
    for (auto& h : history_) std::fill(h.begin(), h.end(), 0);
  }

  // Searches `root` within `limits`; `stop` (may be null) aborts within a few dozen nodes.
  // `progress` (may be empty) is called after each completed iteration.
  Result search(State& root, const SearchLimits& limits, const std::atomic<bool>* stop = nullptr,
                const ProgressFn& progress = {});

 private:
  struct RootMove {
    Move move;
    int score;
  };
  static constexpr int kHistorySize = 1 << 14;

  int team_of(int player) const { return paranoid_ && player != root_player_ ? -1 : player; }
  int evaluate(int team) const;
  int terminal_value(int team, int ply) const;
  int child_value(int depth, int alpha, int beta, int ply, int team, int child_team);
  int search_root(int depth, int alpha, int beta);
  int search_root_multipv(int depth, int lines);
  std::vector<RootLine<Move>> root_lines(int depth, int lines, std::vector<ProgressLine>* texts);
  int search_node(int depth, int alpha, int beta, int ply, int team);
  int quiesce(int alpha, int beta, int ply, int team, int qdepth);
  void order_moves(const MoveList& list, int ply, int team, const Move* tt_move);
  int next_move(int ply, std::size_t i);
  bool poll();
  std::vector<Move> principal_variation(const Move& first, int depth,
                                        std::vector<std::string>* texts);

  AlphaBetaOptions options_;
  std::shared_ptr<TranspositionTable<Move>> tt_;
  mutable Evaluator<State> eval_;
  std::array<std::vector<int>, 2> history_{std::vector<int>(kHistorySize),
                                           std::vector<int>(kHistorySize)};
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
  std::array<std::array<bool, 2>, kMaxPly> has_killer_{};
  std::vector<MoveList> moves_ = std::vector<MoveList>(kMaxPly);
  std::vector<std::vector<std::pair<int, uint32_t>>> order_ =
      std::vector<std::vector<std::pair<int, uint32_t>>>(kMaxPly);
  std::vector<RootMove> root_moves_;

  State* s_ = nullptr;
  const Clock* clock_ = nullptr;
  int root_player_ = 0;
  bool paranoid_ = false;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  int root_done_ = 0;  // root moves finished in the current pass
  bool iter_has_best_ = false;
  Move iter_best_{};
  int iter_score_ = 0;
};

template <class State>
typename AlphaBeta<State>::Result AlphaBeta<State>::search(State& root, const SearchLimits& limits,
                                                           const std::atomic<bool>* stop,
                                                           const ProgressFn& progress) {
  Clock clock(limits, stop);
  clock_ = &clock;
  s_ = &root;
  root_player_ = root.to_move();
  paranoid_ = root.num_players() > 2;
  nodes_ = 0;
  aborted_ = false;
  tt_->new_search();
  for (auto& h : history_) {
    for (int& v : h) v /= 4;
  }
  for (auto& k : has_killer_) k = {false, false};
  Result result;
  MoveList list;
  Ai::search_moves(root, list);
  root_moves_.clear();
  for (const auto& m : list) root_moves_.push_back({m, Ai::move_hint(root, m)});
  std::stable_sort(root_moves_.begin(), root_moves_.end(),
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
  if (root_moves_.empty()) return result;
  result.has_move = true;
  result.best = root_moves_[0].move;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;
  const int multipv = std::clamp(limits.multipv, 1, static_cast<int>(root_moves_.size()));
  int prev = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    if (multipv > 1) {
      iter_has_best_ = false;
      const int score = search_root_multipv(depth, multipv);
      if (aborted_) break;  // the lines of the last completed iteration stand
      result.best = root_moves_[0].move;
      result.score = score;
      result.depth = depth;
      std::vector<ProgressLine> texts;
      result.lines = root_lines(depth, multipv, progress ? &texts : nullptr);
      result.pv = result.lines[0].pv;
      if (progress) {
        SearchProgress p;
        p.depth = depth;
        p.score = score;
        p.pv = texts[0].pv;
        p.lines = std::move(texts);
        p.nodes = nodes_;
        p.seconds = clock.elapsed();
        p.nps = p.seconds > 0 ? nodes_ / p.seconds : 0;
        progress(p);
      }
      if (is_win_score(score) && kWin - std::abs(score) <= depth) break;
      if (clock.past_soft()) break;
      continue;
    }
    int delta = Ai::kAspiration;
    int alpha = -kInfinity, beta = kInfinity;
    if (options_.aspiration && depth >= 3 && !is_win_score(prev)) {
      alpha = prev - delta;
      beta = prev + delta;
    }
    int score = 0;
    for (;;) {
      iter_has_best_ = false;
      score = search_root(depth, alpha, beta);
      if (aborted_) break;
      if (score <= alpha && alpha > -kInfinity) {
        delta *= 4;
        alpha = delta > 4000 ? -kInfinity : std::max(-kInfinity, score - delta);
      } else if (score >= beta && beta < kInfinity) {
        delta *= 4;
        beta = delta > 4000 ? kInfinity : std::min(kInfinity, score + delta);
      } else {
        break;
      }
    }
    if (aborted_) {
      // A move that beat the previous best in the unfinished iteration is trusted.
      if (iter_has_best_ && root_done_ > 0) {
        result.best = iter_best_;
        result.score = iter_score_;
      }
      break;
    }
    prev = score;
    result.best = root_moves_[0].move;
    result.score = score;
    result.depth = depth;
    std::vector<std::string> texts;
    result.pv = principal_variation(root_moves_[0].move, depth, progress ? &texts : nullptr);
    if (progress) {
      SearchProgress p;
      p.depth = depth;
      p.score = score;
      p.pv = std::move(texts);
      p.nodes = nodes_;
      p.seconds = clock.elapsed();
      p.nps = p.seconds > 0 ? nodes_ / p.seconds : 0;
      progress(p);
    }
    if (is_win_score(score) && kWin - std::abs(score) <= depth) break;  // proven within depth
    if (clock.past_soft() || (clock.timed() && root_moves_.size() == 1)) break;
  }
  if (result.pv.empty() || !(result.pv[0] == result.best)) result.pv = {result.best};
  result.nodes = nodes_;
  result.seconds = clock.elapsed();
  return result;
}

// The line of the root move `first`: it, then the transposition table's moves.
template <class State>
std::vector<typename AlphaBeta<State>::Move> AlphaBeta<State>::principal_variation(
    const Move& first, int depth, std::vector<std::string>* texts) {
  std::vector<Move> pv;
  MoveList list;
  for (int i = 0; i < depth && !s_->is_terminal(); ++i) {
    Move m{};
    if (i == 0) {
      m = first;
    } else {
      TtEntry<Move> e;
      if (!tt_->probe(s_->hash(), e) || !e.has_move) break;
      Ai::search_moves(*s_, list);
      if (std::find(list.begin(), list.end(), e.move) == list.end()) break;
      m = e.move;
    }
    if (texts) texts->push_back(s_->move_text(m));
    pv.push_back(m);
    s_->apply(m);
  }
  for (std::size_t i = 0; i < pv.size(); ++i) s_->undo();
  return pv;
}

// The first `lines` root moves (ranked by search_root_multipv) with their scores and lines.
template <class State>
std::vector<RootLine<typename AlphaBeta<State>::Move>> AlphaBeta<State>::root_lines(
    int depth, int lines, std::vector<ProgressLine>* texts) {
  std::vector<RootLine<Move>> out;
  for (int i = 0; i < lines; ++i) {
    const RootMove& rm = root_moves_[i];
    RootLine<Move> line;
    line.move = rm.move;
    line.score = rm.score;
    line.proven_plies = proven_plies(rm.score);
    ProgressLine text;
    line.pv = principal_variation(rm.move, depth, texts ? &text.pv : nullptr);
    if (texts) {
      text.score = line.score;
      text.proven_plies = line.proven_plies;
      texts->push_back(std::move(text));
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace arbiter::ai

#include "ai/alphabeta_order.h"
#include "ai/alphabeta_search.h"
