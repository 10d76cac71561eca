#include "server/play/move_charge.h"

#include <algorithm>

namespace arbiter::server {

MoveCharge charge_for_move(const LiveGame& g, int seat, int64_t now_ms) {
  MoveCharge out;
  out.charged_ms = std::max<int64_t>(0, now_ms - g.turn_started_ms);
  if (g.clock_running()) {
    auto trial = g.clocks;
    auto charge = trial.charge_move(seat, g.turn_started_ms, now_ms);
    // SeatClocks::charge_move refuses a move for one reason only: the seat's flag had fallen.
    if (!charge) {
      out.clock = MoveCharge::Clock::kTimeUp;
      out.time_up = charge.error();
      return out;
    }
    out.charged_ms = *charge;
  } else if (g.clocks.control().limited()) {
    out.charged_ms = 0;  // no clock runs while a seat is open
  }
  return out;
}

}  // namespace arbiter::server
