#include "worker/ai_move_rows.h"

#include <algorithm>

namespace arbiter::worker {

Result<AiMoveRows> ai_move_rows(const replay::StoredGame& g, std::string_view text,
                                int64_t now_ms) {
  const int seat = g.state->to_move();
  // Never before the row's own time: servers keep the newer of two copies by updated_ms.
  const int64_t now = std::max(now_ms, g.row.updated_ms);
  int64_t charged = std::max<int64_t>(0, now - g.turn_started_ms);
  if (g.clock_running()) {
    clocks::SeatClocks trial = g.clocks;
    auto charge = trial.charge_move(seat, g.turn_started_ms, now);
    if (!charge) return make_error("game " + g.row.id + ": " + charge.error());
    charged = *charge;
  } else if (g.clocks.control().limited()) {
    charged = 0;  // no clock runs while a seat is open
  }
  auto after = g.state->clone();
  if (Status st = after->apply(text); !st) {
    return make_error("game " + g.row.id + ": move " + std::string(text) + ": " + st.error());
  }
  AiMoveRows out;
  out.row = g.row;
  out.row.expected_updated_ms = g.row.updated_ms;
  out.row.seats[static_cast<std::size_t>(seat)].time_used_ms += charged;
  out.row.updated_ms = now;
  out.row.draw_offer = out.row.takeback_request = -1;  // offers go with the next move
  if (after->is_terminal()) {
    out.row.status = store::GameStatus::kFinished;
    out.row.result = after->result_text();
  }
  out.move = store::MoveRow{g.ply(), after->history().back(), seat, now, charged};
  if (!after->is_terminal()) {
    const int next = after->to_move();
    const store::SeatRow& next_seat = out.row.seats[static_cast<std::size_t>(next)];
    if (next_seat.kind == store::SeatKind::kAi) {
      out.next_job = store::AiJobRow{g.row.id, g.ply() + 1, next, next_seat.level, now, "", 0, 0};
    }
  }
  return out;
}

}  // namespace arbiter::worker
