#include "games/traverse/geometry.h"

#include "core/text.h"

namespace arbiter::traverse {

std::string square_name(Square s) {
  if (s < 0 || s >= kSquares) return "--";
  return std::string(1, static_cast<char>('a' + col_of(s))) + std::to_string(row_of(s) + 1);
}

std::optional<Square> parse_square(std::string_view s) {
  if (s.size() < 2 || s.size() > 3) return std::nullopt;
  const char c = static_cast<char>(s[0] | 0x20);
  if (c < 'a' || c > 'j') return std::nullopt;
  int row = 0;
  for (char ch : s.substr(1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    row = row * 10 + (ch - '0');
  }
  if (s[1] == '0' || row < 1 || row > kSize) return std::nullopt;
  return make_square(row - 1, c - 'a');
}

std::string_view seat_name(int seat) {
  static constexpr std::string_view kNames[kSeats] = {"south", "west", "north", "east"};
  return kNames[seat];
}

std::optional<int> parse_seat(std::string_view s) {
  const std::string lower = to_lower(s);
  for (int seat = 0; seat < kSeats; ++seat) {
    if (lower == seat_name(seat) || (lower.size() == 1 && lower[0] == seat_letter(seat))) {
      return seat;
    }
  }
  return std::nullopt;
}

char seat_letter(int seat) { return "swne"[seat]; }
char kind_letter(int kind) { return "SDTC"[kind]; }

std::string_view kind_name(int kind) {
  static constexpr std::string_view kNames[kKinds] = {"square", "diamond", "triangle", "circle"};
  return kNames[kind];
}

std::string_view seat_colour(int seat) {
  static constexpr std::string_view kColours[kSeats] = {"green", "pink", "orange", "yellow"};
  return kColours[seat];
}

}  // namespace arbiter::traverse
