// JSON bodies, checked the same way by every API that takes one: a POST's body (the game,
// accounts, lobby, puzzles and analysis APIs) and a WebSocket message's text.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/net/transport.h"
#include "server/play/outcome.h"

namespace arbiter::server {

// Whether a Content-Type header names JSON: "application/json", any case, parameters allowed.
bool is_json_content(std::string_view content_type);

// The 415 for a Content-Type that does not name JSON (it names what was sent); nullopt for one
// that does.
std::optional<ApiError> json_content_error(std::string_view content_type);

// Any JSON value; a 400 "malformed JSON: …" (one line naming what was wrong) for text that is
// not JSON, a number out of range (1e999) included.
Outcome<nlohmann::json> parse_json(std::string_view text);

// The object a body carries, whatever its Content-Type: 400 for malformed JSON or a value that
// is not an object. An empty body (white space only) reads as an empty object.
Outcome<nlohmann::json> json_object_body(std::string_view body);

// The object a POST carries: json_content_error's 415 first, then json_object_body.
Outcome<nlohmann::json> json_post_body(const Request& request);

// Field readers of an object: an absent (or null) field gives nullopt; a wrong type is a 400
// naming the key. An integer must lie within ±1,000,000,000.
Outcome<std::optional<std::string>> string_field(const nlohmann::json& body, const char* key);
Outcome<std::optional<int>> int_field(const nlohmann::json& body, const char* key);

}  // namespace arbiter::server
