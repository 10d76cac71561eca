// What a client may send on a game's WebSocket (/api/games/{id}/ws, docs/api.md), read apart
// from the socket so that it is tested and fuzzed as a function:
//   {"type": "ping"}                                   answered {"type": "pong"}
//   {"type": "hello", "token": T}                      the socket holds seat token T (presence)
//   {"type": "move", "move": M, "token": T, "ply": N}  a move; token and ply optional
// Other keys are ignored. A token must be a seat token (hex; a session token is refused).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/play/outcome.h"

namespace arbiter::server {

struct GameClientMessage {
  enum class Kind { kPing, kHello, kMove };
  Kind kind = Kind::kPing;
  std::optional<std::string> token;  // hello: always set; move: when sent
  std::string move;                  // move: the move's text as sent
  std::optional<int> ply;            // move: the ply it is meant for, when sent
};

// The message in one text frame, or a 400 whose one-line message says what is wrong: malformed
// JSON, not an object, a field of the wrong kind, a missing move or hello token, an account
// token, or an unknown type.
Outcome<GameClientMessage> parse_game_client_message(std::string_view text);

}  // namespace arbiter::server
