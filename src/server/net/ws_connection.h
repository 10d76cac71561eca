// What every server WebSocket session shares (a game's or the lobby's watcher, ws_session.cpp;
// an analysis client, analysis/analysis_ws_session.cpp): the stream, opening it, reading one
// text message after another, writing in order through a bounded queue (ws_write_queue.h), and
// closing once. A session derives from WsConnection<Session> and supplies
//   void on_open();                          the WebSocket is open (on the strand)
//   void on_message(const std::string& text); a text message came (on the strand)
//   void on_close();                          it closes: once, before the stream is closed
//   std::string metrics_kind() const;         what the metrics count it as ("game", "lobby")
// and calls post() from any thread, enqueue() and close() on its strand.
#pragma once

#include <boost/asio/post.hpp>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "core/metrics.h"
#include "server/net/connection_limits.h"
#include "server/net/ws_registry.h"
#include "server/net/ws_stream.h"
#include "server/net/ws_write_queue.h"

namespace arbiter::server {

template <class Session>
class WsConnection : public std::enable_shared_from_this<Session> {
 public:
  // `max_queued`: the messages that may wait to be written; a peer further behind is closed.
  // While open, the connection is in `registry` (a draining server closes what it holds).
  WsConnection(boost::asio::ip::tcp::socket&& socket, std::size_t max_queued, ConnectionSlot slot,
               WsRegistry& registry)
      : ws_(std::move(socket)),
        writes_(ws_, max_queued, [this] { close(); }),
        slot_(std::move(slot)),
        registry_(registry) {}

  // Completes the upgrade; on_open() then runs and reading starts.
  void run(WsUpgrade&& upgrade) {
    upgrade_ = std::move(upgrade);
    open_websocket(ws_, upgrade_, [self = self()](boost::beast::error_code ec) {
      if (ec) return;
      self->opened_ = self->metrics_kind();
      self->registered_ = self->registry_.add([weak = std::weak_ptr<Session>(self)] {
        if (auto s = weak.lock()) {
          boost::asio::post(s->ws_.get_executor(), [s] { s->close(); });
        }
      });
      metrics::metrics().websockets.at({self->opened_}).add(1);
      self->on_open();
      self->do_read();
    });
  }

  // Thread-safe: `message` is queued on the session's strand.
  void post(std::shared_ptr<const std::string> message) {
    boost::asio::post(ws_.get_executor(),
                      [self = self(), m = std::move(message)] { self->enqueue(m); });
  }

 protected:
  // On the strand.
  void enqueue(std::shared_ptr<const std::string> message) {
    static metrics::Counter& out = metrics::metrics().websocket_messages.at({"out"});
    out.add();
    writes_.push(std::move(message), self());
  }
  void close() {
    if (writes_.stopped()) return;
    writes_.stop();
    if (!opened_.empty()) metrics::metrics().websockets.at({opened_}).add(-1);
    if (registered_) registry_.remove(registered_);
    static_cast<Session*>(this)->on_close();
    close_websocket(ws_);
  }
  bool closed() const { return writes_.stopped(); }
  const WsUpgrade& upgrade() const { return upgrade_; }
  auto executor() { return ws_.get_executor(); }

 private:
  std::shared_ptr<Session> self() { return this->shared_from_this(); }

  void do_read() {
    read_websocket_text(
        ws_, buffer_, [self = self()](boost::beast::error_code ec, std::string text) {
          if (ec) return self->close();
          static metrics::Counter& in = metrics::metrics().websocket_messages.at({"in"});
          in.add();
          self->on_message(text);
          self->do_read();
        });
  }

  WsStream ws_;
  WsUpgrade upgrade_;
  boost::beast::flat_buffer buffer_;
  WsWriteQueue writes_;  // stopped once the session closes
  ConnectionSlot slot_;  // this connection's place among the server's (connection_limits.h)
  std::string opened_;   // the metrics kind it was counted open as, "" before it opened
  WsRegistry& registry_;
  uint64_t registered_ = 0;  // its key in registry_ once open
};

}  // namespace arbiter::server
