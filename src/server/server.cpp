#include "server/server.h"

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <cerrno>
#include <iostream>
#include <thread>
#include <vector>

#include "core/log.h"
#include "server/net/transport.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Out of descriptors (or kernel memory), a pending connection stays pending and the listening
// socket stays readable: accepting again at once would spin. Wait this long first.
constexpr auto kAcceptBackoff = std::chrono::milliseconds(100);

bool out_of_resources(const beast::error_code& ec) {
  return ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
         ec == net::error::no_memory || ec == beast::error_code(ENFILE, beast::system_category());
}

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, tcp::acceptor&& acceptor, const Context& ctx)
      : ioc_(ioc), acceptor_(std::move(acceptor)), backoff_(acceptor_.get_executor()), ctx_(ctx) {}

  void run() { accept(); }
  void close() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ec;
      self->acceptor_.close(ec);
      self->backoff_.cancel();
    });
  }

 private:
  void accept() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (!acceptor_.is_open()) return;
    if (out_of_resources(ec)) {
      backoff_.expires_after(kAcceptBackoff);
      backoff_.async_wait([self = shared_from_this()](beast::error_code) {
        if (self->acceptor_.is_open()) self->accept();
      });
      return;
    }
    if (!ec) admit(std::move(socket));
    accept();
  }

  void admit(tcp::socket socket) {
    beast::error_code ec;
    const auto peer = socket.remote_endpoint(ec);
    if (ec) return;  // already gone
    const bool proxy = ctx_.proxies.trusts(peer.address());
    ConnectionSlot slot;
    const auto verdict = ctx_.connections.admit(client_key(peer.address()), !proxy, slot);
    if (verdict == ConnectionLimits::Verdict::kDropped) return;  // closed as it goes
    // Small frames (a move, a state) must not wait for the peer's delayed ACK (Nagle).
    socket.set_option(tcp::no_delay(true), ec);
    start_http_session(std::move(socket), ctx_, verdict, std::move(slot));
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer backoff_;
  const Context& ctx_;
};

// Connections in all: what the descriptor limit leaves after a reserve for everything else
// (store, WAL, web files, AI threads, the event loop's own).
std::size_t connection_cap(std::size_t descriptors) {
  const std::size_t reserve = std::clamp<std::size_t>(descriptors / 4, 16, 256);
  return descriptors > reserve + 8 ? descriptors - reserve : 8;
}

Result<tcp::endpoint> resolve(const std::string& host, uint16_t port) {
  beast::error_code ec;
  auto address = net::ip::make_address(host, ec);
  if (!ec) return tcp::endpoint(address, port);
  net::io_context ioc;
  tcp::resolver resolver(ioc);
  auto results = resolver.resolve(host, std::to_string(port), ec);
  if (ec || results.empty()) return make_error("--host: cannot resolve " + host);
  return results.begin()->endpoint();
}

HubOptions hub_options(const ServerOptions& o) {
  HubOptions h;
  h.ai_movetime = o.ai_movetime;
  h.ai_workers = o.ai_workers;
  h.max_live_games = o.max_live_games;
  h.ai_memory_mb = o.ai_memory_mb;
  h.ai_queue = o.ai_queue;
  h.legal_memory_mb = o.legal_memory_mb;
  h.abandon_days = o.abandon_days;
  h.shared_store_url = o.shared_store_url;
  h.clock = o.clock;
  h.disconnect_grace_ms = o.disconnect_grace_ms;
  h.rated_same_address = o.rated_same_address;
  return h;
}

}  // namespace

struct Server::Impl {
  Impl(ServerOptions o, std::shared_ptr<store::Store> store)
      : options(std::move(o)),
        hub(std::move(store), hub_options(options)),
        api(hub, options.rate_limit, options.create_limit, options.analysis),
        files(options.web_dir),
        connections(options.max_connections > 0 ? options.max_connections
                                                : connection_cap(raise_descriptor_limit()),
                    options.max_connections_per_address),
        ctx{api,
            hub,
            files,
            connections,
            proxies,
            options.request_timeout,
            options.secure_cookies,
            websockets,
            draining,
            answering,
            unread},
        ioc(std::max(1, options.threads)) {}

