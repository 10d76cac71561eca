// What a client may send on the lobby WebSocket (/api/lobby/ws, docs/api.md "Lobby WebSocket"),
// read apart from the socket so that it is tested and fuzzed as a function: only a ping,
// `{"type": "ping"}` (other keys are ignored), which is answered `{"type": "pong"}`.
#pragma once

#include <string_view>

#include "server/play/outcome.h"

namespace arbiter::server {

enum class LobbyClientMessage { ping };

// The message in one text frame, or a 400 whose one-line message says what is wrong: malformed
// JSON, not an object, a "type" that is not a string, or any type but "ping".
Outcome<LobbyClientMessage> parse_lobby_client_message(std::string_view text);

}  // namespace arbiter::server
