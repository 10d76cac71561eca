#include "server/lobby/lobby_client_message.h"

#include <nlohmann/json.hpp>
#include <string>

#include "core/text.h"
#include "server/http/json_body.h"

namespace arbiter::server {

Outcome<LobbyClientMessage> parse_lobby_client_message(std::string_view text) {
  auto message = parse_json(text);
  if (!message) return message.error();
  if (!message->is_object()) return bad_request("a message must be a JSON object");
  std::string type;
  if (auto it = message->find("type"); it != message->end() && !it->is_null()) {
    if (!it->is_string()) return bad_request("type: expected a string");
    type = it->get<std::string>();
  }
  if (type != "ping") return bad_request("type: the lobby takes only ping, got " + quote(type));
  return LobbyClientMessage::ping;
}

}  // namespace arbiter::server
