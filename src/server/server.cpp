#include "server/server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <iostream>
#include <thread>
#include <vector>

#include "server/transport.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, tcp::acceptor&& acceptor, const Context& ctx)
      : ioc_(ioc), acceptor_(std::move(acceptor)), ctx_(ctx) {}

  void run() { accept(); }
  void close() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ec;
      self->acceptor_.close(ec);
    });
  }

 private:
  void accept() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (!acceptor_.is_open()) return;
    if (!ec) {
      // Small frames (a move, a state) must not wait for the peer's delayed ACK (Nagle).
      beast::error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      start_http_session(std::move(socket), ctx_);
    }
    accept();
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  const Context& ctx_;
};

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

}  // namespace

struct Server::Impl {
  Impl(ServerOptions o, std::shared_ptr<store::Store> store)
      : options(std::move(o)),
        hub(std::move(store), HubOptions{options.ai_movetime, options.ai_workers,
                                         options.max_live_games, options.ai_memory_mb}),
        api(hub, options.rate_limit),
        files(options.web_dir),
        ctx{api, hub, files},
        ioc(std::max(1, options.threads)) {}

  ServerOptions options;
  Hub hub;
  Api api;
  StaticFiles files;
  Context ctx;
  // Declared after what the sessions use, so it (and every session it holds) goes first.
  net::io_context ioc;
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
  for (const auto& message : *skipped) std::cerr << "arbiter: skipped " << message << "\n";

  s.listener = std::make_shared<Listener>(s.ioc, std::move(acceptor), s.ctx);
  s.listener->run();
  for (int i = 0; i < std::max(1, s.options.threads); ++i) {
    s.threads.emplace_back([&s] { s.ioc.run(); });
  }
  s.started = true;
  return {};
}

void Server::stop() {
  Impl& s = *impl_;
  if (s.stopped) return;
  s.stopped = true;
  if (s.listener) s.listener->close();
  s.hub.shutdown();
  s.ioc.stop();
  for (auto& t : s.threads) t.join();
  s.threads.clear();
}

}  // namespace arbiter::server
