#include "server/http/api.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <future>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/log.h"
#include "core/metrics.h"
#include "core/text.h"
#include "server/accounts/caller.h"
#include "server/accounts/online_api.h"
#include "server/accounts/tokens.h"
#include "server/analysis/analysis_api.h"
#include "server/http/api_json.h"
#include "server/http/game_routes.h"
#include "server/http/json_body.h"
#include "server/http/json_response.h"
#include "server/lobby/lobby_client_message.h"
#include "server/net/cross_site.h"
#include "server/play/game_client_message.h"
#include "server/puzzles/puzzles_api.h"

namespace arbiter::server {
namespace {

using api_routes::Call;
using api_routes::Route;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decoding; a malformed escape is kept as it is.
std::string decode(std::string_view s, bool plus_is_space) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += plus_is_space && s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

std::string bearer_token(std::string_view header) {
  header = trim(header);
  constexpr std::string_view kScheme = "bearer ";
  if (header.size() <= kScheme.size() || to_lower(header.substr(0, kScheme.size())) != kScheme) {
    return "";
  }
  return std::string(trim(header.substr(kScheme.size())));
}

void split_target(std::string_view target, std::vector<std::string>& segments,
                  std::map<std::string, std::string>& query) {
  const auto q = target.find('?');
  for (auto part : split(target.substr(0, q), "/")) segments.push_back(decode(part, false));
  if (q == std::string_view::npos) return;
  for (auto pair : split(target.substr(q + 1), "&")) {
    const auto eq = pair.find('=');
    std::string key = decode(pair.substr(0, eq), true);
    query[key] = eq == std::string_view::npos ? "" : decode(pair.substr(eq + 1), true);
  }
}

ApiError too_many(const std::string& remote) { return {429, "too many requests from " + remote}; }

}  // namespace

bool api_routes::matches(const Route& r, const std::vector<std::string>& segments) {
  if (r.pattern.size() != segments.size()) return false;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (r.pattern[i] != "*" && r.pattern[i] != segments[i]) return false;
  }
  return true;
}

std::optional<ApiError> api_routes::ConcernCall::read_post_body() {
  if (request.method != "POST") return std::nullopt;
  auto read = json_post_body(request);
  if (!read) return read.error();
  body = std::move(*read);
  return std::nullopt;
}

std::string Api::error_json(std::string_view message) { return error_text(message); }

Response Api::error_response(const ApiError& e) {
  return json_response(e.status, error_json(e.message));
}

// What a request comes to before its handler runs: an answer already (a limit, a bad path or
// body), or the route and the call taken apart.
struct Api::Routed {
  std::optional<Response> answer;
  const Route* route = nullptr;
  std::shared_ptr<Call> call;
};

Api::Routed Api::route_request(const Request& request) {
  Routed out;
  auto answer = [&out](Response r) -> Routed {
    out.answer = std::move(r);
    return std::move(out);
  };
  if (const int wait = limiter_.take(request.remote)) {
    metrics::metrics().rate_limited.at({"requests"}).add();
    Response r = error_response(too_many(request.remote));
    r.retry_after = wait;
    return answer(std::move(r));
  }
  if (request.body.size() > kMaxBody) {
    return answer(
        error_response({413, "request body over " + std::to_string(kMaxBody) + " bytes"}));
  }
  // Every route alike: a change a cookie speaks for comes from this server's pages or not at all.
  if (auto forged = cross_site_error(request)) return answer(error_response(*forged));
  auto call = std::make_shared<Call>(request);
  split_target(request.target, call->segments, call->query);
  // Games created (POST /api/games, a rematch, a seek accepted) count against one quota.
  auto over_quota = [&]() -> std::optional<Response> {
    const int wait = creations_.take(request.remote);
    if (!wait) return std::nullopt;
    metrics::metrics().rate_limited.at({"creations"}).add();
    Response r = error_response({429, "too many games created from " + request.remote +
                                          ": try again in " + std::to_string(wait) + " s"});
    r.retry_after = wait;
    return r;
  };
  const Route* route = nullptr;
  bool path_known = false;
  for (const auto& r : routes_) {
    if (!matches(r, call->segments)) continue;
    path_known = true;
    if (request.method == r.method || std::string_view(r.method) == "*") {
      route = &r;
      break;
    }
  }
  if (!route) {
    if (path_known) {
      return answer(error_response({405, "method " + request.method + " not allowed here"}));
    }
    return answer(error_response(not_found("no such path: " + quote(request.target))));
  }
  if (route->json_only) {
    if (auto error = json_content_error(request.content_type)) {
      return answer(error_response(*error));
    }
  }
  if (route->creates) {
    if (auto refused = over_quota()) return answer(std::move(*refused));
  }
  if (route->body) {
    auto body = json_object_body(request.body);
    if (!body) return answer(error_response(body.error()));
    call->body = std::move(*body);
  }
  // A session stands in for a seat token when none is sent; a bearer session token is never
  // taken for a seat token.
  std::string bearer = bearer_token(request.authorization);
  if (is_session_token(bearer)) bearer.clear();
  call->caller = accounts::Caller(bearer);
  if (auto who = online_->session_of(request)) {
    call->account = accounts::CallerAccount{who->id, who->username};
    if (bearer.empty()) call->caller = accounts::Caller::of_account(who->id, who->username);
  }
  out.route = route;
  out.call = std::move(call);
  return out;
}