  ServerOptions options;
  Hub hub;
  Api api;
  StaticFiles files;
  ConnectionLimits connections;
  TrustedProxies proxies;
  WsRegistry websockets;
  std::atomic<bool> draining{false};
  std::atomic<std::size_t> answering{0};
  std::atomic<bool> unread{false};
  Context ctx;
  // Declared after what the sessions use, so it (and every session it holds) goes first.
  net::io_context ioc;
  // Keeps the I/O threads running until stop(). Without it, once a draining server's listener
  // closed and every connection waited on an answer from the hub (no socket operation pending),
  // the io_context ran out of work and its threads returned: the answers posted to the
  // connections then were never written, a stored move answered with a closed connection.
  net::executor_work_guard<net::io_context::executor_type> running{ioc.get_executor()};
  std::shared_ptr<Listener> listener;
  std::vector<std::thread> threads;
  uint16_t port = 0;
  bool started = false;
  bool stopped = false;
};

Server::Server(ServerOptions options, std::shared_ptr<store::Store> store)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(store))) {}

Server::~Server() { stop(); }

Hub& Server::hub() { return impl_->hub; }
uint16_t Server::port() const { return impl_->port; }

Status Server::start() {
  Impl& s = *impl_;
  if (s.started || s.stopped) return make_error("the server was started already");
  if (const std::size_t least = AiEngines::largest_engine_megabytes();
      s.options.ai_memory_mb < least) {
    return make_error("--ai-memory " + std::to_string(s.options.ai_memory_mb) +
                      " MB cannot hold the largest AI engine (" + std::to_string(least) +
                      " MB): give it at least that");
  }
  std::string proxy_error;
  s.proxies = TrustedProxies::parse(s.options.trust_proxy, &proxy_error);
  if (!proxy_error.empty()) return make_error(proxy_error);
  auto endpoint = resolve(s.options.host, s.options.port);
  if (!endpoint) return make_error(endpoint.error());
  tcp::acceptor acceptor(net::make_strand(s.ioc));
  beast::error_code ec;
  const std::string where = s.options.host + ":" + std::to_string(s.options.port);
  acceptor.open(endpoint->protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(*endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return make_error("cannot listen on " + where + ": " + ec.message());
  s.port = acceptor.local_endpoint().port();

  auto skipped = s.hub.load();
  if (!skipped) return make_error("loading games: " + skipped.error());
  for (const auto& message : *skipped) log::warn("game.skipped", {{"why", message}});

  s.listener = std::make_shared<Listener>(s.ioc, std::move(acceptor), s.ctx);
  s.listener->run();
  for (int i = 0; i < std::max(1, s.options.threads); ++i) {
    s.threads.emplace_back([&s] { s.ioc.run(); });
  }
  s.started = true;
  return {};
}

void Server::drain(std::chrono::milliseconds grace, std::chrono::milliseconds bound) {
  Impl& s = *impl_;
  if (!s.started || s.stopped) return stop();
  const auto start = std::chrono::steady_clock::now();
  s.draining = true;
  s.hub.set_draining();
  std::this_thread::sleep_for(std::min(grace, bound));
  if (s.listener) s.listener->close();
  s.websockets.close_all();
  const auto answered = [&] { return s.api.in_flight() == 0 && s.answering == 0; };
  const auto wait_answered = [&] {
    while (!answered() && std::chrono::steady_clock::now() - start < bound) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  };
  wait_answered();
  // An idle keep-alive connection may still bring a request, which stop() would leave
  // unanswered (a move stored, its answer lost): none is read from now on, and one read as this
  // was set is waited for too.
  s.unread = true;
  wait_answered();
  stop();
}

void Server::stop() {
  Impl& s = *impl_;
  if (s.stopped) return;
  s.stopped = true;
  if (s.listener) s.listener->close();
  s.api.shutdown();  // live analyses and reviews use the hub and the sessions
  s.hub.shutdown();
  s.ioc.stop();
  for (auto& t : s.threads) t.join();
  s.threads.clear();
}

}  // namespace arbiter::server
