// What a client sends on the analysis WebSocket (/api/analysis/ws, docs/api.md "Analysis
// WebSocket"), read apart from the socket and the analysis API so that it is tested and fuzzed
// as a function:
//
//   {"type": "ping"}                  answered {"type": "pong"}
//   {"type": "stop"}                  stops the socket's analysis
//   {"type": "review", "id": GAME}    tells the socket of a stored game's review
//   {"type": "analyse", "request": N, "lines"?: L, "tokens"?: [...], ...a line (analysis_line.h)}
//
// Other keys are ignored. Reading checks the fields' types and bounds; it neither looks a game
// up nor replays a line (resolve_line() does, later).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "server/analysis/analysis_line.h"
#include "server/play/outcome.h"

namespace arbiter::server {

inline constexpr int kDefaultLiveLines = 3;                   // "lines" when absent
inline constexpr int64_t kMaxLiveRequest = int64_t{1} << 52;  // "request": exact in a double
inline constexpr std::size_t kMaxLiveTokens = 16;

struct AnalysisClientMessage {
  enum class Type { ping, stop, review, analyse };
  Type type = Type::ping;
  std::string review_id;  // review: a valid game id (tokens.h)
  // analyse: the client's number for it (0..kMaxLiveRequest), in every message about it; the
  // multi-PV lines wanted (1..the server's most); the seat tokens the client holds (at most
  // kMaxLiveTokens; read for older pages, no longer needed: a game being played is analysed by
  // no one); the line whose end is analysed.
  uint64_t request = 0;
  int lines = kDefaultLiveLines;
  std::vector<std::string> tokens;
  LineRequest line;
};

// A message that does not read: its one-line reason, and the analyse message's request number
// once that was read (the error is then that request's: live_error_text()).
struct AnalysisMessageError {
  std::string message;
  std::optional<uint64_t> request;
};

// The message in one text frame; `max_lines` bounds an analyse message's "lines".
Expected<AnalysisClientMessage, AnalysisMessageError> parse_analysis_client_message(
    std::string_view text, int max_lines);

// A field that is an array of at most `limit` strings; absent or null for none. 400 naming the
// field otherwise. (Also the legal endpoint's "clicks".)
Outcome<std::vector<std::string>> strings_field(const nlohmann::json& body, const char* key,
                                                std::size_t limit);

}  // namespace arbiter::server