namespace {

// A handler's answer; a bug in it (an exception, not bad input) is a 500, not a crash.
Response run_handler(Hub& hub, const Route& route, Call& call) {
  try {
    return route.handler(hub, call);
  } catch (const std::exception& e) {
    return Api::error_response(internal_error(std::string("internal error: ") + e.what()));
  }
}

// A change's answer through `respond`, once stored; a bug in its handler is a 500.
void run_async(Hub& hub, const Route& route, Call& call, const Api::Respond& respond) {
  try {
    route.async(hub, call, respond);
  } catch (const std::exception& e) {
    respond(Api::error_response(internal_error(std::string("internal error: ") + e.what())));
  }
}

// run_async, waiting for the answer (Api::handle: tests, the fuzzer; never an I/O thread).
Response wait_async(Hub& hub, const Route& route, Call& call) {
  auto answer = std::make_shared<std::promise<Response>>();
  auto answered = std::make_shared<std::atomic<bool>>(false);
  std::future<Response> got = answer->get_future();
  run_async(hub, route, call, [answer, answered](Response r) {
    if (!answered->exchange(true)) answer->set_value(std::move(r));
  });
  return got.get();
}

}  // namespace

Api::Api(Hub& hub, double rate_limit, double create_limit, const AnalysisOptions& analysis)
    : hub_(hub),
      limiter_(rate_limit),
      creations_(create_limit / 3600, create_limit / 6),
      online_(std::make_unique<OnlineApi>(hub)),
      analysis_(std::make_unique<AnalysisApi>(hub, *online_, analysis, rate_limit)),
      puzzles_(std::make_unique<puzzles::PuzzlesApi>(hub.store())) {
  routes_ = api_routes::game_routes();
  for (const auto& part : {online_->routes(), analysis_->routes(), puzzles_->routes()}) {
    routes_.insert(routes_.end(), part.begin(), part.end());
  }
  for (const auto& r : routes_) route_labels_.push_back(route_label(&r));
}

Api::~Api() = default;

void Api::shutdown() { analysis_->shutdown(); }

Response Api::handle(const Request& request) {
  Routed routed = route_request(request);
  if (routed.answer) return std::move(*routed.answer);
  if (routed.route->async) return wait_async(hub_, *routed.route, *routed.call);
  return run_handler(hub_, *routed.route, *routed.call);
}

std::string Api::route_label(const Route* route) {
  if (!route)
    return kNoRouteLabel;  // answered before a route was found: a limit, a bad path or body
  std::string out;
  for (const auto segment : route->pattern) {
    out += "/";
    out += segment == "*" ? std::string_view(":id") : segment;
  }
  return out;
}

