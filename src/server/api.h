// The HTTP API of docs/api.md as a function: a request (method, target, body, bearer, address)
// in, a response (status, body) out, with no socket in sight. The transport (http_session.cpp)
// and the request fuzzer call it; WebSocket messages come through handle_ws_message().
//
// Routes are a table of small handlers (api.cpp). Every failure is `{"error": "..."}` with its
// 4xx/5xx status, and a failed request changes nothing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "server/hub.h"
#include "server/rate_limiter.h"

namespace arbiter::server {

inline constexpr std::size_t kMaxBody = 64 * 1024;

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query: "/api/games?open=1"
  std::string body;
  std::string authorization;  // the Authorization header, "" when absent
  std::string remote;         // the client's address (rate limit key)
};

struct Response {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  std::string disposition;  // Content-Disposition, "" for none
};

class Api {
 public:
  // `rate_limit`: requests per second per address (burst twice that); 0 turns it off.
  Api(Hub& hub, double rate_limit) : hub_(hub), limiter_(rate_limit) {}

  Response handle(const Request& request);
  // The game id of a WebSocket upgrade to /api/games/{id}/ws, or the error to answer instead
  // (unknown path or game, too many requests).
  Outcome<std::string> websocket_game(const Request& request);
  // One text message from a WebSocket watching `game`. Returns the frame to answer with, or ""
  // when the answer is the state broadcast to every watcher (an accepted move).
  std::string handle_ws_message(std::string_view game, std::string_view text,
                                const std::string& remote);

  static std::string error_json(std::string_view message);
  static Response error_response(const ApiError& e);

 private:
  Hub& hub_;
  RateLimiter limiter_;
};

}  // namespace arbiter::server
