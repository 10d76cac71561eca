// What a move costs its seat's clock on the server (docs/online.md): the time charged, or that
// the seat's time was up when the move came, as a typed outcome rather than a text to search.
#pragma once

#include <cstdint>
#include <string>

#include "server/play/live_game.h"

namespace arbiter::server {

struct MoveCharge {
  enum class Clock {
    kCharged,  // the move is in time: charged_ms is its charge
    kTimeUp,   // the seat had flagged: the move is refused and the game ends on time
  };
  Clock clock = Clock::kCharged;
  int64_t charged_ms = 0;
  // kTimeUp: "time is up: the move came N ms after the clock ran out" (clocks::SeatClocks).
  std::string time_up;
};

// The charge of a move by `seat` of `g` (under its lock) reaching the server at `now_ms`: the
// time since the turn started, less the lag allowance while a clock runs; 0 in a limited game
// whose clock does not run yet (a seat open); `g`'s clocks are left as they are.
MoveCharge charge_for_move(const LiveGame& g, int seat, int64_t now_ms);

}  // namespace arbiter::server
