// One WebSocket watching a game: sends every state and thinking message the hub broadcasts (in
// order, one write at a time), and hands each incoming message to the API. A watcher that
// falls too far behind is disconnected rather than buffered without bound.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>

#include "server/api_json.h"
#include "server/transport.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr std::size_t kMaxQueued = 1024;  // messages waiting to be written

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, const Context& ctx, std::string game, std::string remote,
            ConnectionSlot slot)
      : ws_(std::move(socket)),
        ctx_(ctx),
        game_(std::move(game)),
        remote_(std::move(remote)),
        slot_(std::move(slot)) {}

  void run(http::request<http::string_body>&& upgrade) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "arbiter"); }));
    ws_.read_message_max(kMaxBody);
    upgrade_ = std::move(upgrade);
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
      self->ws_.async_accept(self->upgrade_, [self](beast::error_code ec) { self->on_accept(ec); });
    });
  }

  // Thread-safe: called by the hub under a game's lock; the JSON is written, and sent, on our
  // strand.
  void send(std::shared_ptr<const GameEvent> event) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), e = std::move(event)] {
      self->enqueue(std::make_shared<const std::string>(event_text(*e)));
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    ws_.text(true);
    auto subscribed = ctx_.hub.subscribe(game_, weak_from_this());
    if (!subscribed) {
      enqueue(std::make_shared<const std::string>(ws_error_text(subscribed.error().message)));
    }
    do_read();
  }

  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->on_read(ec);
    });
  }

  void on_read(beast::error_code ec) {
    if (ec) return close();
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    // An error is answered when known (a move is checked once stored), back on our strand.
    ctx_.api.handle_ws_message_async(
        game_, text, remote_,
        [self = shared_from_this()](std::string reply) {
          net::post(self->ws_.get_executor(), [self, r = std::move(reply)]() mutable {
            self->enqueue(std::make_shared<const std::string>(std::move(r)));
          });
        },
        weak_from_this());
    do_read();
  }

  void enqueue(std::shared_ptr<const std::string> message) {
    if (closed_) return;
    if (queue_.size() >= kMaxQueued) return close();
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) do_write();
  }

  void do_write() {
    ws_.async_write(net::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec || self->closed_) return self->close();
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->do_write();
                    });
  }

  void close() {
    if (closed_) return;
    closed_ = true;               // the queue stays: a write in flight still reads its front
    ctx_.hub.leave(game_, this);  // its seats are away from now (presence, docs/online.md)
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

  websocket::stream<beast::tcp_stream> ws_;
  const Context& ctx_;
  std::string game_;
  std::string remote_;
  http::request<http::string_body> upgrade_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool closed_ = false;
  ConnectionSlot slot_;  // this connection's place among the server's (connection_limits.h)
};

}  // namespace

void start_ws_session(tcp::socket&& socket, const Context& ctx, std::string game,
                      std::string remote, http::request<http::string_body>&& upgrade,
                      ConnectionSlot slot) {
  std::make_shared<WsSession>(std::move(socket), ctx, std::move(game), std::move(remote),
                              std::move(slot))
      ->run(std::move(upgrade));
}

}  // namespace arbiter::server
