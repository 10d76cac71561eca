// A stored game replayed by the rules core: its row, its start and current positions, who moved
// each ply and the time it was charged, and every seat's clock derived from those. What both the
// server (server/play/live_game.h, which adds watchers, presence and caches) and `arbiter worker`
// (worker/) hold of a game, so a game read from the store means the same to both.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "clocks/time_control.h"
#include "core/result.h"
#include "games/game.h"
#include "store/store.h"

namespace arbiter::replay {

// What is remembered of each ply beyond its text.
struct PlyInfo {
  int seat = 0;            // the player who moved
  int64_t elapsed_ms = 0;  // the time charged to them (given back by an undo)
};

struct StoredGame {
  store::GameRow row;
  std::unique_ptr<GameState> start;  // the position before the first move
  std::unique_ptr<GameState> state;  // after every move
  std::vector<PlyInfo> plies;        // one per move played
  int64_t turn_started_ms = 0;  // when the player to move got the turn: their clock runs from it
  // Every seat's clock under row.time_control, derived from the stored moves: each move's
  // charged time (PlyInfo::elapsed_ms) and increment, so no column holds a bank.
  clocks::SeatClocks clocks{clocks::TimeControl{}, 0};

  int ply() const { return static_cast<int>(state->history().size()); }
  bool playing() const { return row.status == store::GameStatus::kPlaying; }
  // Whether the seat to move's clock runs: a limited control, the game playing and every seat
  // taken (no clock runs while a seat is open).
  bool clock_running() const;
  // When the seat to move flags (its time plus the lag allowance); INT64_MAX when no clock runs.
  int64_t flag_at_ms() const;
};

// Replays a stored row and its moves into `into` with the rules core; an error names what does
// not replay (a move, the seat count, an AI level out of range, the time control).
// A resignation stored before the resigned seat was a column (schema 1, sqlite_schema.cpp) is
// named only by its result text: for a finished game that did not end on the board and names no
// resigned seat, the seat is read from that text, here and nowhere else.
Status replay_stored(StoredGame& into, const store::GameRow& row,
                     const std::vector<store::MoveRow>& moves);

// Credits a stored move to its seat's clock: its charged time off the bank and the increment
// added (real time), the bank reset (correspondence). Used live and when replaying, so a bank
// after a restart is the bank before it.
void credit_move(clocks::SeatClocks& clocks, int seat, int64_t charged_ms);
// Every seat's clock under the row's time control after the moves `plies`.
clocks::SeatClocks clocks_after(const clocks::TimeControl& control, int seats,
                                const std::vector<PlyInfo>& plies);

// The result text of a resignation.
std::string resigned_text(const GameState& state, int player);

}  // namespace arbiter::replay
