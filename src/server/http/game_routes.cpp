#include "server/http/game_routes.h"

#include <optional>
#include <utility>

#include "core/text.h"
#include "server/http/api_json.h"
#include "server/http/json_body.h"
#include "server/http/json_response.h"

namespace arbiter::server::api_routes {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxIds = 200;

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
// cannot write or the server drains (a load balancer then sends traffic elsewhere); the queues'
// depths.
Response health(Hub& hub, Call&) {
  const HubHealth h = hub.health();
  return json_response(h.store.writable && !h.draining ? 200 : 503, health_text(h));
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
    if (!c.account) return Api::error_response(unauthorized("mine: log in first"));
    filter.account = c.account->id;
  }
  if (auto it = c.query.find("open"); it != c.query.end()) {
    filter.open_only = it->second == "1" || it->second == "true";
  }
  // Only games created public are listed; a game by its id (?ids=, a browser's own games, or a
  // link) is found whether listed or not.
  filter.listed_only = filter.ids.empty() && filter.account == 0;
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
  if (c.account) {
    request->account = c.account->id;
    request->account_name = c.account->name;
  }
  hub.create(*request, c.request.remote, answer_with<Seated>(std::move(respond), 201));
}

void play_move_async(Hub& hub, Call& c, Respond respond) {
  auto move = string_field(c.body, "move");
  if (!move) return respond(Api::error_response(move.error()));
  if (!*move) return respond(Api::error_response(bad_request("move: missing")));
  auto ply = int_field(c.body, "ply");
  if (!ply) return respond(Api::error_response(ply.error()));
  hub.move(c.id(), c.caller, **move, *ply, c.request.remote,
           answer_with<GameViewPtr>(std::move(respond)));
}

void join_async(Hub& hub, Call& c, Respond respond) {
  auto seat = int_field(c.body, "seat");
  if (!seat) return respond(Api::error_response(seat.error()));
  if (!*seat) return respond(Api::error_response(bad_request("seat: missing")));
  hub.join(c.id(), **seat, c.caller, answer_with<Seated>(std::move(respond)));
}

void resign_async(Hub& hub, Call& c, Respond respond) {
  auto seat = int_field(c.body, "seat");
  if (!seat) return respond(Api::error_response(seat.error()));
  hub.resign(c.id(), c.caller, *seat, answer_with<GameViewPtr>(std::move(respond)));
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
  hub.draw(c.id(), c.caller, *action, answer_with<GameViewPtr>(std::move(respond)));
}
void take_back_async(Hub& hub, Call& c, Respond respond) {
  auto action = action_field(c.body, parse_takeback_action);
  if (!action) return respond(Api::error_response(action.error()));
  hub.takeback(c.id(), c.caller, *action, answer_with<GameViewPtr>(std::move(respond)));
}
void claim_async(Hub& hub, Call& c, Respond respond) {
  auto draw = claims_draw(c.body);
  if (!draw) return respond(Api::error_response(draw.error()));
  hub.claim(c.id(), c.caller, *draw, answer_with<GameViewPtr>(std::move(respond)));
}

void abort_async(Hub& hub, Call& c, Respond respond) {
  hub.abort(c.id(), c.caller, answer_with<GameViewPtr>(std::move(respond)));
}

void undo_async(Hub& hub, Call& c, Respond respond) {
  hub.undo(c.id(), c.caller, answer_with<GameViewPtr>(std::move(respond)));
}

void rematch_async(Hub& hub, Call& c, Respond respond) {
  hub.rematch(c.id(), c.caller, answer_with<GameViewPtr>(std::move(respond)));
}

}  // namespace

const std::vector<Route>& game_routes() {
  static const std::vector<Route> table = {
      {.method = "GET", .pattern = {"api", "catalog"}, .quick = true, .handler = catalog},
      {.method = "GET", .pattern = {"api", "health"}, .quick = true, .handler = health},
      {.method = "GET", .pattern = {"api", "board"}, .handler = board},
      {.method = "GET", .pattern = {"api", "games"}, .handler = list_games},
      {.method = "POST",
       .pattern = {"api", "games"},
       .body = true,
       .json_only = true,
       .creates = true,
       .async = create_game_async},
      {.method = "GET", .pattern = {"api", "games", "*"}, .handler = get_game},
      {.method = "GET", .pattern = {"api", "games", "*", "legal"}, .handler = legal},
      {.method = "POST",
       .pattern = {"api", "games", "*", "moves"},
       .body = true,
       .async = play_move_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "join"},
       .body = true,
       .json_only = true,
       .async = join_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "resign"},
       .body = true,
       .async = resign_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "abort"},
       .body = true,
       .async = abort_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "undo"},
       .body = true,
       .async = undo_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "rematch"},
       .body = true,
       .creates = true,
       .async = rematch_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "draw"},
       .body = true,
       .async = offer_draw_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "takeback"},
       .body = true,
       .async = take_back_async},
      {.method = "POST",
       .pattern = {"api", "games", "*", "claim"},
       .body = true,
       .async = claim_async},
      {.method = "GET", .pattern = {"api", "games", "*", "record"}, .handler = record},
      {.method = "GET",
       .pattern = {"api", "games", "*", "ws"},
       .quick = true,
       .handler = websocket_only},
  };
  return table;
}

}  // namespace arbiter::server::api_routes
