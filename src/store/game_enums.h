// A served game's status and its seats' kinds, and their one spelling as text. The store writes
// that text in its columns and the API in its JSON (docs/api.md): both convert here, so no other
// file spells "playing" or "ai".
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <utility>

namespace arbiter::store {

enum class GameStatus { kPlaying, kFinished };

enum class SeatKind {
  kHuman,  // held by a token
  kAi,     // played by the server at its level
  kOpen,   // an unclaimed human seat: anyone with the invite link may take it
};

namespace detail {
inline constexpr std::array<std::pair<GameStatus, std::string_view>, 2> kStatusText = {{
    {GameStatus::kPlaying, "playing"},
    {GameStatus::kFinished, "finished"},
}};
inline constexpr std::array<std::pair<SeatKind, std::string_view>, 3> kSeatKindText = {{
    {SeatKind::kHuman, "human"},
    {SeatKind::kAi, "ai"},
    {SeatKind::kOpen, "open"},
}};

template <class Enum, std::size_t N>
constexpr std::string_view text_of(const std::array<std::pair<Enum, std::string_view>, N>& table,
                                   Enum value) {
  for (const auto& [e, text] : table) {
    if (e == value) return text;
  }
  return "?";  // unreachable: every enumerator is in its table
}

template <class Enum, std::size_t N>
constexpr std::optional<Enum> parse(const std::array<std::pair<Enum, std::string_view>, N>& table,
                                    std::string_view text) {
  for (const auto& [e, spelled] : table) {
    if (spelled == text) return e;
  }
  return std::nullopt;
}
}  // namespace detail

constexpr std::string_view to_text(GameStatus s) { return detail::text_of(detail::kStatusText, s); }
constexpr std::string_view to_text(SeatKind k) { return detail::text_of(detail::kSeatKindText, k); }

// nullopt for any other text (the caller says where it came from).
constexpr std::optional<GameStatus> parse_game_status(std::string_view text) {
  return detail::parse(detail::kStatusText, text);
}
constexpr std::optional<SeatKind> parse_seat_kind(std::string_view text) {
  return detail::parse(detail::kSeatKindText, text);
}

}  // namespace arbiter::store
