// A minimal JSON writer straight into a string, for the objects the server sends after every
// move (the game object and its board): building an nlohmann tree of a hundred cells only to
// dump it cost more than the move itself. Strings are escaped as JSON requires; the caller keeps
// keys and values in order and supplies commas through the begin/end calls.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::server {

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
  void string_literal(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out_ += '"';
    for (char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += c;
      } else if (u < 0x20) {
        out_ += "\\u00";
        out_ += kHex[u >> 4];
        out_ += kHex[u & 15];
      } else {
        out_ += c;
      }
    }
    out_ += '"';
  }

  std::string& out_;
  bool first_ = true;  // nothing written yet in the current object or array
  bool after_key_ = false;
};

}  // namespace arbiter::server
