// The Beast side of the server (internal): HTTP sessions (http_session.cpp) and WebSocket
// sessions (ws_session.cpp), each on its own strand. They parse and frame; the API (api.h) and
// the hub (hub.h) decide.
#pragma once

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <string>

#include "server/http/api.h"
#include "server/net/client_address.h"
#include "server/net/connection_limits.h"
#include "server/net/static_files.h"
#include "server/net/ws_registry.h"
#include "server/play/hub.h"

namespace arbiter::server {

struct Context {
  Api& api;
  Hub& hub;
  const StaticFiles& files;
  ConnectionLimits& connections;
  const TrustedProxies& proxies;
  // How long a connection may wait for its next request, and take to send it (the whole
  // header and body): a slow client is cut off after this.
  std::chrono::milliseconds request_timeout;
  // Every Set-Cookie carries Secure (--secure-cookies); else only on a request a trusted proxy
  // says came over https.
  bool secure_cookies = false;
  // The WebSockets open (closed when the server drains), and whether it drains: then every
  // answer closes its connection, so keep-alive clients (a proxy) go elsewhere.
  WsRegistry& websockets;
  const std::atomic<bool>& draining;
  // HTTP requests read and not yet answered (their answer written): a draining server waits for
  // them. The API's own count (Api::in_flight) ends when it hands the answer to the session, a
  // write still to come, which a server stopping then would never send.
  std::atomic<std::size_t>& answering;
  // Set once a draining server has answered every request it read, just before it stops: a
  // request read from then on is not handled, its connection closed unanswered (a proxy sends it
  // again elsewhere, never played here), since the server would stop before answering it.
  const std::atomic<bool>& unread;
};

// Serves one accepted connection until it closes (or upgrades to a WebSocket). `verdict` says
// whether the connection was admitted; a refused one is answered 503 or 429 (after its request
// header, so the client reads the answer rather than a reset) and closed.
void start_http_session(boost::asio::ip::tcp::socket&& socket, const Context& ctx,
                        ConnectionLimits::Verdict verdict, ConnectionSlot slot);

// Takes over an upgraded connection watching `game`, with the connection's place.
void start_ws_session(boost::asio::ip::tcp::socket&& socket, const Context& ctx, std::string game,
                      std::string remote,
                      boost::beast::http::request<boost::beast::http::string_body>&& upgrade,
                      ConnectionSlot slot);

// Takes over an upgraded connection to the analysis socket (/api/analysis/ws); `request` is the
// upgrade's (who is asking: its address and session), with the connection's place
// (analysis/analysis_ws_session.cpp).
void start_analysis_ws_session(
    boost::asio::ip::tcp::socket&& socket, const Context& ctx, Request request,
    boost::beast::http::request<boost::beast::http::string_body>&& upgrade, ConnectionSlot slot);

}  // namespace arbiter::server
