#include "server/play/game_view.h"

#include "ai/levels.h"
#include "core/text.h"

namespace arbiter::server {
namespace {
constexpr char kLevelSeparator = ':';  // "ai:5"
}  // namespace

Result<SeatSpec> parse_seat_spec(std::string_view text) {
  SeatSpec seat;
  if (auto kind = store::parse_seat_kind(text); kind && *kind != store::SeatKind::kAi) {
    seat.kind = *kind;
    return seat;
  }
  const std::string ai_prefix = std::string(to_text(store::SeatKind::kAi)) + kLevelSeparator;
  if (text.starts_with(ai_prefix)) {
    auto level = parse_int(text.substr(ai_prefix.size()), ai::kMinLevel, ai::kMaxLevel, "level");
    if (!level) return make_error(level.error());
    seat.kind = store::SeatKind::kAi;
    seat.level = static_cast<int>(*level);
    return seat;
  }
  return make_error(std::string(kSeatSpecForms) + ", got " + quote(text));
}

std::string seat_spec_text(store::SeatKind kind, int level) {
  std::string out(to_text(kind));
  if (kind == store::SeatKind::kAi) out += kLevelSeparator + std::to_string(level);
  return out;
}

}  // namespace arbiter::server
