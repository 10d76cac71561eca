#include "clocks/time_control.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <optional>

namespace arbiter::clocks {
namespace {

// A non-negative decimal ("3", "0.25", "1.5") as thousandths; nullopt for anything else.
std::optional<int64_t> parse_thousandths(std::string_view text) {
  if (text.empty() || text.size() > 12) return std::nullopt;
  int64_t whole = 0, fraction = 0, scale = 1000;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != '.'; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    whole = whole * 10 + (text[i] - '0');
  }
  if (i == 0) return std::nullopt;
  if (i < text.size()) {
    if (++i == text.size()) return std::nullopt;  // "3."
    for (; i < text.size(); ++i) {
      if (text[i] < '0' || text[i] > '9' || scale == 1) return std::nullopt;
      scale /= 10;
      fraction += (text[i] - '0') * scale;
    }
  }
  return whole * 1000 + fraction;
}

// Thousandths written back the shortest way: 250 -> "0.25", 3000 -> "3".
std::string decimal(int64_t thousandths) {
  std::string text = std::to_string(thousandths / 1000);
  if (int64_t f = thousandths % 1000; f != 0) {
    char buf[8];
    std::snprintf(buf, sizeof buf, ".%03lld", static_cast<long long>(f));
    std::string frac = buf;
    while (frac.back() == '0') frac.pop_back();
    text += frac;
  }
  return text;
}

}  // namespace

Result<TimeControl> TimeControl::parse(std::string_view text) {
  const std::string quoted = "time control '" + std::string(text) + "'";
  TimeControl tc;
  if (text.empty() || text == "none") return tc;
  if (text.starts_with("corr:")) {
    const std::string_view days = text.substr(5);
    int value = 0;
    auto [end, ec] = std::from_chars(days.data(), days.data() + days.size(), value);
    if (days.empty() || ec != std::errc() || end != days.data() + days.size() || value < 1 ||
        value > kMaxCorrespondenceDays) {
      return make_error(quoted + ": corr:D takes D whole days per move, 1-" +
                        std::to_string(kMaxCorrespondenceDays));
    }
    tc.kind = Kind::kCorrespondence;
    tc.per_move_ms = int64_t{value} * 24 * 3600 * 1000;
    return tc;
  }
  const auto plus = text.find('+');
  if (plus == std::string_view::npos) {
    return make_error(quoted + ": expected none, MINUTES+INCREMENT (3+2, 0.25+0) or corr:DAYS");
  }
  const auto minutes = parse_thousandths(text.substr(0, plus));
  const auto increment = parse_thousandths(text.substr(plus + 1));
  if (!minutes || !increment) {
    return make_error(quoted + ": minutes and increment are numbers like 3, 0.5 or 2");
  }
  tc.kind = Kind::kRealTime;
  tc.initial_ms = *minutes * 60;  // thousandths of a minute are 60 ms each
  tc.increment_ms = *increment;   // thousandths of a second are ms
  if (tc.initial_ms == 0 && tc.increment_ms == 0) {
    return make_error(quoted + ": a real-time control needs some time (0+0 has none)");
  }
  if (tc.initial_ms > kMaxRealTimeMs) return make_error(quoted + ": at most 180 minutes");
  if (tc.increment_ms > kMaxIncrementMs) return make_error(quoted + ": at most 180 s increment");
  if (tc.initial_ms == 0 && tc.increment_ms < 1000) {
    return make_error(quoted + ": with no starting time the increment must be 1 s or more");
  }
  return tc;
}

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::kNone:
      return "none";
    case Kind::kCorrespondence:
      return "corr:" + std::to_string(per_move_ms / (24 * 3600 * 1000));
    case Kind::kRealTime:
      return decimal(initial_ms / 60) + "+" + decimal(increment_ms);
  }
  return "none";
}

std::string_view TimeControl::speed() const {
  switch (kind) {
    case Kind::kRealTime:
      return "real time";
    case Kind::kCorrespondence:
      return "correspondence";
    case Kind::kNone:
      break;
  }
  return "";
}

SeatClocks::SeatClocks(const TimeControl& control, int seats)
    : control_(control),
      banked_(static_cast<std::size_t>(seats), control.kind == TimeControl::Kind::kCorrespondence
                                                   ? control.per_move_ms
                                                   : control.initial_ms) {}

int64_t SeatClocks::remaining_ms(int seat, int64_t turn_started_ms, int64_t now_ms) const {
  if (!control_.limited()) return 0;
  return banked_ms(seat) - std::max<int64_t>(0, now_ms - turn_started_ms);
}

int64_t SeatClocks::flag_at_ms(int seat, int64_t turn_started_ms) const {
  if (!control_.limited()) return INT64_MAX;
  return turn_started_ms + banked_ms(seat) + kLagAllowanceMs;
}

Result<int64_t> SeatClocks::charge_move(int seat, int64_t turn_started_ms, int64_t now_ms) {
  const int64_t elapsed = std::max<int64_t>(0, now_ms - turn_started_ms);
  const int64_t charged = std::max<int64_t>(0, elapsed - kLagAllowanceMs);
  if (!control_.limited()) return elapsed;
  if (now_ms >= flag_at_ms(seat, turn_started_ms)) {
    return make_error("time is up: the move came " +
                      std::to_string(now_ms - turn_started_ms - banked_ms(seat)) +
                      " ms after the clock ran out");
  }
  int64_t& bank = banked_[static_cast<std::size_t>(seat)];
  if (control_.kind == TimeControl::Kind::kCorrespondence) {
    bank = control_.per_move_ms;
  } else {
    bank = std::max<int64_t>(0, bank - charged) + control_.increment_ms;
  }
  return charged;
}

}  // namespace arbiter::clocks
