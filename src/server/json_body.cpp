#include "server/json_body.h"

#include <string>

#include "core/text.h"

namespace arbiter::server {

bool is_json_content(std::string_view content_type) {
  return to_lower(trim(content_type.substr(0, content_type.find(';')))) == "application/json";
}

Outcome<nlohmann::json> json_post_body(const Request& request) {
  if (!is_json_content(request.content_type)) {
    return ApiError{415, "Content-Type: expected application/json, got " +
                             (request.content_type.empty() ? std::string("none")
                                                           : quote(request.content_type))};
  }
  if (trim(request.body).empty()) return nlohmann::json();
  try {
    nlohmann::json body = nlohmann::json::parse(request.body);
    if (!body.is_object()) return bad_request("the body must be a JSON object");
    return body;
  } catch (const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (auto cut = what.find("] "); cut != std::string::npos) what = what.substr(cut + 2);
    return bad_request("malformed JSON: " + what);
  }
}

}  // namespace arbiter::server
