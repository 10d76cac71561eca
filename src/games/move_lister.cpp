#include "games/move_lister.h"

#include <algorithm>
#include <cctype>

namespace arbiter {
namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::vector<std::string> fill_lines(const std::vector<std::string>& words,
                                    std::string_view indent) {
  std::vector<std::string> lines;
  std::string line;
  bool fresh = true;  // nothing on the line yet but the indent
  for (const auto& w : words) {
    if (!fresh && line.size() + 1 + w.size() > kLineWidth) {
      lines.push_back(line);
      line = std::string(indent);
      fresh = true;
    }
    line += (fresh ? "" : " ") + w;
    fresh = false;
  }
  if (!fresh) lines.push_back(line);
  return lines;
}

std::string with_commas(std::size_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, ",");
  return digits;
}

bool cell_before(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty() || a[0] != b[0]) return a < b;
  const auto number = [](const std::string& s) {
    return s.size() > 1 && is_digit(s[1]) ? std::stoi(s.substr(1)) : 0;
  };
  return number(a) != number(b) ? number(a) < number(b) : a < b;
}

bool trapped(const ViewCell& c) {
  return std::find(c.tags.begin(), c.tags.end(), "trapped") != c.tags.end();
}

}  // namespace arbiter
