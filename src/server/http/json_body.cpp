#include "server/http/json_body.h"

#include <string>

#include "core/text.h"

namespace arbiter::server {

bool is_json_content(std::string_view content_type) {
  return to_lower(trim(content_type.substr(0, content_type.find(';')))) == "application/json";
}

std::optional<ApiError> json_content_error(std::string_view content_type) {
  if (is_json_content(content_type)) return std::nullopt;
  return ApiError{415, "Content-Type: expected application/json, got " +
                           (content_type.empty() ? std::string("none") : quote(content_type))};
}

Outcome<nlohmann::json> parse_json(std::string_view text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {  // parse_error, or out_of_range for 1e999
    std::string what = e.what();
    if (auto cut = what.find("] "); cut != std::string::npos) what = what.substr(cut + 2);
    return bad_request("malformed JSON: " + what);
  }
}

Outcome<nlohmann::json> json_object_body(std::string_view body) {
  if (trim(body).empty()) return nlohmann::json::object();
  auto parsed = parse_json(body);
  if (parsed && !parsed->is_object()) return bad_request("the body must be a JSON object");
  return parsed;
}

Outcome<nlohmann::json> json_post_body(const Request& request) {
  if (auto error = json_content_error(request.content_type)) return *error;
  return json_object_body(request.body);
}

Outcome<std::optional<std::string>> string_field(const nlohmann::json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return std::optional<std::string>();
  if (!it->is_string()) return bad_request(std::string(key) + ": expected a string");
  return std::optional<std::string>(it->get<std::string>());
}

Outcome<std::optional<int>> int_field(const nlohmann::json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return std::optional<int>();
  if (!it->is_number_integer()) return bad_request(std::string(key) + ": expected an integer");
  const int64_t v = it->get<int64_t>();
  if (v < -1'000'000'000 || v > 1'000'000'000) {
    return bad_request(std::string(key) + ": " + std::to_string(v) + " is out of range");
  }
  return std::optional<int>(static_cast<int>(v));
}

}  // namespace arbiter::server
