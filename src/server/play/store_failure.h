// What a client is told when the store fails. The store's own text (an SQL message, a file
// path, a PostgreSQL "malformed array literal") says how the server is built and is no answer
// a client can act on: it goes to the server's log (core/log.h: a "store.failure" line naming
// the request), and the client gets a status and a one-line message naming what failed.
#pragma once

#include <string>
#include <string_view>

#include "core/log.h"
#include "server/play/outcome.h"
#include "store/store.h"

namespace arbiter::server {

// 409 for a conflict (the stored data changed meanwhile), 503 when the store cannot read or
// write (a full disk, a lost connection, a damaged file), 500 otherwise. `what` names the
// operation for the client and the log ("reading game X"); "" for none.
inline ApiError store_failure(std::string_view what, const store::Error& error) {
  const std::string where = what.empty() ? std::string() : std::string(what) + ": ";
  log::error("store.failure", {{"what", what}, {"error", error.message}});
  switch (error.code) {
    case store::ErrorCode::kConflict:
      return conflict(where + "the stored data changed meanwhile; try again");
    case store::ErrorCode::kIo:
    case store::ErrorCode::kCorrupt:
      return {503, where + "the store cannot write or read now (the server's log says why)"};
    default:
      return internal_error(where + "the store failed (the server's log says why)");
  }
}

inline ApiError store_failure(std::string_view what, const store::Status& st) {
  return store_failure(what, store::Error{st.code(), st.error()});
}

}  // namespace arbiter::server
