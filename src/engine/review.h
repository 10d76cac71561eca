// Game review: every position of a game searched, and every move judged, for whoever played
// it, by the drop in that player's expected result (win_probability.h) from the best move the
// search found to the move played (docs/analysis.md). `arbiter analyse` prints it as an
// annotated record or as JSON.
//
// The value of the move played is, in order of preference: the search's own (the move is its
// best, or one of its multi-PV lines), the result of the game when the move ended it, or what
// the search of the next position leaves the mover: the next player's expected result from its
// score is taken out of the one point the players share, and the rest split evenly among the
// others (with 2 players simply 1 − it). Positions are searched independently
// (fresh tables each), several at once with `threads`, so with a node limit the review is
// deterministic whatever the number of threads.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/levels.h"
#include "core/result.h"
#include "engine/searcher.h"
#include "engine/win_probability.h"
#include "games/game.h"

namespace arbiter::engine {

enum class Verdict { kBest, kGood, kInaccuracy, kMistake, kBlunder };
inline constexpr int kVerdicts = 5;
std::string_view verdict_name(Verdict v);  // "best", "good", "inaccuracy", "mistake", "blunder"

// The thresholds on the drop in the mover's expected result (0..1): at least kInaccuracyDrop is
// an inaccuracy, kMistakeDrop a mistake, kBlunderDrop a blunder; below, a move is good, and best
// when it is the search's choice or scores as well.
inline constexpr double kInaccuracyDrop = 0.05;
inline constexpr double kMistakeDrop = 0.10;
inline constexpr double kBlunderDrop = 0.20;
Verdict verdict_for(bool best, double drop);

struct MoveReview {
  int ply = 0;     // 1 for the first move of the record
  int player = 0;  // who played it
  std::string move;
  Verdict verdict = Verdict::kBest;
  double expected_best = 0;              // the mover's expected result after the best move
  double expected_played = 0;            // after the move played
  double drop = 0;                       // expected_best − expected_played, never below 0
  const EngineResult* search = nullptr;  // of the position before the move (best move, line)
};

struct ReviewOptions {
  ai::Recipe recipe;        // run with one search thread per position
  ai::SearchLimits limits;  // for each position
  int threads = 1;          // positions searched at once
  // Called after each position, from the thread that searched it, one call at a time.
  std::function<void(int done, int total)> progress;
  // Raised by another thread to abandon the review: the searches under way end within a few
  // milliseconds, no other starts, and review_game returns an error. nullptr: never.
  const std::atomic<bool>* stop = nullptr;
};

struct GameReview {
  std::unique_ptr<GameState> start;
  std::vector<EngineResult> positions;  // one per position, the start first; empty when finished
  std::vector<MoveReview> moves;
  WinModel model;
  std::string result;           // the final position's result line, "*" when unfinished
  std::vector<double> returns;  // the final position's returns (GameState::returns)
  // Every player's expected result in each position, the start first and the final last
  // (expected_results()): the curves of an evaluation graph.
  std::vector<std::vector<double>> expected;
  std::vector<int> to_move;  // the player to move in each position, -1 once finished
};

// Every player's expected result when `mover` expects `mine`: the rest of the one point the
// players share goes evenly to the others (with 2 players simply 1 − it), as the review values
// a move from the next position's search.
std::vector<double> expected_split(int players, int mover, double mine);
// Every player's expected result in `position` as the search `r` of it sees it: a finished
// position's result (1 a win, ½ a draw, 0 a loss), else expected_split() of the mover's
// expected result from the search's score.
std::vector<double> expected_results(const WinModel& model, const GameState& position,
                                     const EngineResult& r);

// Reviews the moves that lead from `start` to `final` (final's history continues start's). An
// error when the game has no win-probability model or the recipe does not search.
Result<GameReview> review_game(const GameState& start, const GameState& final,
                               const ReviewOptions& options);

// One move's judgement as a record comment: "mistake -0.12 (0.56 -> 0.44); better e1-c3: e1-c3
// f10-d8 b1-b3".
std::string review_comment(const MoveReview& m);
// The game's comment: the settings, then each player's count of every verdict and mean drop.
std::string review_summary(const GameState& start, const GameReview& review,
                           std::string_view settings);
// The review as JSON (docs/analysis.md), indented by `indent` spaces (-1: on one line).
std::string review_json(const GameReview& review, std::string_view settings, int indent = 2);

}  // namespace arbiter::engine
