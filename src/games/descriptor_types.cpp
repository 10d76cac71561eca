#include "games/descriptor_types.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace arbiter {
namespace {

// Ranges wider than this are written `N` (with the range in the meaning): `max_plies=N`.
constexpr int64_t kWidestWrittenRange = 1000;

std::string values_text(const ParamSpec& p) {
  switch (p.type) {
    case ParamType::kInt:
      if (p.max - p.min > kWidestWrittenRange) return "N";
      return std::to_string(p.min) + ".." + std::to_string(p.max);
    case ParamType::kChoice: {
      std::string out;
      for (auto c : p.choices) out += (out.empty() ? "" : "|") + std::string(c);
      return out;
    }
    case ParamType::kBool:
      return "on|off";
    case ParamType::kText:
      return std::string(p.example.empty() ? "TEXT" : p.example);
  }
  return {};
}

std::string meaning_text(const ParamSpec& p) {
  std::string out(p.help);
  std::string notes;
  if (p.type == ParamType::kInt && p.max == INT64_MAX) {
    notes = std::to_string(p.min) + " or more";
  } else if (p.type == ParamType::kInt && p.max - p.min > kWidestWrittenRange) {
    notes = std::to_string(p.min) + ".." + std::to_string(p.max);
  }
  if (!p.default_value.empty()) {
    notes += (notes.empty() ? "default " : ", default ") + std::string(p.default_value);
  }
  if (!notes.empty()) out += " (" + notes + ")";
  return out;
}

}  // namespace

std::string params_help_text(std::span<const ParamSpec> specs) {
  std::vector<std::string> keys;
  std::size_t width = 0;
  for (const auto& p : specs) {
    keys.push_back(std::string(p.name) + "=" + values_text(p));
    width = std::max(width, keys.back().size());
  }
  std::string out;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    out += keys[i] + std::string(width + 2 - keys[i].size(), ' ') + meaning_text(specs[i]) + "\n";
  }
  return out;
}

}  // namespace arbiter
