#include "server/http/api.h"

#include <atomic>
#include <cctype>
#include <future>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/text.h"
#include "server/accounts/caller.h"
#include "server/accounts/online_api.h"
#include "server/accounts/tokens.h"
#include "server/analysis/analysis_api.h"
#include "server/http/api_json.h"
#include "server/http/json_body.h"
#include "server/http/json_response.h"
#include "server/lobby/lobby_client_message.h"
#include "server/net/cross_site.h"
#include "server/play/game_client_message.h"
#include "server/puzzles/puzzles_api.h"

namespace arbiter::server {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxIds = 200;

// One request taken apart: the decoded path segments, the query and the JSON body.
struct Call {
  explicit Call(Request r) : request(std::move(r)) {}
  Request request;  // a copy: an answer may be made after the session's request is gone
  std::vector<std::string> segments;
  std::map<std::string, std::string> query;
  json body = json::object();
  std::string token;
  // The logged-in caller (a session cookie or bearer): decimal id and name; "" for a guest.
  std::string account, account_name;

  const std::string& id() const { return segments[2]; }
};

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

// The answer of a hub call: its value as the JSON of docs/api.md, or its error.
template <class T>
Response reply(const Outcome<T>& out, int status = 200) {
  if (!out) return Api::error_response(out.error());
  if constexpr (std::is_same_v<T, GameViewPtr>) {
    return json_response(status, game_text(**out));
  } else if constexpr (std::is_same_v<T, Seated>) {
    return json_response(status, seated_text(*out));
  } else if constexpr (std::is_same_v<T, std::vector<GameViewPtr>>) {
    return json_response(status, games_text(*out));
  } else if constexpr (std::is_same_v<T, LegalPrefix>) {
    return json_response(status, legal_prefix_text(*out));
  } else {
    static_assert(std::is_same_v<T, LegalClicks>);
    return json_response(status, legal_text(*out));
  }
}

// ---- handlers, one per route ------------------------------------------------------------

Response catalog(Hub&, Call&) {
  static const std::string text = catalog_text(Hub::catalog());
  return json_response(200, text);
}
// GET /api/board: the board view of a position given as text, for diagrams (docs/api.md).
Response board(Hub&, Call& c) {
  auto field = [&](const char* key) {
    auto it = c.query.find(key);
    return it == c.query.end() ? std::string() : it->second;
  };
  auto view = Hub::board(field("game"), field("params"), field("position"));
  if (!view) return Api::error_response(view.error());
  return json_response(200, board_answer_text(*view));
}
// GET /api/health, from memory (never waits on the store or a worker): 503 when the store
// cannot write; the queues' depths.
Response health(Hub& hub, Call&) {
  const HubHealth h = hub.health();
  return json_response(h.store.writable ? 200 : 503, health_text(h));
}

Response list_games(Hub& hub, Call& c) {
  store::GameFilter filter;
  if (auto it = c.query.find("ids"); it != c.query.end()) {
    for (auto id : split(it->second, ",")) filter.ids.emplace_back(id);
    if (filter.ids.size() > kMaxIds) {
      return Api::error_response(bad_request("ids: at most " + std::to_string(kMaxIds)));
    }
    // Checked here, not by the store: a NUL or a quote is no id, and never reaches a query.
    for (std::size_t i = 0; i < filter.ids.size(); ++i) {
      if (!valid_game_id(filter.ids[i])) {
        return Api::error_response(bad_request("ids[" + std::to_string(i) +
                                               "]: " + quote(filter.ids[i]) + " is not a game id"));
      }
    }
    if (filter.ids.empty()) return json_response(200, games_text({}));
  }
  if (auto it = c.query.find("mine");
      it != c.query.end() && (it->second == "1" || it->second == "true")) {
    // The caller's games, listed or not: every game with a seat its account holds.
    if (c.account.empty()) return Api::error_response(unauthorized("mine: log in first"));
    filter.account = c.account;
  }
  if (auto it = c.query.find("open"); it != c.query.end()) {
    filter.open_only = it->second == "1" || it->second == "true";
  }
  // Only games created public are listed; a game by its id (?ids=, a browser's own games, or a
  // link) is found whether listed or not.
  filter.listed_only = filter.ids.empty() && filter.account.empty();
  if (auto it = c.query.find("status"); it != c.query.end() && !it->second.empty()) {
    filter.status = store::parse_game_status(it->second);
    if (!filter.status) {
      return Api::error_response(bad_request(
          "status: expected " + std::string(to_text(store::GameStatus::kPlaying)) + " or " +
          std::string(to_text(store::GameStatus::kFinished)) + ", got " + quote(it->second)));
    }
  }
  if (auto it = c.query.find("limit"); it != c.query.end()) {
    auto limit = parse_int(it->second, 1, 200, "limit");
    if (!limit) return Api::error_response(bad_request(limit.error()));
    filter.limit = static_cast<int>(*limit);
  }
  return reply(hub.list(filter));
}

// The body of POST /api/games as text fields; the hub judges their values.
Outcome<NewGame> new_game(const json& body) {
  NewGame out;
  for (auto [key, field] :
       {std::pair{"game", &out.game}, std::pair{"params", &out.params},
        std::pair{"position", &out.position}, std::pair{"time_control", &out.time_control}}) {
    auto value = string_field(body, key);
    if (!value) return value.error();
    *field = value->value_or("");
  }
  if (auto listed = body.find("public"); listed != body.end() && !listed->is_null()) {
    if (!listed->is_boolean()) return bad_request("public: expected true or false");
    out.listed = listed->get<bool>();
  }
  auto seats = body.find("seats");
  if (seats == body.end() || seats->is_null()) return out;
  if (!seats->is_array()) return bad_request("seats: expected an array of seat kinds");
  out.seats.emplace();
  for (std::size_t i = 0; i < seats->size(); ++i) {
    const json& seat = (*seats)[i];
    if (!seat.is_string()) {
      return bad_request("seats[" + std::to_string(i) + "]: " + std::string(kSeatSpecForms));
    }
    out.seats->push_back(seat.get<std::string>());
  }
  return out;
}

Response get_game(Hub& hub, Call& c) {
  std::optional<int> at;
  if (auto it = c.query.find("at"); it != c.query.end()) {
    auto n = parse_int(it->second, 0, 1'000'000'000, "at");
    if (!n) return Api::error_response(bad_request(n.error()));
    at = static_cast<int>(*n);
  }
  return reply(hub.get(c.id(), at));
}

// GET /api/games/{id}/legal: by clicks, or by a typed prefix of the move text (docs/api.md).
Response legal(Hub& hub, Call& c) {
  const auto clicks_it = c.query.find("clicks");
  if (auto it = c.query.find("prefix"); it != c.query.end()) {
    if (clicks_it != c.query.end()) {
      return Api::error_response(bad_request("prefix: not with clicks; give one or the other"));
    }
    return reply(hub.legal_prefix(c.id(), it->second, kLegalPrefixListed));
  }
  std::vector<std::string> clicks;
  if (auto it = clicks_it; it != c.query.end()) {
    for (auto click : split(it->second, ",")) clicks.emplace_back(click);
  }
  return reply(hub.legal(c.id(), clicks));
}

Response record(Hub& hub, Call& c) {
  auto text = hub.record(c.id());
  if (!text) return Api::error_response(text.error());
  Response r;
  r.body = std::move(*text);
  r.content_type = "text/plain; charset=utf-8";
  r.disposition = "attachment; filename=\"arbiter-" + c.id() + ".txt\"";
  return r;
}

Response websocket_only(Hub&, Call&) {
  return Api::error_response({400, "expected a WebSocket upgrade"});
}

// ---- the changes, answered once stored (Api::handle_async) -------------------------------

using Respond = Api::Respond;

template <class T>
Hub::Reply<T> answer_with(Respond respond, int status = 200) {
  return [respond = std::move(respond), status](Outcome<T> out) { respond(reply(out, status)); };
}

void create_game_async(Hub& hub, Call& c, Respond respond) {
  auto request = new_game(c.body);
  if (!request) return respond(Api::error_response(request.error()));
  request->account = c.account;
  request->account_name = c.account_name;
  hub.create(*request, c.request.remote, answer_with<Seated>(std::move(respond), 201));
}

void play_move_async(Hub& hub, Call& c, Respond respond) {
  auto move = string_field(c.body, "move");
  if (!move) return respond(Api::error_response(move.error()));
  if (!*move) return respond(Api::error_response(bad_request("move: missing")));
  auto ply = int_field(c.body, "ply");
  if (!ply) return respond(Api::error_response(ply.error()));
  hub.move(c.id(), c.token, **move, *ply, c.request.remote,
           answer_with<GameViewPtr>(std::move(respond)));
}

void join_async(Hub& hub, Call& c, Respond respond) {
  auto seat = int_field(c.body, "seat");
  if (!seat) return respond(Api::error_response(seat.error()));
  if (!*seat) return respond(Api::error_response(bad_request("seat: missing")));
  hub.join(c.id(), **seat, c.token, answer_with<Seated>(std::move(respond)));
}

void resign_async(Hub& hub, Call& c, Respond respond) {
  auto seat = int_field(c.body, "seat");
  if (!seat) return respond(Api::error_response(seat.error()));
  hub.resign(c.id(), c.token, *seat, answer_with<GameViewPtr>(std::move(respond)));
}

// The `action` field of an offer (draw, takeback), read into the hub's typed action.
template <class Action>
Outcome<Action> action_field(const json& body, Outcome<Action> (*parse)(std::string_view)) {
  auto action = string_field(body, "action");
  if (!action) return action.error();
  if (!*action) return bad_request("action: missing");
  return parse(**action);
}

// A claim's `result`: "win" (the default) or "draw".
Outcome<bool> claims_draw(const json& body) {
  auto result = string_field(body, "result");
  if (!result) return result.error();
  const std::string value = result->value_or("win");
  if (value != "win" && value != "draw") {
    return bad_request("result: expected win or draw, got " + quote(value));
  }
  return value == "draw";
}
void offer_draw_async(Hub& hub, Call& c, Respond respond) {
  auto action = action_field(c.body, parse_draw_action);
  if (!action) return respond(Api::error_response(action.error()));
  hub.draw(c.id(), c.token, *action, answer_with<GameViewPtr>(std::move(respond)));
}
void take_back_async(Hub& hub, Call& c, Respond respond) {
  auto action = action_field(c.body, parse_takeback_action);
  if (!action) return respond(Api::error_response(action.error()));
  hub.takeback(c.id(), c.token, *action, answer_with<GameViewPtr>(std::move(respond)));
}
void claim_async(Hub& hub, Call& c, Respond respond) {
  auto draw = claims_draw(c.body);
  if (!draw) return respond(Api::error_response(draw.error()));
  hub.claim(c.id(), c.token, *draw, answer_with<GameViewPtr>(std::move(respond)));
}

void abort_async(Hub& hub, Call& c, Respond respond) {
  hub.abort(c.id(), c.token, answer_with<GameViewPtr>(std::move(respond)));
}

void undo_async(Hub& hub, Call& c, Respond respond) {
  hub.undo(c.id(), c.token, answer_with<GameViewPtr>(std::move(respond)));
}

void rematch_async(Hub& hub, Call& c, Respond respond) {
  hub.rematch(c.id(), c.token, answer_with<GameViewPtr>(std::move(respond)));
}

using Handler = Response (*)(Hub&, Call&);
using AsyncHandler = void (*)(Hub&, Call&, Respond);
struct Route {
  const char* method;
  std::vector<std::string_view> pattern;  // "*" matches one segment (a game id)
  bool body;                              // a JSON object body is read
  Handler handler;                        // nullptr for a change (`async`)
  // Takes a seat with no token to prove anything (create, join): the body must be sent as
  // application/json, which no cross-site form or simple request can send without the browser
  // asking first (a CORS preflight this server never grants).
  bool json_only = false;
  bool creates = false;  // makes a game: counted against the creation quota
  // How handle_async answers: at once on the caller's thread (`quick`: from memory, cheap),
  // through `async` (a change, answered once stored; handle() waits for that answer), else on a
  // hub worker.
  bool quick = false;
  AsyncHandler async = nullptr;
};

const std::vector<Route>& routes() {
  static const std::vector<Route> table = {
      {"GET", {"api", "catalog"}, false, catalog, false, false, true},
      {"GET", {"api", "health"}, false, health, false, false, true},
      {"GET", {"api", "board"}, false, board},
      {"GET", {"api", "games"}, false, list_games},
      {"POST", {"api", "games"}, true, nullptr, true, true, false, create_game_async},
      {"GET", {"api", "games", "*"}, false, get_game},
      {"GET", {"api", "games", "*", "legal"}, false, legal},
      {"POST", {"api", "games", "*", "moves"}, true, nullptr, false, false, false, play_move_async},
      {"POST", {"api", "games", "*", "join"}, true, nullptr, true, false, false, join_async},
      {"POST", {"api", "games", "*", "resign"}, true, nullptr, false, false, false, resign_async},
      {"POST", {"api", "games", "*", "abort"}, true, nullptr, false, false, false, abort_async},
      {"POST", {"api", "games", "*", "undo"}, true, nullptr, false, false, false, undo_async},
      {"POST", {"api", "games", "*", "rematch"}, true, nullptr, false, true, false, rematch_async},
      {"POST", {"api", "games", "*", "draw"}, true, nullptr, false, false, false, offer_draw_async},
      {"POST",
       {"api", "games", "*", "takeback"},
       true,
       nullptr,
       false,
       false,
       false,
       take_back_async},
      {"POST", {"api", "games", "*", "claim"}, true, nullptr, false, false, false, claim_async},
      {"GET", {"api", "games", "*", "record"}, false, record},
      {"GET", {"api", "games", "*", "ws"}, false, websocket_only, false, false, true},
  };
  return table;
}

bool matches(const Route& r, const std::vector<std::string>& segments) {
  if (r.pattern.size() != segments.size()) return false;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (r.pattern[i] != "*" && r.pattern[i] != segments[i]) return false;
  }
  return true;
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

std::string Api::error_json(std::string_view message) { return error_text(message); }

Response Api::error_response(const ApiError& e) {
  return json_response(e.status, error_json(e.message));
}

// What a request comes to before its handler runs: an answer already (a limit, a bad path or
// body), or the route and the call taken apart.
struct Api::Routed {
  std::optional<Response> answer;
  bool online = false;    // a route of online/online_api.h
  bool analysis = false;  // a route of analysis/analysis_api.h
  bool puzzles = false;   // a route of puzzles/puzzles_api.h
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
    Response r = error_response({429, "too many games created from " + request.remote +
                                          ": try again in " + std::to_string(wait) + " s"});
    r.retry_after = wait;
    return r;
  };
  if (OnlineApi::owns(call->segments)) {
    if (OnlineApi::makes_game(request.method, call->segments)) {
      if (auto refused = over_quota()) return answer(std::move(*refused));
    }
    out.online = true;
    out.call = std::move(call);
    return out;
  }
  if (AnalysisApi::owns(call->segments)) {
    out.analysis = true;
    out.call = std::move(call);
    return out;
  }
  if (puzzles::PuzzlesApi::owns(call->segments)) {
    out.puzzles = true;
    out.call = std::move(call);
    return out;
  }
  const Route* route = nullptr;
  bool path_known = false;
  for (const auto& r : routes()) {
    if (!matches(r, call->segments)) continue;
    path_known = true;
    if (request.method == r.method) {
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
  call->token = bearer_token(request.authorization);
  // Only the API makes account callers; a session stands in for a seat token when none is sent.
  if (accounts::is_account_caller(call->token)) call->token.clear();
  if (auto who = online_->session_of(request)) {
    call->account = std::to_string(who->id);
    call->account_name = who->username;
    if (call->token.empty() || is_session_token(call->token)) {
      call->token = accounts::account_caller(who->id, who->username);
    }
  } else if (is_session_token(call->token)) {
    call->token.clear();
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
      puzzles_(std::make_unique<puzzles::PuzzlesApi>(hub.store())) {}

Api::~Api() = default;

void Api::shutdown() { analysis_->shutdown(); }

Response Api::handle(const Request& request) {
  Routed routed = route_request(request);
  if (routed.answer) return std::move(*routed.answer);
  if (routed.online)
    return online_->handle(routed.call->request, routed.call->segments, routed.call->query);
  if (routed.analysis) return analysis_->handle(routed.call->request, routed.call->segments);
  if (routed.puzzles) {
    const auto& c = *routed.call;
    return puzzles_->handle(c.request, c.segments, c.query, online_->session_of(c.request));
  }
  if (routed.route->async) return wait_async(hub_, *routed.route, *routed.call);
  return run_handler(hub_, *routed.route, *routed.call);
}

void Api::handle_async(const Request& request, Respond respond) {
  Routed routed = route_request(request);
  if (routed.answer) return respond(std::move(*routed.answer));
  if (routed.online) {
    // Password hashing and store reads: on a hub worker.
    const bool queued = hub_.run_work([this, call = routed.call, respond] {
      respond(online_->handle(call->request, call->segments, call->query));
    });
    if (!queued) respond(error_response(Hub::busy_workers()));
    return;
  }
  if (routed.analysis) {
    // Store reads and replays: on a hub worker.
    const bool queued = hub_.run_work([this, call = routed.call, respond] {
      respond(analysis_->handle(call->request, call->segments));
    });
    if (!queued) respond(error_response(Hub::busy_workers()));
    return;
  }
  if (routed.puzzles) {
    // Store reads and writes, click indexes: on a hub worker.
    const bool queued = hub_.run_work([this, call = routed.call, respond] {
      respond(puzzles_->handle(call->request, call->segments, call->query,
                               online_->session_of(call->request)));
    });
    if (!queued) respond(error_response(Hub::busy_workers()));
    return;
  }
  const Route& route = *routed.route;
  if (route.quick) return respond(run_handler(hub_, route, *routed.call));
  if (route.async) return run_async(hub_, route, *routed.call, respond);
  const bool queued = hub_.run_work(
      [this, &route, call = routed.call, respond] { respond(run_handler(hub_, route, *call)); });
  if (!queued) respond(error_response(Hub::busy_workers()));
}

Outcome<std::string> Api::websocket_game(const Request& request) {
  if (!limiter_.allow(request.remote)) return too_many(request.remote);
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

std::string Api::session_caller(const Request& request) {
  auto who = online_->session_of(request);
  return who ? accounts::account_caller(who->id, who->username) : "";
}

void Api::handle_ws_message_async(std::string_view game, std::string_view text,
                                  const std::string& remote, std::function<void(std::string)> reply,
                                  const std::weak_ptr<Subscriber>& watcher) {
  auto error = [&reply](std::string_view message) { reply(ws_error_text(message)); };
  if (!limiter_.allow(remote)) return error(too_many(remote).message);
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
