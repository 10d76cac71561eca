// The HTTP API's one route table (docs/api.md): every concern (the games, accounts and the
// lobby, analysis, puzzles) contributes its rows, and Api (api.h) takes a request apart into a
// Call, finds its Route, checks what the row asks (a JSON body, the creation quota) and runs its
// handler as the row says (Route::quick, Route::async, else on a hub worker).
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/accounts/caller.h"
#include "server/http/api.h"

namespace arbiter::server::api_routes {

// One request taken apart: the decoded path segments, the query and the JSON body.
struct Call {
  explicit Call(Request r) : request(std::move(r)) {}
  Request request;  // a copy: an answer may be made after the session's request is gone
  std::vector<std::string> segments;
  std::map<std::string, std::string> query;
  nlohmann::json body = nlohmann::json::object();
  // Who calls (accounts/caller.h): the bearer of a seat token, else the logged-in account.
  accounts::Caller caller;
  // The logged-in account (a session cookie or bearer), even when a seat token was sent.
  std::optional<accounts::CallerAccount> account;

  const std::string& id() const { return segments[2]; }
};

// A route's answer. A concern's handler holds its own API (a lambda over it) and may ignore the
// hub; an exception from it (a bug, not bad input) is answered 500.
using Handler = std::function<Response(Hub&, Call&)>;
using AsyncHandler = void (*)(Hub&, Call&, Api::Respond);
// A row of the table, its fields named where it is written (game_routes.cpp, and each
// concern's routes()).
struct Route {
  const char* method;                     // "*": any method
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
  Handler handler = nullptr;  // none for a change (`async`)
  AsyncHandler async = nullptr;
};

// What a concern's handler reads of a call (its own Call adds who is calling): the request taken
// apart, and a POST's JSON object body.
struct ConcernCall {
  explicit ConcernCall(const Call& c) : request(c.request), segments(c.segments), query(c.query) {}
  const Request& request;
  const std::vector<std::string>& segments;
  const std::map<std::string, std::string>& query;
  nlohmann::json body = nlohmann::json::object();

  // The query parameter `key`, "" when absent.
  std::string param(const char* key) const {
    auto it = query.find(key);
    return it == query.end() ? std::string() : it->second;
  }
  // Reads a POST's body (json_body.h: 415 for another type, 400 for no JSON object); nullopt
  // when it is read or there is none to read.
  std::optional<ApiError> read_post_body();
};

// Whether `route`'s pattern matches the path `segments`.
bool matches(const Route& route, const std::vector<std::string>& segments);

}  // namespace arbiter::server::api_routes
