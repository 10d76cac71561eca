#include "server/analysis/analysis_json.h"

#include <cmath>

#include "server/http/json_writer.h"

namespace arbiter::server {
namespace {

// Expected results to 4 decimals, as the review's JSON gives them.
double rounded(double v) { return std::round(v * 10000) / 10000; }

void write_expected(JsonWriter& w, const std::vector<double>& expected) {
  w.begin_array();
  for (double e : expected) w.value(rounded(e));
  w.end_array();
}

void write_status(JsonWriter& w, const ReviewState& s) {
  w.key("game").value(s.game_id);
  w.key("status").value(s.status ? store::to_text(*s.status) : std::string_view("none"));
  w.key("progress");
  if (s.status == store::ReviewStatus::kRunning && s.total > 0) {
    w.begin_object().key("done").value(s.done).key("total").value(s.total).end_object();
  } else {
    w.null();
  }
  w.key("requested_ms").value(s.requested_ms);
  w.key("finished_ms").value(s.finished_ms);
  w.key("error").value(s.error);
}

}  // namespace

std::string live_info_text(const LiveInfo& info) {
  return written(512 + 256 * info.lines.size(), [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("info");
    w.key("request").value(info.request);
    w.key("depth").value(info.depth);
    w.key("nodes").value(info.nodes);
    w.key("seconds").value(std::round(info.seconds * 1000) / 1000);
    w.key("to_move").value(info.to_move);
    w.key("expected");
    write_expected(w, info.expected);
    w.key("lines").begin_array();
    for (const LiveLine& l : info.lines) {
      w.begin_object();
      w.key("move").value(l.move);
      w.key("path").value(l.path);
      w.key("score").value(l.score);
      w.key("mate_in").value(l.mate_in);
      w.key("expected");
      write_expected(w, l.expected);
      w.key("pv").value(l.pv);
      w.end_object();
    }
    w.end_array();
    w.key("final").value(info.final);
    w.end_object();
  });
}

std::string live_error_text(uint64_t request, bool busy, std::string_view message) {
  return written(64 + message.size(), [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value(busy ? "busy" : "error");
    w.key("request").value(request);
    w.key("error").value(message);
    w.end_object();
  });
}

std::string review_state_text(const ReviewState& state) {
  return written(256 + state.report.size(), [&](JsonWriter& w) {
    w.begin_object();
    write_status(w, state);
    w.key("report");
    if (state.status == store::ReviewStatus::kDone && !state.report.empty()) {
      w.raw(state.report);
    } else {
      w.null();
    }
    w.end_object();
  });
}

std::string review_event_text(const ReviewState& state) {
  return written(256, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("review");
    write_status(w, state);
    w.end_object();
  });
}

}  // namespace arbiter::server
