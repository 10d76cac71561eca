#include "server/analysis/analysis_api.h"

#include <nlohmann/json.hpp>

#include "core/text.h"
#include "server/accounts/online_api.h"
#include "server/accounts/tokens.h"
#include "server/analysis/analysis_client_message.h"
#include "server/analysis/analysis_json.h"
#include "server/analysis/analysis_line.h"
#include "server/http/api_json.h"
#include "server/http/json_body.h"
#include "server/http/json_response.h"
#include "server/play/hub.h"

namespace arbiter::server {
namespace {

using nlohmann::json;

constexpr std::size_t kLegalMemory = 16 << 20;  // bytes of click indexes kept for lines

Response error(const ApiError& e) { return Api::error_response(e); }

// The key of a line's click index: the same start and moves give the same legal clicks.
std::string line_key(const Line& line) {
  std::string key = std::string(line.end->game().name()) + "\n" + line.end->params_text() + "\n" +
                    line.start->to_text();
  const auto& history = line.end->history();
  for (std::size_t i = line.start->history().size(); i < history.size(); ++i) {
    key += "\n" + history[i];
  }
  return key;
}

}  // namespace

AnalysisApi::AnalysisApi(Hub& hub, OnlineApi& online, const AnalysisOptions& options,
                         double rate_limit)
    : hub_(hub),
      online_(online),
      options_(options),
      limiter_(rate_limit),
      legal_(kLegalMemory),
      reviews_(hub, options),
      live_(options) {}

AnalysisApi::~AnalysisApi() { shutdown(); }

void AnalysisApi::shutdown() {
  live_.shutdown();
  reviews_.shutdown();
}

bool AnalysisApi::is_websocket(std::string_view target) {
  return target.substr(0, target.find('?')) == "/api/analysis/ws";
}

bool AnalysisApi::admit(const std::string& remote) {
  return !limiter_.enabled() || limiter_.allow(remote);
}

std::string AnalysisApi::requester(const Request& request) {
  if (auto who = online_.session_of(request)) return store::account_key(who->id);
  return "address:" + request.remote;
}

std::vector<api_routes::Route> AnalysisApi::routes() {
  auto review = [this](Hub&, api_routes::Call& c) { return this->review(c.request, c.id()); };
  return {
      {.method = "GET", .pattern = {"api", "games", "*", "review"}, .handler = review},
      {.method = "POST", .pattern = {"api", "games", "*", "review"}, .handler = review},
      {.method = "POST",
       .pattern = {"api", "analysis", "line"},
       .handler = [this](Hub&, api_routes::Call& c) { return line(c.request); }},
      {.method = "POST",
       .pattern = {"api", "analysis", "legal"},
       .handler = [this](Hub&, api_routes::Call& c) { return legal(c.request); }},
      {.method = "*",
       .pattern = {"api", "analysis", "ws"},
       .handler =
           [](Hub&, api_routes::Call&) {
             return error(bad_request("expected a WebSocket upgrade"));
           }},
  };
}

Response AnalysisApi::line(const Request& request) {
  auto body = json_object_body(request.body);
  if (!body) return error(body.error());
  auto wanted = read_line_request(*body);
  if (!wanted) return error(wanted.error());
  auto resolved = resolve_line(hub_, *wanted);
  if (!resolved) return error(resolved.error());
  return json_response(200, game_text(line_view(*resolved)));
}

Response AnalysisApi::legal(const Request& request) {
  auto body = json_object_body(request.body);
  if (!body) return error(body.error());
  auto wanted = read_line_request(*body);
  if (!wanted) return error(wanted.error());
  auto clicks = strings_field(*body, "clicks", 64);
  if (!clicks) return error(clicks.error());
  auto resolved = resolve_line(hub_, *wanted);
  if (!resolved) return error(resolved.error());
  if (resolved->end->is_terminal()) return json_response(200, legal_text(LegalClicks{}));
  const std::string key = line_key(*resolved);
  auto index = legal_.find(key, 0);
  if (!index) {
    auto built = LegalIndex::build(*resolved->end);
    if (!built) return error(internal_error("legal moves: " + built.error()));
    index = *built;
    legal_.put(key, 0, index);
  }
  return json_response(200, legal_text(index->answer(*clicks)));
}

Response AnalysisApi::review(const Request& request, const std::string& id) {
  if (!valid_game_id(id)) return error(not_found("no such game: " + quote(id)));
  if (request.method == "GET") {
    auto state = reviews_.state(id);
    if (!state) return error(state.error());
    return json_response(200, review_state_text(*state));
  }
  bool created = false;
  auto state = reviews_.request(id, requester(request), &created);
  if (!state) return error(state.error());
  return json_response(created ? 202 : 200, review_state_text(*state));
}

std::string AnalysisApi::handle_ws_message(const AnalysisClient& client, std::string_view text) {
  if (limiter_.enabled() && !limiter_.allow(client.remote)) {
    return ws_error_text("too many requests from " + client.remote);
  }
  auto message = parse_analysis_client_message(text, options_.live_max_lines);
  if (!message) {
    const auto& e = message.failure();
    return e.request ? live_error_text(*e.request, false, e.message) : ws_error_text(e.message);
  }
  using Type = AnalysisClientMessage::Type;
  if (message->type == Type::ping) return pong_text();
  if (message->type == Type::stop) {
    live_.stop(client.connection);
    return "";
  }
  if (message->type == Type::review) {
    const std::string id = message->review_id;
    reviews_.watch(id, client.watcher);
    // Its state now (a store read: on a worker), then its news as they come.
    const bool queued = hub_.run_work([this, id, send = client.send] {
      auto state = reviews_.state(id);
      send(state ? review_event_text(*state) : ws_error_text(state.error().message));
    });
    return queued ? "" : ws_error_text(Hub::busy_workers().message);
  }
  const uint64_t number = message->request;
  LiveAnalysis::Job job;
  job.request = number;
  job.lines = message->lines;
  // A stored game being played is analysed by no one, its players (whether or not they send
  // their seat tokens) and watchers alike: a watcher may be a player in another tab. A position
  // typed in (its text, not the game's id) is analysed whatever it is.
  job.resolve = [this, line = std::move(message->line)]() -> Outcome<std::unique_ptr<GameState>> {
    auto resolved = resolve_line(hub_, line);
    if (!resolved) return resolved.error();
    if (resolved->game_playing) {
      return forbidden("game " + resolved->id +
                       " is being played: its engine analysis opens once it ends (a position "
                       "typed into the board is analysed)");
    }
    return std::move(resolved->end);
  };
  auto started = live_.start(client.connection, client.remote, std::move(job), client.send);
  if (!started) {
    const int status = started.error().status;
    return live_error_text(number, status == 503 || status == 429, started.error().message);
  }
  return "";
}

void AnalysisApi::disconnected(const AnalysisClient& client) { live_.stop(client.connection); }

}  // namespace arbiter::server
