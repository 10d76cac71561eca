// One analysis WebSocket (/api/analysis/ws): hands each message to the analysis API and sends
// what it answers, the live analysis's reports and the news of watched reviews, in order and
// one write at a time. Closing it stops its analysis. A client that falls too far behind is
// disconnected rather than buffered without bound.
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>

#include "server/analysis/analysis_api.h"
#include "server/transport.h"
#include "server/ws_write_queue.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr std::size_t kMaxQueued = 256;  // messages waiting to be written

std::atomic<uint64_t> next_connection{1};

class AnalysisWsSession : public ReviewWatcher,
                          public std::enable_shared_from_this<AnalysisWsSession> {
 public:
  AnalysisWsSession(tcp::socket&& socket, const Context& ctx, Request upgrade_request,
                    ConnectionSlot slot)
      : ws_(std::move(socket)),
        ctx_(ctx),
        writes_(ws_, kMaxQueued, [this] { close(); }),
        slot_(std::move(slot)) {
    client_.connection = next_connection++;
    client_.remote = upgrade_request.remote;
    client_.upgrade = std::move(upgrade_request);
  }

  void run(http::request<http::string_body>&& upgrade) {
    // The client's messages and the analysis's reports: both come through the session, which
    // may be gone by the time a report is ready.
    std::weak_ptr<AnalysisWsSession> weak = weak_from_this();
    client_.send = [weak](std::string message) {
      if (auto self = weak.lock())
        self->post(std::make_shared<const std::string>(std::move(message)));
    };
    client_.watcher = weak;
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "arbiter"); }));
    ws_.read_message_max(kMaxBody);
    upgrade_ = std::move(upgrade);
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
      self->ws_.async_accept(self->upgrade_, [self](beast::error_code ec) { self->on_accept(ec); });
    });
  }

  // A session dropped without a close (the server stopping) still frees its analysis's slot.
  ~AnalysisWsSession() override {
    if (!writes_.stopped()) analysis().disconnected(client_);
  }

  void review_event(std::shared_ptr<const std::string> message) override {
    post(std::move(message));
  }

 private:
  AnalysisApi& analysis() { return ctx_.api.analysis(); }

  // Thread-safe: the message is queued on our strand.
  void post(std::shared_ptr<const std::string> message) {
    net::post(ws_.get_executor(),
              [self = shared_from_this(), m = std::move(message)] { self->enqueue(m); });
  }

  void on_accept(beast::error_code ec) {
    if (ec) return;
    ws_.text(true);
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
    std::string reply = analysis().handle_ws_message(client_, text);
    if (!reply.empty()) enqueue(std::make_shared<const std::string>(std::move(reply)));
    do_read();
  }

  void enqueue(std::shared_ptr<const std::string> message) {
    writes_.push(std::move(message), shared_from_this());
  }

  void close() {
    if (writes_.stopped()) return;
    writes_.stop();
    analysis().disconnected(client_);
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

  websocket::stream<beast::tcp_stream> ws_;
  const Context& ctx_;
  AnalysisClient client_;
  http::request<http::string_body> upgrade_;
  beast::flat_buffer buffer_;
  WsWriteQueue writes_;  // stopped once the session closes
  ConnectionSlot slot_;  // this connection's place among the server's (connection_limits.h)
};

}  // namespace

void start_analysis_ws_session(tcp::socket&& socket, const Context& ctx, Request request,
                               http::request<http::string_body>&& upgrade, ConnectionSlot slot) {
  std::make_shared<AnalysisWsSession>(std::move(socket), ctx, std::move(request), std::move(slot))
      ->run(std::move(upgrade));
}

}  // namespace arbiter::server
