#include "games/descriptor_types.h"

#include <algorithm>
#include <cctype>
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

constexpr std::string_view kOwnerLower = "{owner}";
constexpr std::string_view kOwnerUpper = "{OWNER}";

// The alternative of `letters` for `owner`: the owner-th '/'-separated one, or the last.
std::string_view alternative(std::string_view letters, int owner) {
  for (int k = 0; k < owner; ++k) {
    const auto bar = letters.find('/');
    if (bar == std::string_view::npos) break;
    letters.remove_prefix(bar + 1);
  }
  return letters.substr(0, letters.find('/'));
}

}  // namespace

const GlyphSpec* find_glyph(const Legend& legend, std::string_view key,
                            const std::vector<std::string>& tags) {
  const GlyphSpec* untagged = nullptr;
  for (const GlyphSpec& spec : legend.glyphs) {
    if (spec.key != key) continue;
    if (spec.tag.empty()) {
      if (!untagged) untagged = &spec;
    } else if (std::find(tags.begin(), tags.end(), spec.tag) != tags.end()) {
      return &spec;
    }
  }
  return untagged;
}

const ZoneSpec* find_zone(const Legend& legend, std::string_view kind) {
  for (const ZoneSpec& spec : legend.zones) {
    if (spec.kind == kind) return &spec;
  }
  return nullptr;
}

std::string glyph_letters(const GlyphSpec& spec, int owner, std::string_view owner_name) {
  const std::string_view letters = alternative(spec.letters, std::max(owner, 0));
  const char initial = owner_name.empty() ? '?' : owner_name[0];
  std::string out;
  for (std::size_t i = 0; i < letters.size();) {
    const std::string_view rest = letters.substr(i);
    if (rest.starts_with(kOwnerLower) || rest.starts_with(kOwnerUpper)) {
      const bool upper = rest.starts_with(kOwnerUpper);
      const auto ch = static_cast<unsigned char>(initial);
      out += static_cast<char>(upper ? std::toupper(ch) : std::tolower(ch));
      i += kOwnerLower.size();
    } else {
      out += letters[i++];
    }
  }
  return out;
}

int glyph_width(const Legend& legend) {
  int width = 1;
  for (const GlyphSpec& spec : legend.glyphs) {
    for (int owner = 0;; ++owner) {
      width = std::max(width, static_cast<int>(glyph_letters(spec, owner, "?").size()));
      if (alternative(spec.letters, owner).data() == alternative(spec.letters, owner + 1).data()) {
        break;
      }
    }
  }
  return width;
}

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

std::string_view param_type_name(ParamType type) {
  switch (type) {
    case ParamType::kInt:
      return "int";
    case ParamType::kChoice:
      return "choice";
    case ParamType::kBool:
      return "bool";
    case ParamType::kText:
      return "text";
  }
  return "text";
}

}  // namespace arbiter
