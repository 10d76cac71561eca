// The routes of the games' part of the HTTP API (docs/api.md): a table of small handlers, one
// per route, over the hub (hub.h). Api (api.h) takes a request apart into a Call, finds its
// Route in the table and runs the handler as the route says (Route::quick, Route::async); the
// accounts', the analysis board's and the puzzles' routes have APIs of their own.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/http/api.h"

namespace arbiter::server::api_routes {

// One request taken apart: the decoded path segments, the query and the JSON body.
struct Call {
  explicit Call(Request r) : request(std::move(r)) {}
  Request request;  // a copy: an answer may be made after the session's request is gone
  std::vector<std::string> segments;
  std::map<std::string, std::string> query;
  nlohmann::json body = nlohmann::json::object();
  std::string token;
  // The logged-in caller (a session cookie or bearer): its id and name; 0 and "" for a guest.
  store::AccountId account = 0;
  std::string account_name;

  const std::string& id() const { return segments[2]; }
};

using Handler = Response (*)(Hub&, Call&);
using AsyncHandler = void (*)(Hub&, Call&, Api::Respond);
// A row of the table, its fields named where it is written (game_routes.cpp).
struct Route {
  const char* method;
  std::vector<std::string_view> pattern;  // "*" matches one segment (a game id)
  bool body = false;                      // a JSON object body is read
  // Takes a seat with no token to prove anything (create, join): the body must be sent as
  // application/json, which no cross-site form or simple request can send without the browser
  // asking first (a CORS preflight this server never grants).
  bool json_only = false;
  bool creates = false;  // makes a game: counted against the creation quota
  // How handle_async answers: at once on the caller's thread (`quick`: from memory, cheap),
  // through `async` (a change, answered once stored; handle() waits for that answer), else on a
  // hub worker through `handler`.
  bool quick = false;
  Handler handler = nullptr;  // nullptr for a change (`async`)
  AsyncHandler async = nullptr;
};

// Every route of the games' API, in the order they are matched.
const std::vector<Route>& game_routes();

}  // namespace arbiter::server::api_routes
