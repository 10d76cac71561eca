#include "store/thinking_notice.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <type_traits>

namespace arbiter::store {

std::string write_thinking_notice(const ThinkingNotice& notice) {
  nlohmann::json j = {{"game", notice.game_id}, {"ply", notice.ply},     {"seat", notice.seat},
                      {"depth", notice.depth},  {"score", notice.score}, {"nodes", notice.nodes},
                      {"nps", notice.nps},      {"pv", notice.pv}};
  std::string text = j.dump();
  while (text.size() > kMaxThinkingNoticeBytes && !j["pv"].empty()) {
    j["pv"].erase(j["pv"].size() - 1);
    text = j.dump();
  }
  return text;
}

std::optional<ThinkingNotice> read_thinking_notice(std::string_view text) {
  const auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  const auto whole = [&](const char* key, auto& out, int64_t low, int64_t high) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer()) return false;
    const auto v = it->get<int64_t>();
    if (v < low || v > high) return false;
    out = static_cast<std::remove_reference_t<decltype(out)>>(v);
    return true;
  };
  ThinkingNotice n;
  const auto game = j.find("game");
  const auto pv = j.find("pv");
  if (game == j.end() || !game->is_string() || game->get_ref<const std::string&>().empty() ||
      pv == j.end() || !pv->is_array()) {
    return std::nullopt;
  }
  n.game_id = game->get<std::string>();
  constexpr int64_t kInt = INT32_MAX;
  if (!whole("ply", n.ply, 0, kInt) || !whole("seat", n.seat, 0, 63) ||
      !whole("depth", n.depth, 0, kInt) || !whole("score", n.score, -kInt, kInt) ||
      !whole("nodes", n.nodes, 0, INT64_MAX) || !whole("nps", n.nps, 0, INT64_MAX)) {
    return std::nullopt;
  }
  for (const auto& move : *pv) {
    if (!move.is_string()) return std::nullopt;
    n.pv.push_back(move.get<std::string>());
  }
  return n;
}

}  // namespace arbiter::store
