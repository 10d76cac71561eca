// AlphaBeta's inner search and quiescence (included by alphabeta.h).
#pragma once

#include <algorithm>
#include <functional>

namespace arbiter::ai {

template <class State>
int AlphaBeta<State>::evaluate(int team) const {
  const int e = eval_(*s_, root_player_) + eval_noise(s_->hash(), options_.seed, options_.noise);
  return team == root_player_ ? e : -e;
}

template <class State>
int AlphaBeta<State>::terminal_value(int team, int ply) const {
  int v = terminal_score(*s_, root_player_, ply);
  if (v == 0) v = -options_.contempt;  // play on rather than repeat
  return team == root_player_ ? v : -v;
}

template <class State>
bool AlphaBeta<State>::poll() {
  if ((nodes_ & 31) == 0 && clock_->should_stop(nodes_)) aborted_ = true;
  return aborted_;
}

// The value of the position just reached (after apply) for `team`, searched with the window
// (alpha, beta) of `team`.
template <class State>
int AlphaBeta<State>::child_value(int depth, int alpha, int beta, int ply, int team,
                                  int child_team) {
  if (child_team == team) return search_node(depth, alpha, beta, ply + 1, team);
  return -search_node(depth, -beta, -alpha, ply + 1, child_team);
}

template <class State>
int AlphaBeta<State>::search_root(int depth, int alpha, int beta) {
  State& s = *s_;
  int best = -kInfinity;
  root_done_ = 0;
  for (std::size_t i = 0; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    s.apply(rm.move);
    const int child_team = s.is_terminal() ? root_player_ : team_of(s.to_move());
    int v;
    if (i == 0) {
      v = child_value(depth - 1, alpha, beta, 0, root_player_, child_team);
    } else {
      v = child_value(depth - 1, alpha, alpha + 1, 0, root_player_, child_team);
      if (v > alpha && v < beta && !aborted_) {
        v = child_value(depth - 1, alpha, beta, 0, root_player_, child_team);
      }
    }
    s.undo();
    if (aborted_) break;
    root_done_ = static_cast<int>(i) + 1;
    rm.score = i == 0 || v > alpha ? v : -kInfinity;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        iter_has_best_ = true;
        iter_best_ = rm.move;
        iter_score_ = v;
        std::rotate(root_moves_.begin(), root_moves_.begin() + i, root_moves_.begin() + i + 1);
      }
      if (alpha >= beta) break;
    }
  }
  return best;
}

