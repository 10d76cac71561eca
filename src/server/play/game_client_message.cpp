#include "server/play/game_client_message.h"

#include <nlohmann/json.hpp>

#include "core/text.h"
#include "server/http/json_body.h"

namespace arbiter::server {

Outcome<GameClientMessage> parse_game_client_message(std::string_view text) {
  auto message = parse_json(text);
  if (!message) return message.error();
  if (!message->is_object()) return bad_request("a message must be a JSON object");
  auto type = string_field(*message, "type");
  if (!type) return type.error();
  const std::string kind = type->value_or("");
  GameClientMessage out;
  if (kind == "ping") return out;
  if (kind != "move" && kind != "hello") {
    return bad_request("type: expected move, hello or ping, got " + quote(kind));
  }
  auto token = string_field(*message, "token");
  if (!token) return token.error();
  // Seat tokens are hex (accounts/tokens.h): one with a ':' is some other credential.
  if (*token && (*token)->find(':') != std::string::npos) {
    return bad_request("token: not a seat token");
  }
  out.token = std::move(*token);
  if (kind == "hello") {
    if (!out.token) return bad_request("token: missing");
    out.kind = GameClientMessage::Kind::kHello;
    return out;
  }
  auto move = string_field(*message, "move");
  if (!move) return move.error();
  if (!*move) return bad_request("move: missing");
  auto ply = int_field(*message, "ply");
  if (!ply) return ply.error();
  out.kind = GameClientMessage::Kind::kMove;
  out.move = std::move(**move);
  out.ply = *ply;
  return out;
}

}  // namespace arbiter::server
