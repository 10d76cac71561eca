#include "core/params.h"

#include "core/text.h"

namespace arbiter {

Result<ParamMap> ParamMap::parse(std::string_view text) {
  std::vector<std::string> tokens;
  for (auto t : split(text)) tokens.emplace_back(t);
  return parse(tokens);
}

Result<ParamMap> ParamMap::parse(const std::vector<std::string>& tokens) {
  ParamMap map;
  for (const auto& token : tokens) {
    const auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == token.size()) {
      return make_error("parameter " + quote(token) + " is not of the form key=value");
    }
    std::string key = to_lower(token.substr(0, eq));
    if (map.has(key)) return make_error("parameter '" + key + "' is given twice");
    map.set(std::move(key), token.substr(eq + 1));
  }
  return map;
}

std::optional<std::string> ParamMap::get(std::string_view key) const {
  for (const auto& [k, v] : entries_) {
    if (k == key) return v;
  }
  return std::nullopt;
}

void ParamMap::set(std::string key, std::string value) {
  for (auto& [k, v] : entries_) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  entries_.emplace_back(std::move(key), std::move(value));
}

Status ParamMap::check_known(std::string_view game,
                             const std::vector<std::string_view>& known) const {
  for (const auto& [k, v] : entries_) {
    bool found = false;
    for (auto name : known) found = found || name == k;
    if (!found) {
      std::string list;
      for (auto name : known) list += (list.empty() ? "" : ", ") + std::string(name);
      return make_error("unknown parameter '" + k + "' for " + std::string(game) +
                        " (known: " + list + ")");
    }
  }
  return {};
}

}  // namespace arbiter
