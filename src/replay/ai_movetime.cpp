#include "replay/ai_movetime.h"

#include <algorithm>

namespace arbiter::replay {

double ai_movetime(const StoredGame& g, double limit, int64_t now_ms) {
  if (!g.clock_running()) return limit;
  const clocks::TimeControl& tc = g.clocks.control();
  const int seat = g.state->to_move();
  const int64_t left = std::max<int64_t>(0, g.clocks.remaining_ms(seat, g.turn_started_ms, now_ms));
  // The AI manages its own clock and does not flag under normal load.
  const int64_t budget = std::min(left / 30 + tc.increment_ms, left / 2);
  return std::min(limit, std::max(kMinAiMovetime, static_cast<double>(budget) / 1000.0));
}

}  // namespace arbiter::replay
