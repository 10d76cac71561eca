// The outgoing half of a server WebSocket (a game's or the lobby's watcher, ws_session.cpp; an
// analysis client, analysis/analysis_ws_session.cpp): messages are written in the order they are
// pushed, one async_write at a time (a Beast stream allows one write in flight), each shared
// rather than copied (one broadcast goes to every watcher). A peer that reads slower than its
// messages come is not buffered without bound: a push that finds `max_queued` messages waiting
// fails the queue instead.
//
// Contract: every call, and `on_failure`, runs on the stream's strand. `on_failure` is the
// owner's close: it is called when a write fails or a push overflows, and never once stop() has
// been called. After stop() (the owner closing) pushes are dropped and no further write starts;
// a write in flight still reads its message, which the queue keeps until the queue is gone.
#pragma once

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <string>

namespace arbiter::server {

class WsWriteQueue {
 public:
  using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;

  // `stream` and the queue belong to one owner (the session), which outlives every write: see
  // push().
  WsWriteQueue(Stream& stream, std::size_t max_queued, std::function<void()> on_failure);

  // Queues `message` and starts writing it if no write is in flight; with `max_queued` messages
  // already queued, queues nothing and calls `on_failure`. `owner` (the session holding the
  // stream and this queue) is kept alive until the writes this push starts have completed.
  void push(std::shared_ptr<const std::string> message, std::shared_ptr<void> owner);

  // The owner is closing: drops every later push and starts no further write. Idempotent.
  void stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }

  // The messages not yet fully written, the one in flight included.
  std::size_t size() const { return queue_.size(); }

 private:
  void write_front(std::shared_ptr<void> owner);

  Stream& stream_;
  const std::size_t max_queued_;
  std::function<void()> on_failure_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool stopped_ = false;
};

}  // namespace arbiter::server