// One multi-PV pass over the root (alphabeta.h): each move is searched against the `lines`-th
// best exact score found so far in this pass (a full window until there are that many), so the
// best `lines` moves get exact scores; the others fail low and are ranked below them. The root
// moves end sorted best first. Returns the best score.
template <class State>
int AlphaBeta<State>::search_root_multipv(int depth, int lines) {
  State& s = *s_;
  std::vector<int> exact;  // the exact scores of this pass, best first
  root_done_ = 0;
  for (std::size_t i = 0; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    const int alpha = static_cast<int>(exact.size()) >= lines ? exact[lines - 1] : -kInfinity;
    s.apply(rm.move);
    const int child_team = s.is_terminal() ? root_player_ : team_of(s.to_move());
    int v;
    if (alpha == -kInfinity) {
      v = child_value(depth - 1, -kInfinity, kInfinity, 0, root_player_, child_team);
    } else {
      v = child_value(depth - 1, alpha, alpha + 1, 0, root_player_, child_team);
      if (v > alpha && !aborted_) {
        v = child_value(depth - 1, alpha, kInfinity, 0, root_player_, child_team);
      }
    }
    s.undo();
    if (aborted_) return 0;
    root_done_ = static_cast<int>(i) + 1;
    rm.score = v > alpha ? v : -kInfinity;
    if (v > alpha)
      exact.insert(std::upper_bound(exact.begin(), exact.end(), v, std::greater<>()), v);
  }
  std::stable_sort(root_moves_.begin(), root_moves_.end(),
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
  return root_moves_[0].score;
}

template <class State>
int AlphaBeta<State>::search_node(int depth, int alpha, int beta, int ply, int team) {
  State& s = *s_;
  if (s.is_terminal()) return terminal_value(team, ply);
  if (depth <= 0) return quiesce(alpha, beta, ply, team, 0);
  ++nodes_;
  if (poll()) return 0;
  if (ply >= kMaxPly - 2) return evaluate(team);
  const bool pv_node = beta - alpha > 1;
  const uint64_t key = s.hash();
  Move tt_move{};
  bool has_tt_move = false;
  if (options_.use_tt) {
    TtEntry<Move> e;
    if (tt_->probe(key, e)) {
      has_tt_move = e.has_move;
      if (has_tt_move) tt_move = e.move;
      if (!pv_node && e.depth >= depth) {
        const int v = TranspositionTable<Move>::score_at(e, ply);
        if (e.bound == Bound::kExact || (e.bound == Bound::kLower && v >= beta) ||
            (e.bound == Bound::kUpper && v <= alpha)) {
          return v;
        }
      }
    }
  }
  MoveList& list = moves_[ply];
  Ai::search_moves(s, list);
  order_moves(list, ply, team, has_tt_move ? &tt_move : nullptr);
  const int orig_alpha = alpha;
  int best = -kInfinity;
  Move best_move{};
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move m = list[next_move(ply, i)];
    const bool reducible = order_[ply][i].first < (1 << 28);  // not TT, forcing or killer
    const bool quiet = !Ai::is_noisy(s, m);
    s.apply(m);
    const int child_team = s.is_terminal() ? team : team_of(s.to_move());
    int v;
    if (i == 0) {
      v = child_value(depth - 1, alpha, beta, ply, team, child_team);
    } else {
      constexpr Reductions lmr = Ai::kReductions;
      const int r = options_.reductions && reducible && depth >= lmr.min_depth &&
                            i >= static_cast<std::size_t>(lmr.from_move)
                        ? (i >= static_cast<std::size_t>(lmr.deep_from_move) ? 2 : 1)
                        : 0;
      v = child_value(depth - 1 - r, alpha, alpha + 1, ply, team, child_team);
      if (v > alpha && (r > 0 || v < beta) && !aborted_) {
        v = child_value(depth - 1, alpha, beta, ply, team, child_team);
      }
    }
    s.undo();
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) {
          if (quiet) {
            auto& k = killers_[ply];
            if (!(has_killer_[ply][0] && k[0] == m)) {
              k[1] = k[0];
              has_killer_[ply][1] = has_killer_[ply][0];
              k[0] = m;
              has_killer_[ply][0] = true;
            }
            int& h = history_[team < 0 ? 1 : team & 1][Ai::move_key(m) & (kHistorySize - 1)];
            h = std::min(h + depth * depth, 1 << 20);
          }
          break;
        }
      }
    }
  }
  if (options_.use_tt) {
    const Bound bound = best >= beta        ? Bound::kLower
                        : best > orig_alpha ? Bound::kExact
                                            : Bound::kUpper;
    tt_->store(key, depth, best, bound, ply, &best_move);
  }
  return best;
}

template <class State>
int AlphaBeta<State>::quiesce(int alpha, int beta, int ply, int team, int qdepth) {
  State& s = *s_;
  ++nodes_;
  if (poll()) return 0;
  const int stand = evaluate(team);
  if constexpr (!Ai::kQuiescence) {
    return stand;
  } else {
    if (!options_.quiescence || qdepth >= 8 || ply >= kMaxPly - 2 || stand >= beta) return stand;
    alpha = std::max(alpha, stand);
    int best = stand;
    MoveList& list = moves_[ply];
    Ai::search_moves(s, list);
    auto& order = order_[ply];
    order.clear();
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (Ai::is_noisy(s, list[i])) {
        order.emplace_back(Ai::move_hint(s, list[i]), static_cast<uint32_t>(i));
      }
    }
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Move m = moves_[ply][order_[ply][i].second];
      s.apply(m);
      int v;
      if (s.is_terminal()) {
        v = terminal_value(team, ply + 1);
      } else {
        const int child_team = team_of(s.to_move());
        v = child_team == team ? quiesce(alpha, beta, ply + 1, team, qdepth + 1)
                               : -quiesce(-beta, -alpha, ply + 1, child_team, qdepth + 1);
      }
      s.undo();
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
      }
    }
    return best;
  }
}

}  // namespace arbiter::ai
