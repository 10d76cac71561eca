#include "server/analysis/analysis_client_message.h"

#include <nlohmann/json.hpp>

#include "core/text.h"
#include "server/accounts/tokens.h"

namespace arbiter::server {
namespace {

using nlohmann::json;

// A whole number field in lo..hi, `fallback` when absent.
Outcome<int64_t> number_field(const json& body, const char* key, int64_t lo, int64_t hi,
                              int64_t fallback) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_number_integer() || it->get<int64_t>() < lo || it->get<int64_t>() > hi) {
    return bad_request(std::string(key) + ": expected a whole number from " + std::to_string(lo) +
                       " to " + std::to_string(hi));
  }
  return it->get<int64_t>();
}

AnalysisMessageError failed(std::string message, std::optional<uint64_t> request = {}) {
  return AnalysisMessageError{std::move(message), request};
}

}  // namespace

Outcome<std::vector<std::string>> strings_field(const json& body, const char* key,
                                                std::size_t limit) {
  std::vector<std::string> out;
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return out;
  if (!it->is_array() || it->size() > limit) {
    return bad_request(std::string(key) + ": expected an array of at most " +
                       std::to_string(limit) + " strings");
  }
  for (const auto& v : *it) {
    if (!v.is_string()) return bad_request(std::string(key) + ": expected strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

Expected<AnalysisClientMessage, AnalysisMessageError> parse_analysis_client_message(
    std::string_view text, int max_lines) {
  json message;
  try {
    message = json::parse(text);
  } catch (const json::exception&) {
    return failed("malformed JSON");
  }
  if (!message.is_object()) return failed("a message must be a JSON object");
  auto type_it = message.find("type");
  const std::string type =
      type_it != message.end() && type_it->is_string() ? type_it->get<std::string>() : "";
  AnalysisClientMessage out;
  if (type == "ping") return out;
  if (type == "stop") {
    out.type = AnalysisClientMessage::Type::stop;
    return out;
  }
  if (type == "review") {
    auto id_it = message.find("id");
    if (id_it == message.end() || !id_it->is_string() ||
        !valid_game_id(id_it->get<std::string>())) {
      return failed("id: expected a game id");
    }
    out.type = AnalysisClientMessage::Type::review;
    out.review_id = id_it->get<std::string>();
    return out;
  }
  if (type != "analyse") {
    return failed("type: expected analyse, stop, review or ping, got " + quote(type));
  }
  out.type = AnalysisClientMessage::Type::analyse;
  auto request = number_field(message, "request", 0, kMaxLiveRequest, 0);
  if (!request) return failed(request.error().message);
  out.request = static_cast<uint64_t>(*request);
  auto lines = number_field(message, "lines", 1, max_lines, kDefaultLiveLines);
  if (!lines) return failed(lines.error().message, out.request);
  out.lines = static_cast<int>(*lines);
  auto tokens = strings_field(message, "tokens", kMaxLiveTokens);
  if (!tokens) return failed(tokens.error().message, out.request);
  out.tokens = std::move(*tokens);
  auto line = read_line_request(message);
  if (!line) return failed(line.error().message, out.request);
  out.line = std::move(*line);
  return out;
}

}  // namespace arbiter::server
