// One HTTP/1.1 connection: requests are read one at a time (body limit 64 KiB, answered 413;
// header limit 16 KiB, answered 431), routed to the API (/api/...) or the static files, and
// answered with keep-alive when asked. A WebSocket upgrade to /api/games/{id}/ws hands the
// socket to a WebSocket session.
//
// Framing is strict (RFC 9112 §6.3), since a proxy in front may read it otherwise and pass the
// rest on as a second request: a Transfer-Encoding other than a lone "chunked", or one sent with
// a Content-Length, is answered 400 (501 for codings before "chunked") and the connection
// closed; so is an HTTP/1.1 request without exactly one Host. Every answer carries the security
// headers of docs/server.md, an API answer its X-Request-Id (core/log.h: a trusted proxy's, or
// one made here), and its cookie Secure under --secure-cookies or when a trusted proxy says the
// client spoke https. An upgrade is refused (400) for a malformed Sec-WebSocket-Key
// and (403) when a cookie's page is another site's (cross_site.h).
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <memory>
#include <optional>

#include "core/log.h"
#include "core/metrics.h"
#include "core/text.h"
#include "server/analysis/analysis_api.h"
#include "server/net/cross_site.h"
#include "server/net/transport.h"

namespace arbiter::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr auto kCrowdedTimeout = std::chrono::seconds(5);  // idle wait when places run short
constexpr auto kRefusalTimeout = std::chrono::seconds(2);  // for the header of a refused one
constexpr auto kDrainTimeout = std::chrono::seconds(5);
constexpr std::size_t kDrainLimit = 4 << 20;  // bytes of an over-long body read and dropped
constexpr std::size_t kHeaderLimit = 16 * 1024;

// The page may load and connect only to this server, run no inline script, and be framed by no
// one. Inline style attributes stay allowed: the UI sets a few (colour swatches, widths).
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'";

// 22 base64 digits and "==": 16 bytes (RFC 6455 §4.2.1).
bool valid_websocket_key(std::string_view key) {
  if (key.size() != 24 || key.substr(22) != "==") return false;
  for (char c : key.substr(0, 22)) {
    const bool digit = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '+' || c == '/';
    if (!digit) return false;
  }
  return true;
}

bool is_api(std::string_view target) {
  return target == "/api" || target.starts_with("/api/") || target.starts_with("/api?");
}

