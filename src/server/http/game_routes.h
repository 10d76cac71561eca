// The routes of the games' part of the HTTP API (docs/api.md): small handlers, one per route,
// over the hub (hub.h), as rows of the API's one route table (route.h).
#pragma once

#include <vector>

#include "server/http/route.h"

namespace arbiter::server::api_routes {

// Every route of the games' API, in the order they are matched.
const std::vector<Route>& game_routes();

}  // namespace arbiter::server::api_routes
