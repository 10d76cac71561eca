// The analysis's JSON (docs/api.md "Analysis"), written with the server's one JSON writer
// (json_writer.h): live analysis messages on the analysis WebSocket, and a review's state. The
// review's report itself is engine/review.h's review_json(), passed through as it is.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/analysis/analysis_views.h"

namespace arbiter::server {

// {"type": "info", "request", "depth", "nodes", "seconds", "to_move", "expected", "lines",
// "final"}
std::string live_info_text(const LiveInfo& info);
// {"type": "error" or "busy", "request", "error": message}
std::string live_error_text(uint64_t request, bool busy, std::string_view message);
// GET/POST /api/games/{id}/review: {"game", "status", "progress", "requested_ms",
// "finished_ms", "error", "report"}
std::string review_state_text(const ReviewState& state);
// The analysis WebSocket's {"type": "review", "game", "status", "progress", "error"}: the
// state without its report.
std::string review_event_text(const ReviewState& state);

}  // namespace arbiter::server