// Why a request's framing or Host cannot be trusted (RFC 9112 §3.2, §6.1, §6.3), or nullopt.
std::optional<ApiError> framing_error(const http::request<http::string_body>& req) {
  const auto codings = req.equal_range(http::field::transfer_encoding);
  if (codings.first != codings.second) {
    if (req.count(http::field::content_length) > 0) {
      return bad_request("Transfer-Encoding and Content-Length together");
    }
    std::vector<std::string> list;
    for (auto it = codings.first; it != codings.second; ++it) {
      for (auto coding : split(std::string_view(it->value().data(), it->value().size()), ",")) {
        list.push_back(to_lower(trim(coding)));
      }
    }
    if (list.empty() || list.back() != "chunked") {
      return bad_request("Transfer-Encoding must end in chunked");
    }
    if (list.size() > 1) return ApiError{501, "Transfer-Encoding: only chunked is implemented"};
  }
  const std::size_t hosts = req.count(http::field::host);
  if (hosts > 1) return bad_request("more than one Host header");
  if (req.version() >= 11 && hosts == 0) return bad_request("HTTP/1.1 request without Host");
  return std::nullopt;
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, const Context& ctx, ConnectionLimits::Verdict verdict,
              ConnectionSlot slot)
      : stream_(std::move(socket)), ctx_(ctx), verdict_(verdict), slot_(std::move(slot)) {
    beast::error_code ec;
    auto endpoint = stream_.socket().remote_endpoint(ec);
    if (!ec) peer_ = endpoint.address();
    peer_known_ = !ec;
  }

  ~HttpSession() { end_answer(); }

  void run() {
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
  }

 private:
  bool refused() const { return verdict_ != ConnectionLimits::Verdict::kAdmitted; }

  void do_read() {
    parser_.emplace();
    parser_->body_limit(kMaxBody);
    parser_->header_limit(kHeaderLimit);
    if (refused()) {
      stream_.expires_after(kRefusalTimeout);
      http::async_read_header(
          stream_, buffer_, *parser_,
          beast::bind_front_handler(&HttpSession::on_refused_header, shared_from_this()));
      return;
    }
    std::chrono::milliseconds timeout = ctx_.request_timeout;
    if (ctx_.connections.crowded())
      timeout = std::min<std::chrono::milliseconds>(timeout, kCrowdedTimeout);
    stream_.expires_after(timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  // A connection past the limits (connection_limits.h): its header read, it is told why.
  void on_refused_header(beast::error_code ec, std::size_t) {
    if (ec) return close();
    metrics::metrics().rate_limited.at({"connections"}).add();
    const std::string who = remote_of(parser_->get());
    Response r = verdict_ == ConnectionLimits::Verdict::kServerFull
                     ? Api::error_response({503, "the server is at its connection limit"})
                     : Api::error_response(
                           {429, "too many connections from " + who + " (at most " +
                                     std::to_string(ctx_.connections.max_per_address()) + ")"});
    r.retry_after = 1;
    send(std::move(r), parser_->get().version(), true, true);
  }

  // GET /metrics (core/metrics.h), for this machine only: a peer on loopback that is no proxy
  // forwarding someone else (no X-Forwarded-For), so a public proxy in front never passes it on.
  Response metrics_response(const http::request<http::string_body>& req) const {
    if (!peer_known_ || !peer_.is_loopback() || req.count("X-Forwarded-For") > 0) {
      return Api::error_response(
          {403, "/metrics is answered on this machine only (loopback, not through a proxy)"});
    }
    Response r;
    r.body = metrics::metrics().exposition();
    r.content_type = "text/plain; version=0.0.4; charset=utf-8";
    return r;
  }

  // The client's limit key: the peer, or the client a trusted proxy names (client_address.h).
  std::string remote_of(const http::request<http::string_body>& req) const {
    if (!peer_known_) return "unknown";
    const auto forwarded = req["X-Forwarded-For"];
    return ctx_.proxies.client(peer_, std::string_view(forwarded.data(), forwarded.size()));
  }

  // This server as the client addressed it, for the cross-site check (cross_site.h), when a
  // trusted proxy says so: its X-Forwarded-Host (the Host the client sent it) and
  // X-Forwarded-Proto. From anyone else these headers are not believed.
  void by_trusted_proxy(const http::request<http::string_body>& req, Request& request) const {
    if (!peer_known_ || !ctx_.proxies.trusts(peer_)) return;
    const auto header = [&](std::string_view name) {
      const auto v = req[beast::string_view(name.data(), name.size())];
      return std::string(v.data(), v.size());
    };
    // The first entry is the client's, when proxies in a chain each add theirs.
    const auto first = [](const std::string& list) {
      const auto entries = split(list, ",");
      return entries.empty() ? std::string() : std::string(trim(entries.front()));
    };
    if (const std::string host = first(header("X-Forwarded-Host")); !host.empty()) {
      request.host = host;
    }
    request.https = to_lower(first(header("X-Forwarded-Proto"))) == "https";
    // nginx's $request_id, so the proxy's log and this server's name a request alike.
    if (const std::string id = header("X-Request-Id"); log::valid_request_id(id)) request.id = id;
  }

  // Why a WebSocket upgrade is refused before its handshake: a Sec-WebSocket-Key that is not
  // 16 bytes in base64 (RFC 6455 §4.2.1: 24 characters, the last two "=="), or a cookie's
  // upgrade from another site's page (cross_site.h).
  static std::optional<ApiError> upgrade_error(const http::request<http::string_body>& req,
                                               const Request& request) {
    const auto key = req[http::field::sec_websocket_key];
    if (!valid_websocket_key(std::string_view(key.data(), key.size()))) {
      return bad_request("Sec-WebSocket-Key: expected 16 bytes in base64 (24 characters), got " +
                         quote(std::string_view(key.data(), key.size())));
    }
    return cross_site_error(request, true);
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset ||
        ec == net::error::eof) {
      return close();
    }
    // A request (or a bad one) read: an answer is owed, unless the server stops (Context::unread).
    if (ctx_.unread) return close();
    begin_answer();
    if (ec == http::error::body_limit) {
      return send(
          Api::error_response({413, "request body over " + std::to_string(kMaxBody) + " bytes"}),
          11, true, true);
    }
    if (ec == http::error::header_limit) {
      return send(Api::error_response(
                      {431, "request header over " + std::to_string(kHeaderLimit) + " bytes"}),
                  11, true, true);
    }
    if (ec)
      return send(Api::error_response(bad_request("bad HTTP request: " + ec.message())), 11, true,
                  true);
    http::request<http::string_body> req = parser_->release();
    // Whatever follows a request framed two ways is not read: the connection closes.
    if (auto bad = framing_error(req)) {
      return send(Api::error_response(*bad), req.version(), true, true);
    }
    const auto header = [&](http::field f) {
      const auto v = req[f];
      return std::string(v.data(), v.size());
    };
    Request request{std::string(req.method_string()),
                    std::string(req.target()),
                    std::move(req.body()),
                    header(http::field::authorization),
                    remote_of(req),
                    header(http::field::content_type),
                    header(http::field::cookie),
                    header(http::field::origin),
                    header(http::field::referer),
                    header(http::field::host)};
    by_trusted_proxy(req, request);
    if (beast::websocket::is_upgrade(req)) {
      if (auto bad = upgrade_error(req, request)) {
        return send(Api::error_response(*bad), req.version(), true, false);
      }
      if (AnalysisApi::is_websocket(request.target)) {  // the analysis board's socket
        if (!ctx_.api.analysis().admit(request.remote)) {
          return send(Api::error_response({429, "too many requests from " + request.remote}),
                      req.version(), true, false);
        }
        stream_.expires_never();
        end_answer();  // the WebSocket session answers from here
        start_analysis_ws_session(stream_.release_socket(), ctx_, std::move(request),
                                  std::move(req), std::move(slot_));
        return;
      }
      auto game = ctx_.api.websocket_game(request);
      if (!game) return send(Api::error_response(game.error()), req.version(), true, false);
      stream_.expires_never();
      end_answer();
      start_ws_session(stream_.release_socket(), ctx_, std::move(*game), request.remote,
                       std::move(req), std::move(slot_));
      return;
    }
    // HEAD is answered as GET would be, headers only (RFC 9110 §9.3.2).
    const bool head = req.method() == http::verb::head;
    if (head) request.method = "GET";
    Response response;
    if (request.target == "/metrics" && request.method == "GET") {
      response = metrics_response(req);
    } else if (is_api(request.target)) {
      // Answered when ready (a change once stored; a slow query from a hub worker), back on this
      // session's strand; the next request is read after the answer is written.
      ctx_.api.handle_async(
          request, [self = shared_from_this(), version = req.version(), close = !req.keep_alive(),
                    head, secure = ctx_.secure_cookies || request.https](Response r) mutable {
            if (secure && !r.set_cookie.empty()) r.set_cookie += "; Secure";
            net::post(self->stream_.get_executor(),
                      [self, r = std::move(r), version, close, head]() mutable {
                        self->send(std::move(r), version, close, false, head);
                      });
          });
      return;
    } else if (req.method() == http::verb::get || head) {
      response = ctx_.files.serve(request.target);
    } else {
      response = Api::error_response({405, "method " + request.method + " not allowed here"});
    }
    send(std::move(response), req.version(), !req.keep_alive(), false, head);
  }

  void send(Response r, unsigned version, bool close, bool drain, bool head = false) {
    close = close || ctx_.draining.load();  // a draining server's clients go elsewhere
    const auto status = static_cast<http::status>(r.status);
    const auto fill = [&](auto& res) {
      res.set(http::field::server, "arbiter");
      res.set(http::field::content_type, r.content_type);
      if (!r.disposition.empty()) res.set(http::field::content_disposition, r.disposition);
      if (r.retry_after > 0) res.set(http::field::retry_after, std::to_string(r.retry_after));
      if (!r.set_cookie.empty()) res.set(http::field::set_cookie, r.set_cookie);
      if (!r.request_id.empty()) res.set("X-Request-Id", r.request_id);
      res.set("Content-Security-Policy", kContentSecurityPolicy);
      res.set("X-Content-Type-Options", "nosniff");
      res.set(http::field::x_frame_options, "DENY");
      res.set("Referrer-Policy", "no-referrer");
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
    stream_.expires_after(ctx_.request_timeout);
    http::async_write(
        stream_, *res,
        [self = shared_from_this(), res, close, drain](beast::error_code ec, std::size_t) {
          self->end_answer();
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

  // This connection's request counts in Context::answering from its read to its answer's write.
  void begin_answer() {
    if (!answering_) ctx_.answering.fetch_add(1);
    answering_ = true;
  }
  void end_answer() {
    if (answering_) ctx_.answering.fetch_sub(1);
    answering_ = false;
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
  ConnectionLimits::Verdict verdict_;
  ConnectionSlot slot_;  // this connection's place (or its refusal's) among the server's
  net::ip::address peer_;
  bool peer_known_ = false;
  std::vector<char> scratch_;
  std::size_t drained_ = 0;
  bool answering_ = false;
};

}  // namespace

void start_http_session(tcp::socket&& socket, const Context& ctx, ConnectionLimits::Verdict verdict,
                        ConnectionSlot slot) {
  std::make_shared<HttpSession>(std::move(socket), ctx, verdict, std::move(slot))->run();
}

}  // namespace arbiter::server
