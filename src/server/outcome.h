// Outcome<T>: what a server operation gives back, a value or an HTTP-style failure (status and
// a one-line message). The transport turns a failure into `{"error": "..."}` with that status.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace arbiter::server {

struct ApiError {
  int status = 400;
  std::string message;
};

inline ApiError bad_request(std::string m) { return {400, std::move(m)}; }
inline ApiError unauthorized(std::string m) { return {401, std::move(m)}; }
inline ApiError forbidden(std::string m) { return {403, std::move(m)}; }
inline ApiError not_found(std::string m) { return {404, std::move(m)}; }
inline ApiError conflict(std::string m) { return {409, std::move(m)}; }
inline ApiError internal_error(std::string m) { return {500, std::move(m)}; }

template <class T>
class [[nodiscard]] Outcome {
 public:
  Outcome(T value) : v_(std::move(value)) {}         // NOLINT: implicit by design
  Outcome(ApiError error) : v_(std::move(error)) {}  // NOLINT
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  const ApiError& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, ApiError> v_;
};

}  // namespace arbiter::server