void Api::handle_async(const Request& given_request, Respond given) {
  std::string id = given_request.id.empty() ? log::new_request_id() : given_request.id;
  log::RequestScope scope(id);
  Routed routed = route_request(given_request);
  const Request& request = given_request;
  // Every answer counted by its route and status, and timed from here.
  in_flight_.fetch_add(1);
  // The label made once per route (the constructor), not per request.
  const std::string& label =
      routed.route ? route_labels_[static_cast<std::size_t>(routed.route - routes_.data())]
                   : kNoRouteLabel;
  const std::string_view target = request.target;
  Respond respond = [this, given = std::move(given), route = label,
                     start = std::chrono::steady_clock::now(), id, method = request.method,
                     path = std::string(target.substr(0, target.find('?'))),
                     remote = request.remote](Response r) {
    auto& m = metrics::metrics();
    m.http_requests.at({route, std::to_string(r.status)}).add();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m.http_seconds.at({route}).observe(seconds);
    log::RequestScope own(id);  // whichever thread answers, the line names this request
    log::write(r.status >= 500 ? log::Level::kWarn : log::Level::kInfo, "request",
               {{"method", method},
                {"path", path},
                {"route", route},
                {"status", r.status},
                {"ms", seconds * 1000},
                {"remote", remote}});
    r.request_id = id;
    given(std::move(r));
    in_flight_.fetch_sub(1);
  };
  if (routed.answer) return respond(std::move(*routed.answer));
  const Route& route = *routed.route;
  if (route.quick) return respond(run_handler(hub_, route, *routed.call));
  if (route.async) return run_async(hub_, route, *routed.call, respond);
  const bool queued = hub_.run_work([this, &route, call = routed.call, respond, id] {
    log::RequestScope work_scope(id);
    respond(run_handler(hub_, route, *call));
  });
  if (!queued) respond(error_response(Hub::busy_workers()));
}

Outcome<std::string> Api::websocket_game(const Request& request) {
  if (!limiter_.allow(request.remote)) {
    metrics::metrics().rate_limited.at({"requests"}).add();
    return too_many(request.remote);
  }
  std::vector<std::string> segments;
  std::map<std::string, std::string> query;
  split_target(request.target, segments, query);
  if (segments == std::vector<std::string>{"api", "lobby", "ws"}) return std::string();
  if (segments.size() != 4 || segments[0] != "api" || segments[1] != "games" ||
      segments[3] != "ws") {
    return not_found("no WebSocket at " + quote(request.target));
  }
  auto game = hub_.get(segments[2]);
  if (!game) return game.error();
  return segments[2];
}

accounts::Caller Api::session_caller(const Request& request) {
  auto who = online_->session_of(request);
  return who ? accounts::Caller::of_account(who->id, who->username) : accounts::Caller();
}

void Api::handle_ws_message_async(std::string_view game, std::string_view text,
                                  const std::string& remote, std::function<void(std::string)> reply,
                                  const std::weak_ptr<Subscriber>& watcher) {
  auto error = [&reply](std::string_view message) { reply(ws_error_text(message)); };
  if (!limiter_.allow(remote)) {
    metrics::metrics().rate_limited.at({"requests"}).add();
    return error(too_many(remote).message);
  }
  if (game.empty()) {
    auto lobby = parse_lobby_client_message(text);
    if (!lobby) return error(lobby.error().message);
    return reply(pong_text());  // a ping, the lobby's only message
  }
  auto message = parse_game_client_message(text);
  if (!message) return error(message.error().message);
  switch (message->kind) {
    case GameClientMessage::Kind::kPing:
      return reply(pong_text());
    case GameClientMessage::Kind::kHello: {
      // The watcher holds this seat token: its seats are present while it is connected.
      if (watcher.expired()) return;
      auto announced = hub_.announce(game, *message->token, watcher);
      if (!announced) return error(announced.error().message);
      return;
    }
    case GameClientMessage::Kind::kMove:
      break;
  }
  // A move with a token says the same as a hello.
  if (message->token && !watcher.expired()) {
    (void)hub_.announce(game, *message->token, watcher, true);
  }
  try {
    hub_.move(game, message->token.value_or(""), message->move, message->ply, remote,
              [reply](Outcome<GameViewPtr> played) {
                // An accepted move is answered by its broadcast.
                if (!played) reply(ws_error_text(played.error().message));
              });
  } catch (const std::exception& e) {
    error(std::string("internal error: ") + e.what());
  }
}

}  // namespace arbiter::server
