// Fuzzes the analysis WebSocket's client messages (server/analysis/analysis_client_message.h):
// any text frame reads to a message within its bounds, or to a one-line error (carrying the
// request number only for an analyse message whose number read) whose answer frame is
// well-formed JSON; never a crash. A message read, written back as JSON, reads to itself.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "server/accounts/tokens.h"
#include "server/analysis/analysis_client_message.h"
#include "server/analysis/analysis_json.h"
#include "server/http/api_json.h"

namespace {

using namespace arbiter::server;
using nlohmann::json;
using Type = AnalysisClientMessage::Type;

constexpr int kMaxLines = 5;  // the server's default bound (AnalysisOptions::live_max_lines)

// The message as a client would send it.
json written(const AnalysisClientMessage& m) {
  switch (m.type) {
    case Type::ping:
      return {{"type", "ping"}};
    case Type::stop:
      return {{"type", "stop"}};
    case Type::review:
      return {{"type", "review"}, {"id", m.review_id}};
    case Type::analyse:
      break;
  }
  json out = {{"type", "analyse"},  {"request", m.request}, {"lines", m.lines},
              {"tokens", m.tokens}, {"ply", m.line.ply},    {"moves", m.line.moves}};
  for (auto [key, value] : {std::pair{"id", &m.line.id}, std::pair{"record", &m.line.record},
                            std::pair{"game", &m.line.game}, std::pair{"params", &m.line.params},
                            std::pair{"position", &m.line.start}}) {
    if (!value->empty()) out[key] = *value;
  }
  return out;
}

bool same(const AnalysisClientMessage& a, const AnalysisClientMessage& b) {
  return a.type == b.type && a.review_id == b.review_id && a.request == b.request &&
         a.lines == b.lines && a.tokens == b.tokens && a.line.id == b.line.id &&
         a.line.ply == b.line.ply && a.line.record == b.line.record && a.line.game == b.line.game &&
         a.line.params == b.line.params && a.line.start == b.line.start &&
         a.line.moves == b.line.moves;
}

bool within_bounds(const AnalysisClientMessage& m) {
  if (m.type == Type::review) return valid_game_id(m.review_id);
  if (m.type != Type::analyse) return true;
  const LineRequest& l = m.line;
  const int sources = !l.id.empty() + !l.record.empty() + !l.game.empty();
  return m.request <= static_cast<uint64_t>(kMaxLiveRequest) && m.lines >= 1 &&
         m.lines <= kMaxLines && m.tokens.size() <= kMaxLiveTokens && sources == 1 && l.ply >= 0 &&
         static_cast<std::size_t>(l.ply) <= kMaxLineMoves && l.moves.size() <= kMaxLineMoves;
}

bool well_formed(const std::string& frame) {
  const json j = json::parse(frame, nullptr, false);
  return !j.is_discarded() && j.is_object() && j.contains("error") && j["error"].is_string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto message = parse_analysis_client_message(text, kMaxLines);
  if (!message) {
    const AnalysisMessageError& e = message.failure();
    if (e.message.empty() || e.message.find_first_of("\r\n") != std::string::npos) std::abort();
    if (e.request) {
      const json sent = json::parse(text);  // a request number read: the text was JSON
      if (sent["type"] != "analyse" || *e.request > static_cast<uint64_t>(kMaxLiveRequest)) {
        std::abort();
      }
    }
    const std::string frame =
        e.request ? live_error_text(*e.request, false, e.message) : ws_error_text(e.message);
    if (!well_formed(frame)) std::abort();
    return 0;
  }
  if (!within_bounds(*message)) std::abort();
  const auto again = parse_analysis_client_message(written(*message).dump(), kMaxLines);
  if (!again || !same(*again, *message)) std::abort();
  return 0;
}
