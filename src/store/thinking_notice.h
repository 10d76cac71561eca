// An AI worker's search progress as a notice (docs/deploy.md "AI workers"): a worker searching
// a game's AI turn sends it a few times a second on its own channel (NOTIFY arbiter_thinking);
// every server holding the game relays it to the game's watchers as a search of its own would be
// (WebSocket `thinking`, docs/api.md). Nothing is stored: a notice no server hears is lost, and
// the move arrives as any other.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::store {

inline constexpr const char* kThinkingChannel = "arbiter_thinking";
// The longest notice written: PostgreSQL refuses a payload of 8000 bytes or more.
inline constexpr std::size_t kMaxThinkingNoticeBytes = 7000;

struct ThinkingNotice {
  std::string game_id;
  int ply = 0;   // the turn searched: the moves stored when it began
  int seat = 0;  // the AI seat to move
  int depth = 0;
  int score = 0;  // for the seat to move
  uint64_t nodes = 0;
  int64_t nps = 0;
  std::vector<std::string> pv;  // the line the search considers best, its moves' texts
};

// The notice as JSON, at most kMaxThinkingNoticeBytes: a long line loses its last moves.
std::string write_thinking_notice(const ThinkingNotice& notice);
// What write_thinking_notice wrote; nullopt for anything else (a notice is never trusted to be
// well formed: any process on the database may send on the channel).
std::optional<ThinkingNotice> read_thinking_notice(std::string_view text);

}  // namespace arbiter::store
