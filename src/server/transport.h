// The Beast side of the server (internal): HTTP sessions (http_session.cpp) and WebSocket
// sessions (ws_session.cpp), each on its own strand. They parse and frame; the API (api.h) and
// the hub (hub.h) decide.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <string>

#include "server/api.h"
#include "server/hub.h"
#include "server/static_files.h"

namespace arbiter::server {

struct Context {
  Api& api;
  Hub& hub;
  const StaticFiles& files;
};

// Serves one accepted connection until it closes (or upgrades to a WebSocket).
void start_http_session(boost::asio::ip::tcp::socket&& socket, const Context& ctx);

// Takes over an upgraded connection watching `game`.
void start_ws_session(boost::asio::ip::tcp::socket&& socket, const Context& ctx, std::string game,
                      std::string remote,
                      boost::beast::http::request<boost::beast::http::string_body>&& upgrade);

}  // namespace arbiter::server
