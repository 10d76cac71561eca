// The refusals that several parts of the hub give (hub.h), each written once.
#pragma once

#include <string>

#include "server/play/live_game.h"
#include "server/play/outcome.h"
#include "server/play/store_failure.h"

namespace arbiter::server {

inline ApiError game_over(const LiveGame& g) {
  return conflict("game " + g.row.id + " is over: " + g.row.result);
}

inline ApiError busy_store() {
  return {503, "busy: the store has too many writes waiting; try again shortly"};
}

inline ApiError busy_game(const std::string& id) {
  return {503, "busy: too many changes of game " + id + " waiting; try again shortly"};
}

inline ApiError busy_ai() { return {503, "busy: too many AI moves waiting; try again shortly"}; }

inline ApiError busy_workers() {
  return {503, "busy: too many requests waiting for the server's workers; try again shortly"};
}

// A failed write of a change (store_failure.h): 409 for a conflict, 503 when the store cannot
// write; the store's own text is logged, never answered.
inline ApiError write_failure(const store::Status& st) { return store_failure("", st); }

}  // namespace arbiter::server
