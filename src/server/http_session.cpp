// One HTTP/1.1 connection: requests are read one at a time (body limit 64 KiB, answered 413),
// routed to the API (/api/...) or the static files, and answered with keep-alive when asked.
// A WebSocket upgrade to /api/games/{id}/ws hands the socket to a WebSocket session.
#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <memory>
#include <optional>

#include "server/transport.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr auto kReadTimeout = std::chrono::seconds(60);
constexpr auto kDrainTimeout = std::chrono::seconds(5);
constexpr std::size_t kDrainLimit = 4 << 20;  // bytes of an over-long body read and dropped
constexpr std::size_t kHeaderLimit = 16 * 1024;

bool is_api(std::string_view target) {
  return target == "/api" || target.starts_with("/api/") || target.starts_with("/api?");
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, const Context& ctx) : stream_(std::move(socket)), ctx_(ctx) {
    beast::error_code ec;
    auto endpoint = stream_.socket().remote_endpoint(ec);
    remote_ = ec ? "unknown" : endpoint.address().to_string();
  }

  void run() {
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
  }

 private:
  void do_read() {
    parser_.emplace();
    parser_->body_limit(kMaxBody);
    parser_->header_limit(kHeaderLimit);
    stream_.expires_after(kReadTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset ||
        ec == net::error::eof) {
      return close();
    }
    if (ec == http::error::body_limit) {
      return send(
          Api::error_response({413, "request body over " + std::to_string(kMaxBody) + " bytes"}),
          11, true, true);
    }
    if (ec)
      return send(Api::error_response(bad_request("bad HTTP request: " + ec.message())), 11, true,
                  true);
    http::request<http::string_body> req = parser_->release();
    Request request{std::string(req.method_string()), std::string(req.target()),
                    std::move(req.body()), std::string(req[http::field::authorization]), remote_};
    if (beast::websocket::is_upgrade(req)) {
      auto game = ctx_.api.websocket_game(request);
      if (!game) return send(Api::error_response(game.error()), req.version(), true, false);
      stream_.expires_never();
      start_ws_session(stream_.release_socket(), ctx_, std::move(*game), remote_, std::move(req));
      return;
    }
    // HEAD is answered as GET would be, headers only (RFC 9110 §9.3.2).
    const bool head = req.method() == http::verb::head;
    if (head) request.method = "GET";
    Response response;
    if (is_api(request.target)) {
      response = ctx_.api.handle(request);
    } else if (req.method() == http::verb::get || head) {
      response = ctx_.files.serve(request.target);
    } else {
      response = Api::error_response({405, "method " + request.method + " not allowed here"});
    }
    send(std::move(response), req.version(), !req.keep_alive(), false, head);
  }

  void send(Response r, unsigned version, bool close, bool drain, bool head = false) {
    const auto status = static_cast<http::status>(r.status);
    const auto fill = [&](auto& res) {
      res.set(http::field::server, "arbiter");
      res.set(http::field::content_type, r.content_type);
      if (!r.disposition.empty()) res.set(http::field::content_disposition, r.disposition);
      res.keep_alive(!close);
    };
    if (head) {
      auto res = std::make_shared<http::response<http::empty_body>>(status, version);
      fill(*res);
      res->content_length(r.body.size());
      return write(std::move(res), close, drain);
    }
    auto res = std::make_shared<http::response<http::string_body>>(status, version);
    fill(*res);
    res->body() = std::move(r.body);
    res->prepare_payload();
    write(std::move(res), close, drain);
  }

  template <class Body>
  void write(std::shared_ptr<http::response<Body>> res, bool close, bool drain) {
    stream_.expires_after(kReadTimeout);
    http::async_write(
        stream_, *res,
        [self = shared_from_this(), res, close, drain](beast::error_code ec, std::size_t) {
          if (ec) return self->close();
          if (drain) return self->drain();
          if (close) return self->close();
          self->do_read();
        });
  }

  // After refusing a request whose body is still arriving: stop sending, read and drop what
  // the client sends until it closes, so it reads our answer instead of a connection reset.
  void drain() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    scratch_.resize(64 * 1024);
    drain_more();
  }

  void drain_more() {
    stream_.expires_after(kDrainTimeout);
    stream_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              self->drained_ += n;
                              if (ec || self->drained_ > kDrainLimit) return self->close();
                              self->drain_more();
                            });
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.socket().close(ec);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  const Context& ctx_;
  std::string remote_;
  std::vector<char> scratch_;
  std::size_t drained_ = 0;
};

}  // namespace

void start_http_session(tcp::socket&& socket, const Context& ctx) {
  std::make_shared<HttpSession>(std::move(socket), ctx)->run();
}

}  // namespace arbiter::server
