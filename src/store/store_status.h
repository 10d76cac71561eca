// How a store call fails: a code to act on and a one-line message naming the operation and the
// game. Every store call answers with a Status or a Result; nothing throws.
#pragma once

#include <cassert>
#include <string>
#include <utility>

#include "core/result.h"

namespace arbiter::store {

// What kind of failure a store call met; callers decide by the code, never by the message.
enum class ErrorCode {
  kConflict,  // append_move with a stale ply, create_game with an id that exists
  kNotFound,  // update_game, append_move or truncate_moves of a game that is not stored
  kInvalid,   // an argument no store accepts (a negative ply, an unsupported --db url)
  kIo,        // the file or the disk failed (unreadable, full, locked past the busy timeout)
  kCorrupt,   // the file is not a database, is damaged, or holds rows this schema cannot read
};

struct Error {
  ErrorCode code = ErrorCode::kIo;
  std::string message;  // one line: "OP game ID: why"
};

inline Error make_error(ErrorCode code, std::string message) {
  return Error{code, std::move(message)};
}

// A value or a store Error.
template <class T>
class [[nodiscard]] Result : public Expected<T, Error> {
 public:
  using Expected<T, Error>::Expected;
  const std::string& error() const { return this->failure().message; }
  ErrorCode code() const { return this->failure().code; }
};

// Success or a store Error.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT: implicit by design
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_.message; }
  ErrorCode code() const {
    assert(failed_);
    return error_.code;
  }
  // Whether this is a failure with `c`.
  bool is(ErrorCode c) const { return failed_ && error_.code == c; }
  const Error& failure() const { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

}  // namespace arbiter::store
