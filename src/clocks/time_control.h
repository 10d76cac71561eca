// Time controls and the clocks they give each seat, as pure functions of times the caller
// supplies (the server's clock, or a test's), so that flags are decided the same way live, after
// a restart and in tests.
//
//   none       no limit; the clocks only count (the default)
//   M+I        real time: M minutes each (fractions allowed: 0.25+0 is 15 s), I seconds added
//              after each move (Fischer increment)
//   corr:D     correspondence: D days for each move, reset after every move
//
// Lag: a move is charged the time from the turn's start to its arrival at the server, less up
// to kLagAllowanceMs for its trip over the network; so a seat flags kLagAllowanceMs after its
// time runs out, and a move that arrives by then is played (docs/online.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace arbiter::clocks {

inline constexpr int64_t kLagAllowanceMs = 250;
inline constexpr int64_t kMaxRealTimeMs = 180LL * 60 * 1000;  // 180 minutes
inline constexpr int64_t kMaxIncrementMs = 180LL * 1000;      // 180 seconds
inline constexpr int kMaxCorrespondenceDays = 14;

struct TimeControl {
  enum class Kind { kNone, kRealTime, kCorrespondence };
  Kind kind = Kind::kNone;
  int64_t initial_ms = 0;    // real time: each seat's starting time
  int64_t increment_ms = 0;  // real time: added after each of the seat's moves
  int64_t per_move_ms = 0;   // correspondence: the time for each move

  // "none", "3+2", "0.25+0", "corr:3"; the error says what is wrong with `text`.
  static Result<TimeControl> parse(std::string_view text);
  // The canonical text (parse(text()) gives back the same control).
  std::string text() const;
  bool limited() const { return kind != Kind::kNone; }
  // "real time" or "correspondence" (rating pools); "" when unlimited.
  std::string_view speed() const;
  bool operator==(const TimeControl&) const = default;
};

// Every seat's clock in one game. The seat to move has `turn_started_ms`; the others are stopped.
class SeatClocks {
 public:
  SeatClocks(const TimeControl& control, int seats);

  const TimeControl& control() const { return control_; }
  // The time a seat had left when its last turn ended (or its start time); for the seat to move,
  // see remaining_ms().
  int64_t banked_ms(int seat) const { return banked_[static_cast<std::size_t>(seat)]; }
  void set_banked_ms(int seat, int64_t ms) { banked_[static_cast<std::size_t>(seat)] = ms; }

  // The time `seat`, to move since `turn_started_ms`, has left at `now_ms` (negative once its
  // time is over; lag not counted). Unlimited controls: 0.
  int64_t remaining_ms(int seat, int64_t turn_started_ms, int64_t now_ms) const;
  // When `seat`, to move since `turn_started_ms`, flags: its time plus the lag allowance.
  // INT64_MAX when unlimited.
  int64_t flag_at_ms(int seat, int64_t turn_started_ms) const;

  // A move by `seat` that reached the server at `now_ms`, its turn having started at
  // `turn_started_ms`: the time it is charged (elapsed less the lag allowance, never negative),
  // or an error when the seat had already flagged. On success the seat's bank is updated
  // (increment added; correspondence: reset).
  Result<int64_t> charge_move(int seat, int64_t turn_started_ms, int64_t now_ms);

 private:
  TimeControl control_;
  std::vector<int64_t> banked_;
};

}  // namespace arbiter::clocks
