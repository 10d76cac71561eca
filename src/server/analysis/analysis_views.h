// What the analysis answers with, as plain data (like game_view.h): a live analysis's report
// and a review's state. analysis_json.h writes them as the JSON of docs/api.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/review_rows.h"

namespace arbiter::server {

// One ranked move of a live analysis.
struct LiveLine {
  std::string move;
  std::vector<std::string> path;  // the cells the move passes through, for drawing an arrow
  int score = 0;                  // for the player to move, on the search's scale
  std::optional<int> mate_in;     // a proven result (engine/searcher.h PvLine)
  std::vector<double> expected;   // each player's expected result after it (0..1); empty
                                  // when the game has no win-probability model
  std::vector<std::string> pv;    // the line, starting with `move`
};

// A live analysis's report on its position: after an iteration, and a final one.
struct LiveInfo {
  uint64_t request = 0;  // the client's number for the position
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  int to_move = -1;              // -1: the position is finished
  std::vector<double> expected;  // each player's: the best line's, or a finished game's result
  std::vector<LiveLine> lines;   // best first; none once finished
  bool final = false;            // the search has ended by itself: no more reports
};

// A game's review as the API shows it.
struct ReviewState {
  std::string game_id;
  std::optional<store::ReviewStatus> status;  // nullopt: none was asked for
  int done = 0, total = 0;  // positions searched, while it runs on this server (else 0, 0)
  int64_t requested_ms = 0;
  int64_t finished_ms = 0;
  std::string error;   // failed: why
  std::string report;  // done: the review's JSON (engine/review.h review_json)
};

}  // namespace arbiter::server
