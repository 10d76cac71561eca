// The response of every JSON API (game, accounts, lobby, puzzles, analysis): a status and a
// body already written as JSON (json_writer.h, api_json.h), sent as application/json.
#pragma once

#include <string>
#include <utility>

#include "server/http/api.h"

namespace arbiter::server {

inline Response json_response(int status, std::string body) {
  Response r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

}  // namespace arbiter::server
