// Waiting for the answer of one of the hub's asynchronous operations (outcome.h's Reply), for a
// caller that has a thread to spare: a hub worker (the lobby's seek taken), a tool, a test.
// Never from an I/O thread: the answer comes from the store thread or a worker.
#pragma once

#include <future>
#include <utility>

#include "server/play/outcome.h"

namespace arbiter::server {

// Runs `call(reply)` and waits until `reply` is called; returns what it was called with.
template <class T, class Call>
Outcome<T> wait_for(Call&& call) {
  std::promise<Outcome<T>> promise;
  auto answer = promise.get_future();
  call(Reply<T>([&promise](Outcome<T> out) { promise.set_value(std::move(out)); }));
  return answer.get();
}

}  // namespace arbiter::server
