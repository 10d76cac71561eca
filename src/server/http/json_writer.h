// The server's one JSON writer (api_json.cpp uses it for every body and message it sends),
// straight into a string. It exists because the game object goes out after every move: for a
// Traverse game ten moves in (10.6 kB) building an nlohmann::ordered_json tree and dumping it
// took 155 µs against 13 µs here, and with it `bench/ws_load.sh` (16 clients) served 4,000
// moves/s at p99 6.1 ms against 8,000 at 3.7 ms. Requests are still parsed with nlohmann.
//
// Output is what nlohmann's dump(-1, ' ', false, error_handler_t::replace) writes for the same
// values: strings escaped as JSON requires (\", \\, \b \f \n \r \t, other control characters as
// \u00XX), each ill-formed UTF-8 sequence replaced by U+FFFD, integral doubles with a fraction
// (1.0). The caller keeps keys and values in order; commas come from the begin/end calls.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::server {

class JsonWriter;

// The text `body` writes through a JsonWriter, with room for `reserve` bytes made first.
template <class Body>
std::string written(std::size_t reserve, Body&& body);

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  // Starts a member: the next value (or begin_*) is its value.
  JsonWriter& key(std::string_view k) {
    comma();
    string_literal(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }

  JsonWriter& value(std::string_view s) {
    comma();
    string_literal(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) { return raw(b ? "true" : "false"); }
  JsonWriter& value(int v) { return number(static_cast<int64_t>(v)); }
  JsonWriter& value(int64_t v) { return number(v); }
  JsonWriter& value(uint64_t v) { return number(v); }
  JsonWriter& value(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
    // Integral doubles keep a fraction, as nlohmann writes them (1.0, not 1).
    const bool integral = text.find_first_of(".eE") == std::string_view::npos &&
                          text.find_first_of("ni") == std::string_view::npos;
    raw(text);
    if (integral) out_ += ".0";
    return *this;
  }
  JsonWriter& null() { return raw("null"); }
  // The value when there is one, else null.
  template <class T>
  JsonWriter& value(const std::optional<T>& v) {
    return v ? value(*v) : null();
  }
  // `v` when `present`, else null: a field whose "none" is stored as 0 or "".
  template <class T>
  JsonWriter& value_if(bool present, const T& v) {
    return present ? value(v) : null();
  }
  JsonWriter& value(const std::vector<std::string>& list) {
    begin_array();
    for (const auto& s : list) value(s);
    return end_array();
  }
  // A value already serialised as JSON.
  JsonWriter& raw(std::string_view json) {
    comma();
    out_ += json;
    return *this;
  }

 private:
  template <class T>
  JsonWriter& number(T v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return raw(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
  }
  JsonWriter& open(char c) {
    comma();
    out_ += c;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    first_ = false;
    return *this;
  }
  // Writes the separator a new element needs: none after `{`, `[` or a key, else a comma.
  void comma() {
    if (after_key_) {
      after_key_ = false;
    } else if (!first_) {
      out_ += ',';
    }
    first_ = false;
  }

  // The length of the well-formed UTF-8 sequence at the start of `s` (Unicode table 3-7), or 0
  // with `*valid_prefix` set to how many of its bytes could still begin one (at least 1): the
  // maximal subpart that one U+FFFD replaces.
  static std::size_t utf8_length(std::string_view s, std::size_t* valid_prefix) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = b(0);
    std::size_t need = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
    if (lead >= 0xC2 && lead <= 0xDF) {
      need = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      need = 3;
      if (lead == 0xE0) lo = 0xA0;
      if (lead == 0xED) hi = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      need = 4;
      if (lead == 0xF0) lo = 0x90;
      if (lead == 0xF4) hi = 0x8F;
    }
    std::size_t i = 1;
    if (need > 0) {
      for (; i < need && i < s.size(); ++i) {
        const unsigned char c = b(i);
        if (i == 1 ? (c < lo || c > hi) : (c < 0x80 || c > 0xBF)) break;
      }
      if (i == need) return need;
    }
    *valid_prefix = i;
    return 0;
  }

  void string_literal(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out_ += '"';
    for (std::size_t i = 0; i < s.size();) {
      const char c = s[i];
      const auto u = static_cast<unsigned char>(c);
      if (u >= 0x80) {
        std::size_t skip = 1;
        const std::size_t n = utf8_length(s.substr(i), &skip);
        if (n > 0) {
          out_.append(s.substr(i, n));
          i += n;
        } else {
          out_ += "\xEF\xBF\xBD";  // U+FFFD
          i += skip;
        }
        continue;
      }
      switch (c) {
        case '"':
          out_ += "\\\"";
          break;
        case '\\':
          out_ += "\\\\";
          break;
        case '\b':
          out_ += "\\b";
          break;
        case '\f':
          out_ += "\\f";
          break;
        case '\n':
          out_ += "\\n";
          break;
        case '\r':
          out_ += "\\r";
          break;
        case '\t':
          out_ += "\\t";
          break;
        default:
          if (u < 0x20) {
            out_ += "\\u00";
            out_ += kHex[u >> 4];
            out_ += kHex[u & 15];
          } else {
            out_ += c;
          }
      }
      ++i;
    }
    out_ += '"';
  }

  std::string& out_;
  bool first_ = true;  // nothing written yet in the current object or array
  bool after_key_ = false;
};

template <class Body>
std::string written(std::size_t reserve, Body&& body) {
  std::string out;
  out.reserve(reserve);
  JsonWriter w(out);
  body(w);
  return out;
}

}  // namespace arbiter::server
