// Game parameters: one `key=value` list everywhere (CLI, protocol, HTTP, records).
// The map keeps the user's order; each game validates its own keys and rejects unknown ones.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace arbiter {

class ParamMap {
 public:
  // Parses tokens such as `players=4 rules=advanced`; duplicates and missing `=` are errors.
  static Result<ParamMap> parse(std::string_view text);
  static Result<ParamMap> parse(const std::vector<std::string>& tokens);

  std::optional<std::string> get(std::string_view key) const;
  bool has(std::string_view key) const { return get(key).has_value(); }
  void set(std::string key, std::string value);
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }
  // Errors on the first key not in `known`, naming the game and listing the known keys.
  Status check_known(std::string_view game, const std::vector<std::string_view>& known) const;

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

}  // namespace arbiter
