// One WebSocket watching a game (/api/games/{id}/ws) or the lobby (/api/lobby/ws): sends every
// message the hub or the lobby pushes (in order, one write at a time), and hands each incoming
// message to the API. A watcher that falls too far behind is disconnected rather than buffered
// without bound.
//
// The upgrade's session (the cookie a browser sends, or a bearer "s.…") names the account
// watching, read on a hub worker once the WebSocket is open: on a game, the seats the account
// holds count as present while it is connected (presence, docs/online.md), as a hello with a
// seat token does; on the lobby, it is whom a challenge is shown to and whom "seek_taken" tells.
#include <boost/asio/post.hpp>
#include <memory>

#include "server/accounts/caller.h"
#include "server/accounts/online_api.h"
#include "server/http/api_json.h"
#include "server/net/transport.h"
#include "server/net/ws_connection.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

constexpr std::size_t kMaxQueued = 1024;  // messages waiting to be written
// The session cookie's name and its "=": a Cookie header without it names no account.
const std::string kSessionCookiePrefix = std::string(kSessionCookie) + "=";

class WsSession : public WsConnection<WsSession>, public Subscriber, public LobbyWatcher {
 public:
  WsSession(net::ip::tcp::socket&& socket, const Context& ctx, std::string game, std::string remote,
            ConnectionSlot slot)
      : WsConnection(std::move(socket), kMaxQueued, std::move(slot), ctx.websockets),
        ctx_(ctx),
        game_(std::move(game)),
        remote_(std::move(remote)) {}

  // Thread-safe: called by the hub under a game's lock; the JSON is written, and sent, on our
  // strand.
  void send(std::shared_ptr<const GameEvent> event) override {
    net::post(executor(), [self = shared_from_this(), e = std::move(event)] {
      self->enqueue(std::make_shared<const std::string>(event_text(*e)));
    });
  }
  // Thread-safe, as send(): called by the lobby under its lock.
  void send_lobby(std::shared_ptr<const std::string> message) override { post(std::move(message)); }

 private:
  friend class WsConnection<WsSession>;

  bool lobby() const { return game_.empty(); }
  std::string metrics_kind() const { return lobby() ? "lobby" : "game"; }

  void on_open() {
    if (!lobby()) {
      auto subscribed = ctx_.hub.subscribe(game_, weak_from_this());
      if (!subscribed) {
        enqueue(std::make_shared<const std::string>(ws_error_text(subscribed.error().message)));
      }
    }
    with_account();
  }

  // Reads who the upgrade's session belongs to (on a hub worker: it may read the store), then
  // marks the account's seats present, or subscribes to the lobby as that account. Without a
  // session, or with the workers busy, the watcher is a guest.
  void with_account() {
    Request request;
    request.authorization = std::string(upgrade()[http::field::authorization]);
    request.cookie = std::string(upgrade()[http::field::cookie]);
    const bool has_session = request.cookie.find(kSessionCookiePrefix) != std::string::npos ||
                             request.authorization.find("s.") != std::string::npos;
    if (!has_session) return watch_as("");
    auto self = shared_from_this();
    const bool queued = ctx_.hub.run_work([self, request] {
      // Back on our strand, so that a close() since is seen and leave() follows announce().
      net::post(self->executor(), [self, caller = self->ctx_.api.session_caller(request)] {
        if (!self->closed()) self->watch_as(caller);
      });
    });
    if (!queued) watch_as(accounts::Caller());
  }

  // On our strand. `caller`: the session's account (accounts/caller.h), nobody for a guest.
  void watch_as(const accounts::Caller& caller) {
    if (lobby()) {
      const store::AccountId account = caller.account() ? caller.account()->id : 0;
      return ctx_.hub.lobby().subscribe(weak_from_this(), account);
    }
    // A watcher whose account holds no seat is only a watcher: nothing to answer.
    if (!caller.nobody()) (void)ctx_.hub.announce(game_, caller, weak_from_this());
  }

  void on_message(const std::string& text) {
    // An error is answered when known (a move is checked once stored), back on our strand.
    ctx_.api.handle_ws_message_async(
        game_, text, remote_,
        [self = shared_from_this()](std::string reply) {
          self->post(std::make_shared<const std::string>(std::move(reply)));
        },
        weak_from_this());
  }

  // Its seats are away from now (presence, docs/online.md).
  void on_close() {
    if (!lobby()) ctx_.hub.leave(game_, this);
  }

  const Context& ctx_;
  std::string game_;
  std::string remote_;
};

}  // namespace

void start_ws_session(net::ip::tcp::socket&& socket, const Context& ctx, std::string game,
                      std::string remote, WsUpgrade&& upgrade, ConnectionSlot slot) {
  std::make_shared<WsSession>(std::move(socket), ctx, std::move(game), std::move(remote),
                              std::move(slot))
      ->run(std::move(upgrade));
}

}  // namespace arbiter::server
