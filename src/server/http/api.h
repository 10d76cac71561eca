// The HTTP API of docs/api.md as a function: a request (method, target, body, bearer, address)
// in, a response (status, body) out, with no socket in sight. The transport (http_session.cpp)
// and the request fuzzer call it; WebSocket messages come through handle_ws_message_async().
//
// Routes are one table (route.h) of small handlers, to which each concern adds its rows (the
// games': game_routes.cpp; accounts and the lobby, analysis, puzzles: their routes()). Every
// failure is `{"error": "..."}` with its 4xx/5xx status, and a failed request changes nothing.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/analysis/analysis_options.h"
#include "server/net/rate_limiter.h"
#include "server/play/hub.h"

namespace arbiter::server {

inline constexpr std::size_t kMaxBody = 64 * 1024;

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query: "/api/games?open=1"
  std::string body;
  std::string authorization;  // the Authorization header, "" when absent
  std::string remote;         // the client's limit key (client_address.h)
  std::string content_type;   // the Content-Type header, "" when absent
  std::string cookie;         // the Cookie header, "" when absent (the session: online/)
  // What the cross-site check reads (cross_site.h): the Origin and Referer headers ("" when
  // absent), the authority the client addressed (Host, or a trusted proxy's X-Forwarded-Host),
  // and whether a trusted proxy says the client spoke https (X-Forwarded-Proto).
  std::string origin;
  std::string referer;
  std::string host;
  bool https = false;
  // The request's id in the log (core/log.h): a trusted proxy's X-Request-Id, or made by
  // handle_async when "".
  std::string id = {};
};

struct Response {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
  std::string disposition;  // Content-Disposition, "" for none
  int retry_after = 0;      // seconds, sent as Retry-After with a 429; 0 for none
  std::string set_cookie;   // a Set-Cookie header, "" for none
  std::string request_id;   // sent as X-Request-Id, "" for none (set by handle_async)
};

namespace api_routes {
struct Route;  // route.h
}
class OnlineApi;    // accounts/online_api.h: accounts, ratings and the lobby
class AnalysisApi;  // analysis/analysis_api.h: the analysis board and reviews
namespace puzzles {
class PuzzlesApi;  // puzzles/puzzles_api.h: puzzles and puzzle ratings
}

class Api {
 public:
  // `rate_limit`: requests per second per address (burst twice that); `create_limit`: games
  // created (POST /api/games, and rematches) per hour per address, a burst of ten minutes'
  // worth. 0 turns either off.
  Api(Hub& hub, double rate_limit, double create_limit = 0, const AnalysisOptions& analysis = {});
  ~Api();

  Response handle(const Request& request);
  // As handle(), answering through `respond`, possibly later and on another thread, so the
  // calling (I/O) thread never waits: a change is answered once the store thread has stored it;
  // a query that may be slow or read the disk (a game, a listing, legal, a record) runs on the
  // hub's workers (503 when their queue is full); health and the catalog are answered at once.
  // Each answer is logged as one "request" line (core/log.h) with its id, method, path (never
  // the query), route, status and time; the handler, its store writes and their errors run
  // under the request's scope, so their lines name it too.
  using Respond = std::function<void(Response)>;
  void handle_async(const Request& request, Respond respond);
  // Requests taken by handle_async and not yet answered (a draining server waits for them).
  std::size_t in_flight() const { return in_flight_.load(); }
  // The game id of a WebSocket upgrade to /api/games/{id}/ws, "" for the lobby's
  // (/api/lobby/ws), or the error to answer instead (unknown path or game, too many requests).
  Outcome<std::string> websocket_game(const Request& request);
  // The logged-in account of a request's session (cookie, or bearer "s.…") as the hub's caller
  // (accounts/caller.h); nobody when it has none. May read the store: call it from a worker.
  accounts::Caller session_caller(const Request& request);
  // One text message from a WebSocket watching `game` ("": the lobby, which takes only pings;
  // the messages: game_client_message.h, lobby_client_message.h), answered through `reply` at
  // most once, possibly later and on another thread: an accepted move is answered by its
  // broadcast only (no reply). `watcher` is the WebSocket the message came on: a hello (or a
  // move) with a seat token marks its seats present (Hub::announce).
  void handle_ws_message_async(std::string_view game, std::string_view text,
                               const std::string& remote, std::function<void(std::string)> reply,
                               const std::weak_ptr<Subscriber>& watcher = {});

  // The analysis board's API and its WebSocket (analysis/analysis_api.h).
  AnalysisApi& analysis() { return *analysis_; }
  // Stops the analysis's threads (live analyses, reviews): before the I/O stops.
  void shutdown();

  static std::string error_json(std::string_view message);
  // A route as the metrics name it: its pattern, "/api/games/:id/moves"; "none" for none.
  static std::string route_label(const api_routes::Route* route);
  static inline const std::string kNoRouteLabel = "none";
  static Response error_response(const ApiError& e);

 private:
  struct Routed;
  Routed route_request(const Request& request);

  Hub& hub_;
  RateLimiter limiter_;
  RateLimiter creations_;
  std::unique_ptr<OnlineApi> online_;
  std::unique_ptr<AnalysisApi> analysis_;
  std::unique_ptr<puzzles::PuzzlesApi> puzzles_;
  // Every concern's routes (route.h), in the order they are matched: the games' first.
  std::vector<api_routes::Route> routes_;
  std::vector<std::string> route_labels_;  // route_label() of each of routes_, in order
  std::atomic<std::size_t> in_flight_{0};
};

}  // namespace arbiter::server
