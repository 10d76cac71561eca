// Best-reply search (Schadd & Winands 2011) for 3–4 players: the root player (MAX) against the
// single strongest reply of *any* opponent (MIN); the other opponents pass. Layers alternate
// MAX, MIN, so the search sees more of the root player's own moves than paranoid search does.
//
// Needs a game whose State can apply a pass for a player who has moves (GameAi::kPass, a Move;
// Traverse's pass only advances the turn). Iterative deepening with alpha-beta, moves ordered by
// the game's hint and the previous iteration's best; no transposition table (passes make
// positions that real play never reaches). Same limits, stop, evaluation noise and determinism
// as alpha-beta. Multi-PV (SearchLimits::multipv = N > 1): each root move is searched against
// the N-th best score of the iteration so far, so the best N get exact scores (their lines are
// the move alone: passes make no line worth showing).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "ai/evaluator.h"
#include "ai/game_ai.h"
#include "ai/search.h"

namespace arbiter::ai {

struct BestReplyOptions {
  int noise = 0;  // evaluation noise amplitude (weaker levels)
  uint64_t seed = 0;
  EvalOptions eval;  // the hand evaluation unless it names a net
};

template <class State>
class BestReply {
 public:
  using Ai = GameAi<State>;
  using Move = typename Ai::Move;
  using MoveList = typename Ai::MoveList;

  explicit BestReply(const BestReplyOptions& options = {})
      : options_(options), eval_(options.eval) {}

  SearchResult<Move> search(State& root, const SearchLimits& limits,
                            const std::atomic<bool>* stop = nullptr,
                            const ProgressFn& progress = {}) {
    Clock clock(limits, stop);
    clock_ = &clock;
    s_ = &root;
    root_player_ = root.to_move();
    nodes_ = 0;
    aborted_ = false;
    SearchResult<Move> result;
    MoveList list;
    Ai::search_moves(root, list);
    std::vector<std::pair<int, Move>> root_moves;
    for (const auto& m : list) root_moves.emplace_back(Ai::move_hint(root, m), m);
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    if (root_moves.empty()) return result;
    result.has_move = true;
    result.best = root_moves[0].second;
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 8) : kMaxPly - 8;
    const int multipv = std::clamp(limits.multipv, 1, static_cast<int>(root_moves.size()));
    for (int depth = 1; depth <= max_depth; ++depth) {
      int alpha = -kInfinity;
      if (multipv > 1) {
        if (!rank_root(root_moves, depth, multipv)) break;
        alpha = root_moves[0].first;
        result.lines.clear();
        for (int i = 0; i < multipv; ++i) {
          const int score = root_moves[i].first;
          result.lines.push_back(
              {root_moves[i].second, score, {root_moves[i].second}, proven_plies(score)});
        }
      } else {
        std::size_t best = 0;
        for (std::size_t i = 0; i < root_moves.size(); ++i) {
          root.apply(root_moves[i].second);
          const int v = root.is_terminal() ? terminal_score(root, root_player_, 1)
                                           : min_layer(depth - 1, alpha, kInfinity, 1);
          root.undo();
          if (aborted_) break;
          if (v > alpha) {
            alpha = v;
            best = i;
          }
        }
        if (aborted_) break;
        std::rotate(root_moves.begin(), root_moves.begin() + best, root_moves.begin() + best + 1);
      }
      result.best = root_moves[0].second;
      result.score = alpha;
      result.depth = depth;
      if (progress) {
        SearchProgress p;
        p.depth = depth;
        p.score = alpha;
        p.pv = {root.move_text(result.best)};
        for (const auto& line : result.lines) {
          p.lines.push_back({line.score, line.proven_plies, {root.move_text(line.move)}});
        }
        p.nodes = nodes_;
        p.seconds = clock.elapsed();
        p.nps = nodes_ / std::max(p.seconds, 1e-9);
        progress(p);
      }
      if (is_win_score(alpha) || clock.past_soft()) break;
    }
    result.pv = {result.best};
    if (!result.lines.empty()) result.lines[0].pv = result.pv;
    result.nodes = nodes_;
    result.seconds = clock.elapsed();
    return result;
  }

