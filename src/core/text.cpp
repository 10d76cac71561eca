#include "core/text.h"

#include <cctype>
#include <charconv>

namespace arbiter {

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

std::vector<std::string_view> split(std::string_view s, std::string_view separators) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    i = s.find_first_not_of(separators, i);
    if (i == std::string_view::npos) break;
    std::size_t j = s.find_first_of(separators, i);
    if (j == std::string_view::npos) j = s.size();
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string_view> split_exact(std::string_view s, char separator) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == separator) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

Result<int64_t> parse_int(std::string_view s, int64_t lo, int64_t hi, std::string_view what) {
  int64_t v = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  if (ec == std::errc::result_out_of_range && p == end) {
    // Digits beyond 64 bits: a whole number still, and out of range.
    return make_error(std::string(what) + ": " + std::string(quote(s)) + " is out of range " +
                      std::to_string(lo) + ".." + std::to_string(hi));
  }
  if (s.empty() || ec != std::errc() || p != end) {
    return make_error(std::string(what) + ": expected a whole number, got " + quote(s));
  }
  if (v < lo || v > hi) {
    return make_error(std::string(what) + ": " + std::to_string(v) + " is out of range " +
                      std::to_string(lo) + ".." + std::to_string(hi));
  }
  return v;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string quote(std::string_view s) {
  constexpr std::size_t kMax = 60;
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < kMax; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (s.size() > kMax) out += "...";
  return out + "'";
}

}  // namespace arbiter
