// A small HTTP + WebSocket client for the server tests (Boost.Beast, one connection per call).
// Every wait has a generous deadline, so a broken server fails a test instead of hanging it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::server::test {

using nlohmann::json;
using namespace std::chrono_literals;

struct HttpReply {
  int status = 0;  // 0 when the connection failed
  std::string body;
  std::string content_type;
  std::string disposition;
  std::string content_length;
  json parsed() const;  // the body as JSON; null when it is not JSON
};

// One request on a fresh connection to 127.0.0.1:port. `token`, when set, is sent as a bearer.
HttpReply http(uint16_t port, std::string_view method, std::string_view target,
               std::string_view body = "", std::string_view token = "");

class WsClient {
 public:
  // Connects from `from` (any 127.0.0.0/8 address) and upgrades; connected() says whether it
  // worked. `cookie`, when set, is sent as the upgrade's Cookie header (a browser's session),
  // with the Origin a page of this server sends (http://127.0.0.1:PORT).
  WsClient(uint16_t port, const std::string& target, const std::string& cookie = "",
           const std::string& from = "127.0.0.1");
  ~WsClient();
  bool connected() const { return connected_; }

  void send(const std::string& text);
  void send(const json& message) { send(message.dump()); }
  // The next message, or nullopt after `timeout` (or when the connection closed).
  std::optional<json> read(std::chrono::milliseconds timeout = 10s);
  // Reads until a message satisfies `want`, skipping others; nullopt after `timeout` in all.
  std::optional<json> read_until(const std::function<bool(const json&)>& want,
                                 std::chrono::milliseconds timeout = 10s);

 private:
  boost::asio::io_context ioc_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  bool connected_ = false;
  bool pending_ = false;  // a read is in flight (started by a call that timed out)
  bool done_ = false;
  boost::beast::error_code ec_;
};

}  // namespace arbiter::server::test