 private:
  // One multi-PV iteration: scores every root move (`first`) against the `lines`-th best exact
  // score so far and sorts them best first, the fail-lows below. False when aborted.
  bool rank_root(std::vector<std::pair<int, Move>>& root_moves, int depth, int lines) {
    State& root = *s_;
    std::vector<int> exact;  // best first
    std::vector<std::pair<int, Move>> scored = root_moves;
    for (auto& [score, move] : scored) {
      const int alpha = static_cast<int>(exact.size()) >= lines ? exact[lines - 1] : -kInfinity;
      root.apply(move);
      const int v = root.is_terminal() ? terminal_score(root, root_player_, 1)
                                       : min_layer(depth - 1, alpha, kInfinity, 1);
      root.undo();
      if (aborted_) return false;
      score = v > alpha ? v : -kInfinity;
      if (v > alpha) {
        exact.insert(std::upper_bound(exact.begin(), exact.end(), v, std::greater<>()), v);
      }
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    root_moves = std::move(scored);
    return true;
  }

  bool poll() {
    if ((++nodes_ & 31) == 0 && clock_->should_stop(nodes_)) aborted_ = true;
    return aborted_;
  }
  int leaf(int ply) const {
    return s_->is_terminal()
               ? terminal_score(*s_, root_player_, ply)
               : eval_(*s_, root_player_) + eval_noise(s_->hash(), options_.seed, options_.noise);
  }

  // Passes until the root player is to move (or the game ends); returns how many were applied.
  int pass_to_root() {
    int n = 0;
    while (!s_->is_terminal() && s_->to_move() != root_player_) {
      s_->apply(Ai::kPass);
      ++n;
    }
    return n;
  }

  int max_layer(int depth, int alpha, int beta, int ply) {
    if (poll()) return 0;
    if (depth <= 0 || s_->is_terminal() || ply >= kMaxPly - 8) return leaf(ply);
    MoveList& list = lists_[ply];
    Ai::search_moves(*s_, list);
    order(list);
    int best = -kInfinity;
    for (const auto& m : list) {
      s_->apply(m);
      const int v = s_->is_terminal() ? leaf(ply + 1) : min_layer(depth - 1, alpha, beta, ply + 1);
      s_->undo();
      if (aborted_) return 0;
      best = std::max(best, v);
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    return best;
  }

  // Every opponent's moves in turn order, the others passing; MIN takes the lowest value.
  int min_layer(int depth, int alpha, int beta, int ply) {
    if (poll()) return 0;
    if (depth <= 0 || s_->is_terminal() || ply >= kMaxPly - 8) return leaf(ply);
    int best = kInfinity;
    int skipped = 0;
    while (!aborted_ && !s_->is_terminal() && s_->to_move() != root_player_) {
      MoveList& list = lists_[ply];
      Ai::search_moves(*s_, list);
      order(list);
      for (std::size_t i = 0; i < list.size() && best > alpha; ++i) {
        const Move m = lists_[ply][i];
        s_->apply(m);
        const int passes = pass_to_root();
        const int v =
            s_->is_terminal() ? leaf(ply + 1) : max_layer(depth - 1, alpha, beta, ply + 1);
        for (int k = 0; k <= passes; ++k) s_->undo();
        if (aborted_) break;
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (best <= alpha) break;
      s_->apply(Ai::kPass);  // this opponent passes; the next one replies
      ++skipped;
    }
    for (int k = 0; k < skipped; ++k) s_->undo();
    if (aborted_) return 0;
    return best == kInfinity ? leaf(ply) : best;
  }

  void order(MoveList& list) const {
    std::stable_sort(list.begin(), list.end(), [this](const Move& a, const Move& b) {
      return Ai::move_hint(*s_, a) > Ai::move_hint(*s_, b);
    });
  }

  BestReplyOptions options_;
  mutable Evaluator<State> eval_;
  State* s_ = nullptr;
  const Clock* clock_ = nullptr;
  int root_player_ = 0;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::vector<MoveList> lists_ = std::vector<MoveList>(kMaxPly);
};

}  // namespace arbiter::ai
