#include "records/seat_tag.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace arbiter {
namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

}  // namespace

std::string ai_seat_tag(std::string_view spec) {
  spec = trim(spec);
  std::string_view level = spec;
  if (level.starts_with("level=")) level.remove_prefix(6);
  if (all_digits(level)) return "ai:" + std::to_string(std::stoi(std::string(level)));
  return "ai:" + std::string(spec);
}

std::string canonical_seat_tag(std::string_view value) {
  const std::string_view v = trim(value);
  if (v == "human" || v == "open") return std::string(v);
  if (v.starts_with("ai:")) return ai_seat_tag(v.substr(3));
  // A bare player spec, as `match` wrote it.
  if (v == "random" || v.find('=') != std::string_view::npos) return ai_seat_tag(v);
  return std::string(value);
}

bool is_seat_tag(std::string_view name) { return name.starts_with("Seat.") && name.size() > 5; }

}  // namespace arbiter
