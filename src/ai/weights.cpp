#include "ai/weights.h"

#include <fstream>
#include <limits>
#include <sstream>

#include "core/text.h"

namespace arbiter::ai {

Result<std::vector<NamedWeight>> parse_weights(std::string_view text, std::string_view name) {
  std::vector<NamedWeight> out;
  int line_number = 0;
  for (std::string_view line : split_exact(text, '\n')) {
    ++line_number;
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    const std::string where = std::string(name) + ":" + std::to_string(line_number) + ": ";
    const auto space = line.find_first_of(" \t");
    if (space == std::string_view::npos) {
      return make_error(where + "expected 'name value', got " + quote(line));
    }
    const std::string key(line.substr(0, space));
    auto value = parse_int(trim(line.substr(space)), std::numeric_limits<int>::min(),
                           std::numeric_limits<int>::max(), key);
    if (!value) return make_error(where + value.error());
    for (const NamedWeight& seen : out) {
      if (seen.name == key) {
        return make_error(where + "weight '" + key + "' set again (first on line " +
                          std::to_string(seen.line) + ")");
      }
    }
    out.push_back({key, static_cast<int>(*value), line_number});
  }
  return out;
}

Result<std::vector<NamedWeight>> read_weights(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(path + ": cannot read the weights file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_weights(text.str(), path);
}

}  // namespace arbiter::ai
