// Types shared by every search (alpha-beta, MCTS) and by the Engine: limits, progress reports,
// results, scores, and the Clock that turns limits into a stop decision.
//
// Scores are integers from the point of view of the player (or, for paranoid search, the team)
// to move: evaluations stay well inside ±kWinBound, a won game is kWin − plies to the win.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::ai {

inline constexpr int kWin = 1'000'000;
inline constexpr int kWinBound = kWin - 10'000;  // |score| above this: a proven result
inline constexpr int kInfinity = kWin + 1;
inline constexpr int kMaxPly = 128;

inline bool is_win_score(int score) { return score > kWinBound || score < -kWinBound; }

// What may end a search. Zero means "no limit" for each field; with none set, the search runs
// until stop() (or to kMaxPly). The clock fields are the mover's remaining time and increment.
struct SearchLimits {
  int depth = 0;
  uint64_t nodes = 0;
  double movetime = 0;  // seconds for this move
  double time_left = 0;
  double increment = 0;
  // Not a limit: how many root moves the search ranks with exact scores and lines (multi-PV).
  // 1 is the ordinary search (the best move only); more costs time.
  int multipv = 1;
};

// The number of plies to the end of a proven game from a score (kWin − plies, or its
// negation); 0 when the score is no proven result.
inline int proven_plies(int score) { return is_win_score(score) ? kWin - std::abs(score) : 0; }

// One ranked root move of a multi-PV report, in move text.
struct ProgressLine {
  int score = 0;
  int proven_plies = 0;  // plies to the end of a proven game (0: not proven)
  std::vector<std::string> pv;
};

// One report per finished iteration (and a final one): the terminal, the protocol and the web UI
// show these. `pv` holds move texts.
struct SearchProgress {
  int depth = 0;
  int score = 0;
  std::vector<std::string> pv;
  // Multi-PV (SearchLimits::multipv > 1): the ranked root moves, best first; empty otherwise.
  std::vector<ProgressLine> lines;
  uint64_t nodes = 0;
  double seconds = 0;
  double nps = 0;
};
using ProgressFn = std::function<void(const SearchProgress&)>;

// One ranked root move of a search: its score for the player to move, its line (starting with
// `move`), and the plies to the end of the game when the score is a proven result (0: not
// proven; the sign of `score` says who wins).
template <class Move>
struct RootLine {
  Move move{};
  int score = 0;
  std::vector<Move> pv;
  int proven_plies = 0;
};

// The outcome of a search over a concrete State.
template <class Move>
struct SearchResult {
  bool has_move = false;
  Move best{};
  int score = 0;
  int depth = 0;  // last completed iteration (MCTS: mean depth of the tree)
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
  // Multi-PV: the best SearchLimits::multipv root moves, best first, with exact scores. Left
  // empty by a search that ranks only its best move (the caller makes the one line from `best`).
  std::vector<RootLine<Move>> lines;
  // MCTS: each player's value at the root, on the score's scale (index = player), and the visits
  // of every root move. Empty for the other searches.
  std::vector<double> values;
  std::vector<std::pair<Move, uint64_t>> root_visits;
};

// Turns limits into a stop decision. Soft limit: do not start another iteration past it. Hard
// limit: abort the search. Time management for a clock: spend about 1/25 of what is left plus
// most of the increment, never more than a third of what is left.
class Clock {
 public:
  Clock(const SearchLimits& limits, const std::atomic<bool>* stop)
      : limits_(limits), stop_(stop), start_(std::chrono::steady_clock::now()) {
    if (limits.movetime > 0) {
      soft_ = hard_ = limits.movetime;
      soft_ *= 0.6;
    } else if (limits.time_left > 0) {
      const double budget = limits.time_left / 25 + limits.increment * 0.8;
      hard_ = std::min(budget * 2.5, limits.time_left / 3);
      soft_ = std::min(budget, hard_);
    }
  }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool timed() const { return hard_ > 0; }
  bool past_soft() const { return timed() && elapsed() >= soft_; }
  // Called every few dozen nodes: an external stop, the hard time limit or the node limit.
  bool should_stop(uint64_t nodes) const {
    if (stop_ && stop_->load(std::memory_order_relaxed)) return true;
    if (limits_.nodes && nodes >= limits_.nodes) return true;
    return timed() && elapsed() >= hard_;
  }
  const SearchLimits& limits() const { return limits_; }

 private:
  SearchLimits limits_;
  const std::atomic<bool>* stop_;
  std::chrono::steady_clock::time_point start_;
  double soft_ = 0;
  double hard_ = 0;
};

// Deterministic evaluation noise in [-amplitude, amplitude] for a position (levels use it to
// play weaker without losing determinism for a given seed).
inline int eval_noise(uint64_t hash, uint64_t seed, int amplitude) {
  if (amplitude <= 0) return 0;
  uint64_t z = hash ^ (seed * 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<int>(z % (2 * static_cast<uint64_t>(amplitude) + 1)) - amplitude;
}

}  // namespace arbiter::ai
