// One analysis WebSocket (/api/analysis/ws): hands each message to the analysis API and sends
// what it answers, the live analysis's reports and the news of watched reviews, in order and
// one write at a time. Closing it stops its analysis. A client that falls too far behind is
// disconnected rather than buffered without bound.
#include <atomic>
#include <boost/asio/post.hpp>
#include <memory>

#include "server/analysis/analysis_api.h"
#include "server/net/transport.h"
#include "server/net/ws_stream.h"
#include "server/net/ws_write_queue.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace net = boost::asio;

constexpr std::size_t kMaxQueued = 256;  // messages waiting to be written

std::atomic<uint64_t> next_connection{1};

class AnalysisWsSession : public ReviewWatcher,
                          public std::enable_shared_from_this<AnalysisWsSession> {
 public:
  AnalysisWsSession(net::ip::tcp::socket&& socket, const Context& ctx, Request upgrade_request,
                    ConnectionSlot slot)
      : ws_(std::move(socket)),
        ctx_(ctx),
        writes_(ws_, kMaxQueued, [this] { close(); }),
        slot_(std::move(slot)) {
    client_.connection = next_connection++;
    client_.remote = upgrade_request.remote;
    client_.upgrade = std::move(upgrade_request);
  }

  void run(WsUpgrade&& upgrade) {
    // The client's messages and the analysis's reports: both come through the session, which
    // may be gone by the time a report is ready.
    std::weak_ptr<AnalysisWsSession> weak = weak_from_this();
    client_.send = [weak](std::string message) {
      if (auto self = weak.lock())
        self->post(std::make_shared<const std::string>(std::move(message)));
    };
    client_.watcher = weak;
    upgrade_ = std::move(upgrade);
    open_websocket(ws_, upgrade_, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->do_read();
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

  void do_read() {
    read_websocket_text(ws_, buffer_,
                        [self = shared_from_this()](beast::error_code ec, std::string text) {
                          self->on_read(ec, text);
                        });
  }

  void on_read(beast::error_code ec, const std::string& text) {
    if (ec) return close();
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
    close_websocket(ws_);
  }

  WsStream ws_;
  const Context& ctx_;
  AnalysisClient client_;
  WsUpgrade upgrade_;
  beast::flat_buffer buffer_;
  WsWriteQueue writes_;  // stopped once the session closes
  ConnectionSlot slot_;  // this connection's place among the server's (connection_limits.h)
};

}  // namespace

void start_analysis_ws_session(net::ip::tcp::socket&& socket, const Context& ctx, Request request,
                               WsUpgrade&& upgrade, ConnectionSlot slot) {
  std::make_shared<AnalysisWsSession>(std::move(socket), ctx, std::move(request), std::move(slot))
      ->run(std::move(upgrade));
}

}  // namespace arbiter::server
