#include "client.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace arbiter::server::test {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

tcp::endpoint local(uint16_t port) { return {net::ip::make_address("127.0.0.1"), port}; }

}  // namespace

json HttpReply::parsed() const { return json::parse(body, nullptr, false); }

HttpReply http(uint16_t port, std::string_view method, std::string_view target,
               std::string_view body, std::string_view token) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.expires_after(
      60s);  // a deadline for a hung server, not a speed bound (sanitizers are slow)
  HttpReply out;
  beast::error_code ec;
  stream.socket().connect(local(port), ec);
  if (ec) return out;
  http::request<http::string_body> req;
  req.method_string(beast::string_view(method.data(), method.size()));
  req.target(beast::string_view(target.data(), target.size()));
  req.version(11);
  req.set(http::field::host, "127.0.0.1");
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + std::string(token));
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = std::string(body);
  req.prepare_payload();
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(method == "HEAD");  // a HEAD answer has a Content-Length but no body
  http::async_write(stream, req, [&](beast::error_code e, std::size_t) {
    if (e) return;
    http::async_read(stream, buffer, parser, [&](beast::error_code e2, std::size_t) {
      if (e2) return;
      out.status = static_cast<int>(parser.get().result_int());
    });
  });
  ioc.run();
  if (out.status == 0) return out;
  const auto& res = parser.get();
  out.body = res.body();
  out.content_type = std::string(res[http::field::content_type]);
  out.disposition = std::string(res[http::field::content_disposition]);
  out.content_length = std::string(res[http::field::content_length]);
  return out;
}

WsClient::WsClient(uint16_t port, const std::string& target, const std::string& cookie,
                   const std::string& from)
    : ws_(ioc_) {
  beast::error_code ec;
  auto& socket = beast::get_lowest_layer(ws_).socket();
  socket.open(tcp::v4(), ec);
  if (!ec) socket.bind({net::ip::make_address(from), 0}, ec);
  if (!ec) socket.connect(local(port), ec);
  if (ec) return;
  const std::string host = "127.0.0.1:" + std::to_string(port);
  if (!cookie.empty()) {
    ws_.set_option(beast::websocket::stream_base::decorator(
        [cookie, host](beast::websocket::request_type& req) {
          req.set(beast::http::field::cookie, cookie);
          req.set(beast::http::field::origin, "http://" + host);
        }));
  }
  ws_.handshake(host, target, ec);
  connected_ = !ec;
}

WsClient::~WsClient() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
  ioc_.restart();
  ioc_.poll();  // lets a read in flight finish with its error
}

void WsClient::send(const std::string& text) {
  beast::error_code ec;
  ws_.text(true);
  ws_.write(net::buffer(text), ec);
}

std::optional<json> WsClient::read(std::chrono::milliseconds timeout) {
  if (!connected_) return std::nullopt;
  if (!pending_) {
    pending_ = true;
    done_ = false;
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
      pending_ = false;
      done_ = true;
      ec_ = ec;
    });
  }
  ioc_.restart();
  ioc_.run_for(timeout);
  if (!done_) return std::nullopt;
  done_ = false;
  if (ec_) {
    connected_ = false;
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return json::parse(text, nullptr, false);
}

std::optional<json> WsClient::read_until(const std::function<bool(const json&)>& want,
                                         std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto message = read(left);
    if (!message) return std::nullopt;
    if (want(*message)) return message;
  }
}

}  // namespace arbiter::server::test
