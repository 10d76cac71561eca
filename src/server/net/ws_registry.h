// The WebSockets open on a server, so that a draining server can close them all (their clients
// reconnect, to another server behind the load balancer). Thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <utility>

namespace arbiter::server {

class WsRegistry {
 public:
  // `close` closes the connection from any thread (it posts to the session's strand). Returns
  // the key to remove it by.
  uint64_t add(std::function<void()> close) {
    std::lock_guard lock(mutex_);
    closers_.emplace(++next_, std::move(close));
    return next_;
  }
  void remove(uint64_t key) {
    std::lock_guard lock(mutex_);
    closers_.erase(key);
  }
  // Closes every connection open now; returns how many.
  std::size_t close_all() {
    std::map<uint64_t, std::function<void()>> open;
    {
      std::lock_guard lock(mutex_);
      open.swap(closers_);
    }
    for (auto& [key, close] : open) close();
    return open.size();
  }

 private:
  std::mutex mutex_;
  uint64_t next_ = 0;
  std::map<uint64_t, std::function<void()>> closers_;
};

}  // namespace arbiter::server
