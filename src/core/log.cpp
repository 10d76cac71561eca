#include "core/log.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>

namespace arbiter::log {
namespace {

std::atomic<Format> g_format{Format::kText};
std::atomic<Level> g_level{Level::kInfo};
std::atomic<std::ostream*> g_sink{nullptr};
std::mutex g_write_mutex;

thread_local std::string t_request;

const char* level_name(Level level) {
  switch (level) {
    case Level::kDebug:
      return "debug";
    case Level::kInfo:
      return "info";
    case Level::kWarn:
      return "warn";
    case Level::kError:
      return "error";
  }
  return "info";
}

// A JSON string literal; bytes that are not UTF-8 become U+FFFD rather than an exception.
std::string json_string(std::string_view s) {
  return nlohmann::json(std::string(s))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool needs_quotes(std::string_view s) {
  if (s.empty()) return true;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f || c == '"' || c == '=' || c == '\\') return true;
  }
  return false;
}

std::string timestamp(int64_t unix_ms) {
  const std::time_t secs = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[96];  // room for any int the compiler cannot bound
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(unix_ms % 1000));
  return buf;
}

// `password=...` in a URL's query (libpq takes one there too) as `password=***`.
std::string redact_url_query(std::string_view url) {
  std::string out(url);
  const auto q = out.find('?');
  if (q == std::string::npos) return out;
  for (std::size_t at = out.find("password=", q); at != std::string::npos;
       at = out.find("password=", at + 1)) {
    if (out[at - 1] != '?' && out[at - 1] != '&') continue;
    const std::size_t value = at + 9;
    const std::size_t end = std::min(out.find('&', value), out.size());
    out.replace(value, end - value, "***");
  }
  return out;
}

void append_text(std::string& out, std::string_view key, const Value& v) {
  out += ' ';
  out += key;
  out += '=';
  out += !v.number && needs_quotes(v.text) ? json_string(v.text) : v.text;
}

void append_json(std::string& out, std::string_view key, const Value& v) {
  out += ',';
  out += json_string(key);
  out += ':';
  out += v.number ? v.text : json_string(v.text);
}

}  // namespace

Value::Value(double x) : number(true) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  text = buf;
}

bool parse_format(std::string_view text, Format& out) {
  if (text == "text") return out = Format::kText, true;
  if (text == "json") return out = Format::kJson, true;
  return false;
}

bool parse_level(std::string_view text, Level& out) {
  for (const Level l : {Level::kDebug, Level::kInfo, Level::kWarn, Level::kError}) {
    if (text == level_name(l)) return out = l, true;
  }
  return false;
}

void set_format(Format format) { g_format.store(format); }
void set_level(Level level) { g_level.store(level); }
void set_sink(std::ostream* sink) { g_sink.store(sink); }
bool enabled(Level level) { return level >= g_level.load(std::memory_order_relaxed); }

std::string format_line(Format format, int64_t unix_ms, Level level, std::string_view event,
                        std::string_view request, std::initializer_list<Field> fields) {
  std::string out;
  if (format == Format::kJson) {
    out = "{\"ts\":\"" + timestamp(unix_ms) + "\",\"level\":\"" + level_name(level) +
          "\",\"event\":" + json_string(event);
    if (!request.empty()) append_json(out, "request", Value(request));
    for (const auto& [key, value] : fields) append_json(out, key, value);
    out += '}';
  } else {
    out = timestamp(unix_ms) + " " + level_name(level) + " ";
    out += event;
    if (!request.empty()) append_text(out, "request", Value(request));
    for (const auto& [key, value] : fields) append_text(out, key, value);
  }
  return out;
}

void write(Level level, std::string_view event, std::initializer_list<Field> fields) {
  if (!enabled(level)) return;
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  std::string line = format_line(g_format.load(), now, level, event, t_request, fields);
  line += '\n';
  std::lock_guard lock(g_write_mutex);
  std::ostream* sink = g_sink.load();
  std::ostream& os = sink ? *sink : std::cerr;
  os << line;
  os.flush();
}

std::string new_request_id() {
  static const uint64_t start = [] {
    std::random_device rd;
    return (static_cast<uint64_t>(rd()) << 32) ^ rd();
  }();
  static std::atomic<uint64_t> counter{0};
  // A multiplicative mix spreads consecutive ids, so two look different at a glance.
  const uint64_t n = (start + counter.fetch_add(1)) * 0x9E3779B97F4A7C15ull;
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(n));
  return buf;
}

bool valid_request_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

const std::string& current_request() { return t_request; }

RequestScope::RequestScope(std::string id) : saved_(std::move(t_request)) {
  t_request = std::move(id);
}

RequestScope::~RequestScope() { t_request = std::move(saved_); }

std::string redact_url(std::string_view url) {
  const auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return std::string(url);
  const auto authority = scheme + 3;
  const auto at = url.find('@', authority);
  const auto slash = url.find('/', authority);
  if (at == std::string_view::npos || (slash != std::string_view::npos && slash < at)) {
    // No user part; a password may still come as a query parameter.
  } else {
    const auto colon = url.find(':', authority);
    if (colon != std::string_view::npos && colon < at) {
      std::string out(url.substr(0, colon + 1));
      out += "***";
      out += url.substr(at);
      return redact_url_query(out);
    }
  }
  return redact_url_query(url);
}

}  // namespace arbiter::log
