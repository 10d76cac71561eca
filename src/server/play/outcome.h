// Outcome<T>: what a server operation gives back, a value or an HTTP-style failure (status and
// a one-line message). The transport turns a failure into `{"error": "..."}` with that status.
#pragma once

#include <functional>
#include <string>
#include <utility>

#include "core/result.h"

namespace arbiter::server {

// GCC 12 loses track of which alternative an Outcome's variant holds through an inlined
// std::function call (Hub::create's store callback) and warns that copying the ApiError it
// holds may read uninitialized memory: a false positive (-Wmaybe-uninitialized), reported at
// this struct's implicit copy constructor and silenced there alone. Clang has no such warning.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
struct ApiError {
  int status = 400;
  std::string message;
};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

inline ApiError bad_request(std::string m) { return {400, std::move(m)}; }
inline ApiError unauthorized(std::string m) { return {401, std::move(m)}; }
inline ApiError forbidden(std::string m) { return {403, std::move(m)}; }
inline ApiError not_found(std::string m) { return {404, std::move(m)}; }
inline ApiError conflict(std::string m) { return {409, std::move(m)}; }
inline ApiError internal_error(std::string m) { return {500, std::move(m)}; }

template <class T>
class [[nodiscard]] Outcome : public Expected<T, ApiError> {
 public:
  using Expected<T, ApiError>::Expected;
  const ApiError& error() const { return this->failure(); }
};

// Called once with the answer of an asynchronous operation: on the caller's thread before the
// call returns, or later on the store thread or a hub worker. It must not block.
template <class T>
using Reply = std::function<void(Outcome<T>)>;

}  // namespace arbiter::server
