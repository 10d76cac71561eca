// One analysis WebSocket (/api/analysis/ws): hands each message to the analysis API and sends
// what it answers, the live analysis's reports and the news of watched reviews, in order and
// one write at a time. Closing it stops its analysis. A client that falls too far behind is
// disconnected rather than buffered without bound.
#include <atomic>
#include <memory>

#include "server/analysis/analysis_api.h"
#include "server/net/transport.h"
#include "server/net/ws_connection.h"

namespace arbiter::server {
namespace {

namespace net = boost::asio;

constexpr std::size_t kMaxQueued = 256;  // messages waiting to be written

std::atomic<uint64_t> next_connection{1};

class AnalysisWsSession : public WsConnection<AnalysisWsSession>, public ReviewWatcher {
 public:
  AnalysisWsSession(net::ip::tcp::socket&& socket, const Context& ctx, Request upgrade_request,
                    ConnectionSlot slot)
      : WsConnection(std::move(socket), kMaxQueued, std::move(slot), ctx.websockets), ctx_(ctx) {
    client_.connection = next_connection++;
    client_.remote = upgrade_request.remote;
    client_.upgrade = std::move(upgrade_request);
  }

  void start(WsUpgrade&& upgrade) {
    // The client's messages and the analysis's reports: both come through the session, which
    // may be gone by the time a report is ready.
    std::weak_ptr<AnalysisWsSession> weak = weak_from_this();
    client_.send = [weak](std::string message) {
      if (auto self = weak.lock())
        self->post(std::make_shared<const std::string>(std::move(message)));
    };
    client_.watcher = weak;
    run(std::move(upgrade));
  }

  // A session dropped without a close (the server stopping) still frees its analysis's slot.
  ~AnalysisWsSession() override {
    if (!closed()) analysis().disconnected(client_);
  }

  void review_event(std::shared_ptr<const std::string> message) override {
    post(std::move(message));
  }

 private:
  friend class WsConnection<AnalysisWsSession>;

  AnalysisApi& analysis() { return ctx_.api.analysis(); }
  static std::string metrics_kind() { return "analysis"; }

  void on_open() {}

  void on_message(const std::string& text) {
    std::string reply = analysis().handle_ws_message(client_, text);
    if (!reply.empty()) enqueue(std::make_shared<const std::string>(std::move(reply)));
  }

  void on_close() { analysis().disconnected(client_); }

  const Context& ctx_;
  AnalysisClient client_;
};

}  // namespace

void start_analysis_ws_session(net::ip::tcp::socket&& socket, const Context& ctx, Request request,
                               WsUpgrade&& upgrade, ConnectionSlot slot) {
  std::make_shared<AnalysisWsSession>(std::move(socket), ctx, std::move(request), std::move(slot))
      ->start(std::move(upgrade));
}

}  // namespace arbiter::server
