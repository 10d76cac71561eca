// Fuzzes a game WebSocket's client messages (server/play/game_client_message.h): any text frame
// reads to a ping, a hello with its seat token, or a move with its text (token and ply as sent),
// each agreeing with the frame's JSON; anything else is a one-line 400 whose answer frame is
// well-formed JSON; never a crash.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "server/http/api_json.h"
#include "server/play/game_client_message.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter::server;
  using nlohmann::json;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto message = parse_game_client_message(text);
  if (!message) {
    const std::string& error = message.error().message;
    if (error.empty() || error.find_first_of("\r\n") != std::string::npos) std::abort();
    if (message.error().status != 400) std::abort();
    const json frame = json::parse(ws_error_text(error), nullptr, false);
    if (frame.is_discarded() || frame["type"] != "error" || !frame["error"].is_string()) {
      std::abort();
    }
    return 0;
  }
  // Read: the frame is an object whose fields say the same.
  const json parsed = json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) std::abort();
  const std::string type = parsed.value("type", json()).is_string() ? parsed["type"] : json("");
  switch (message->kind) {
    case GameClientMessage::Kind::kPing:
      if (type != "ping") std::abort();
      break;
    case GameClientMessage::Kind::kHello:
      if (type != "hello" || !message->token || parsed["token"] != *message->token) std::abort();
      break;
    case GameClientMessage::Kind::kMove:
      if (type != "move" || parsed["move"] != message->move) std::abort();
      if (message->token.has_value() != (parsed.contains("token") && !parsed["token"].is_null())) {
        std::abort();
      }
      if (message->ply && parsed["ply"] != *message->ply) std::abort();
      break;
  }
  return 0;
}
