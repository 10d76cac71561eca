// Fuzzes the lobby WebSocket's client messages (server/lobby/lobby_client_message.h): any text
// frame is a ping, exactly when it is a JSON object whose "type" is "ping", or a one-line error
// whose answer frame is well-formed JSON; never a crash.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "server/http/api_json.h"
#include "server/lobby/lobby_client_message.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter::server;
  using nlohmann::json;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto message = parse_lobby_client_message(text);
  const json parsed = json::parse(text, nullptr, false);
  const bool is_ping = !parsed.is_discarded() && parsed.is_object() && parsed.contains("type") &&
                       parsed["type"] == "ping";
  if (message.ok() != is_ping) std::abort();
  if (message) return 0;
  const std::string& error = message.error().message;
  if (error.empty() || error.find_first_of("\r\n") != std::string::npos) std::abort();
  if (message.error().status != 400) std::abort();
  const json frame = json::parse(ws_error_text(error), nullptr, false);
  if (frame.is_discarded() || frame["type"] != "error" || !frame["error"].is_string()) std::abort();
  return 0;
}
