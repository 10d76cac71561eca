#include "games/serialize.h"

#include "core/text.h"

namespace arbiter {

std::string format_serialized(std::string_view game, std::string_view params,
                              std::string_view position, std::string_view record,
                              std::span<const int> decisions) {
  std::string out;
  out.reserve(kSerializedMagic.size() + game.size() + params.size() + position.size() +
              record.size() + 8 * decisions.size() + 8);
  out += kSerializedMagic;
  out += ';';
  out += game;
  out += ';';
  out += params;
  out += ';';
  out += position;
  out += ';';
  out += record;
  out += ';';
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(decisions[i]);
  }
  return out;
}

Result<SerializedFields> split_serialized(std::string_view text) {
  std::string_view parts[6];
  std::size_t n = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ';') continue;
    if (n == 6) {
      n = 7;
      break;
    }
    parts[n++] = text.substr(start, i - start);
    start = i + 1;
  }
  if (n != 6) {
    return make_error("serialized state: expected 6 fields separated by ';' (" +
                      std::string(kSerializedMagic) + ";game;params;position;record;decisions)");
  }
  if (parts[0] != kSerializedMagic) {
    return make_error("serialized state: expected it to begin with '" +
                      std::string(kSerializedMagic) + "', got " + quote(parts[0]));
  }
  return SerializedFields{parts[1], parts[2], parts[3], parts[4], parts[5]};
}

Result<std::vector<int>> parse_decisions(std::string_view text, int num_actions) {
  std::vector<int> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ',') continue;
    const std::string_view item = text.substr(start, i - start);
    int value = 0;
    if (item.empty() || item.size() > 9) {
      return make_error("serialized state: decisions: " + quote(item) + " is not an action id");
    }
    for (char c : item) {
      if (c < '0' || c > '9') {
        return make_error("serialized state: decisions: " + quote(item) + " is not an action id");
      }
      value = value * 10 + (c - '0');
    }
    if (value >= num_actions) {
      return make_error("serialized state: decisions: " + std::to_string(value) + " is not below " +
                        std::to_string(num_actions));
    }
    out.push_back(value);
    start = i + 1;
  }
  return out;
}

void append_hex64(std::string& out, uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  char buf[16];
  for (int i = 15; i >= 0; --i) {
    buf[i] = kDigits[value & 15];
    value >>= 4;
  }
  out.append(buf, 16);
}

bool parse_hex64(std::string_view text, uint64_t& value) {
  if (text.size() != 16) return false;
  uint64_t v = 0;
  for (char c : text) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = c - 'A' + 10;
    } else {
      return false;
    }
    v = v << 4 | static_cast<uint64_t>(d);
  }
  value = v;
  return true;
}

}  // namespace arbiter
