// The process's log: one line per event on stderr, as text or as JSON (`serve --log-format`),
// safe from any thread (a line is written whole, never interleaved with another).
//
//   text: 2026-12-03T23:40:01.123Z info request id=7f3a… method=GET path=/api/games status=200
//   json: {"ts":"2026-12-03T23:40:01.123Z","level":"info","event":"request","id":"7f3a…",…}
//
// An event is a dotted name ("request", "game.move", "store.error") and fields in the order
// given. A text value with a space, a quote, '=' or a control character is written quoted with
// JSON's escapes, so either format is one line that a program can take apart.
//
// What a line must never hold (a test greps a whole run's logs for it): seat and session tokens,
// passwords, cookies, a database URL's password. Callers log paths without their query, names
// and ids, never bodies or headers; redact_url() takes the password out of a database URL.
//
// The request a thread works for (RequestScope) is added to every line it writes as
// `request=ID`, so a store error names the request that met it; the store thread and the hub's
// workers take the scope of the work they run (see Api and StoreQueue).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>

namespace arbiter::log {

enum class Format { kText, kJson };
enum class Level { kDebug = 0, kInfo = 1, kWarn = 2, kError = 3 };

// "text" or "json"; false for anything else.
bool parse_format(std::string_view text, Format& out);
bool parse_level(std::string_view text, Level& out);

// The process's settings; before the first line, or at any time (lines already written stay).
void set_format(Format format);
void set_level(Level level);
// Where lines go (stderr unless set; tests give a stringstream). Not owned; nullptr: stderr.
void set_sink(std::ostream* sink);
bool enabled(Level level);

// A field's value: text, or a number written as one (unquoted in JSON).
struct Value {
  Value(std::string_view s) : text(s) {}
  Value(const std::string& s) : text(s) {}
  Value(const char* s) : text(s) {}
  Value(int64_t n) : text(std::to_string(n)), number(true) {}
  Value(int n) : text(std::to_string(n)), number(true) {}
  Value(uint64_t n) : text(std::to_string(n)), number(true) {}
  Value(double x);
  std::string text;
  bool number = false;
};
using Field = std::pair<std::string_view, Value>;

void write(Level level, std::string_view event, std::initializer_list<Field> fields = {});
inline void info(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::kInfo, event, fields);
}
inline void warn(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::kWarn, event, fields);
}
inline void error(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::kError, event, fields);
}

// One line as write() makes it, at a given time (Unix ms); for tests and write() itself.
std::string format_line(Format format, int64_t unix_ms, Level level, std::string_view event,
                        std::string_view request, std::initializer_list<Field> fields);

// A new request id: 16 lowercase hex digits, unique in the process and unlikely to repeat
// across processes (a random start, then counted).
std::string new_request_id();
// Whether `id` may be taken from a client or proxy (X-Request-Id): 1-64 of [A-Za-z0-9._-].
bool valid_request_id(std::string_view id);

// The request the calling thread works for, "" for none.
const std::string& current_request();

// Sets the calling thread's request for its lifetime, then puts back the one before.
class RequestScope {
 public:
  explicit RequestScope(std::string id);
  ~RequestScope();
  RequestScope(const RequestScope&) = delete;
  RequestScope& operator=(const RequestScope&) = delete;

 private:
  std::string saved_;
};

// A database URL with its password replaced by "***" ("postgresql://u:***@host/db"); other
// text as it is.
std::string redact_url(std::string_view url);

}  // namespace arbiter::log
