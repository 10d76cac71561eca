// The JSON body of a POST, checked the same way by every API that takes one.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "server/outcome.h"
#include "server/transport.h"

namespace arbiter::server {

// Whether a Content-Type header names JSON: "application/json", any case, parameters allowed.
bool is_json_content(std::string_view content_type);

// The object a POST carries: 415 without the JSON content type, 400 for malformed JSON or a
// body that is not an object (one line naming what was wrong). An empty body reads as null.
Outcome<nlohmann::json> json_post_body(const Request& request);

}  // namespace arbiter::server
