// The puzzle test on one search's result (puzzle.h states the rules): whether the best move keeps
// a decisive advantage for the mover and the second best does not. A pure function of the
// multi-PV lines, so the finder's decisions can be checked without searching.
#pragma once

#include <optional>
#include <string>

#include "engine/searcher.h"
#include "engine/win_probability.h"

namespace arbiter::engine::puzzles {

struct Judgement {
  bool decisive = false;  // the best move keeps a decisive advantage
  bool only = false;      // ... and no other move does (a puzzle position)
  std::string move;       // the best move, "" when the search found none
  double best_expected = 0;
  double second_expected = 0;  // 0 when there is no second move
  std::optional<int> win_in;   // the best line's proven win, in the mover's moves
};

// Whether `line` (a multi-PV line of the mover) keeps a decisive advantage: a proven win, or an
// expected result of kDecisiveExpected or more.
bool keeps_decisive_advantage(const PvLine& line, const WinModel& model);

// The test on a search with multi-PV 2 (or more) of the mover's position.
Judgement judge(const EngineResult& result, const WinModel& model);

}  // namespace arbiter::engine::puzzles
