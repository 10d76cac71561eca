// What every server WebSocket (a game's or the lobby's watcher, ws_session.cpp; an analysis
// client, analysis/analysis_ws_session.cpp) does alike with its stream: the handshake with the
// server's options, reading one text message at a time, and closing. Writing is ws_write_queue.h.
//
// Contract: the session owns the stream, the upgrade request and the read buffer, and the handler
// it passes holds the session (a shared_ptr), so all three outlive the operation. Handlers run on
// the stream's strand.
#pragma once

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cstddef>
#include <string>
#include <utility>

#include "server/http/api.h"

namespace arbiter::server {

using WsStream = boost::beast::websocket::stream<boost::beast::tcp_stream>;
using WsUpgrade = boost::beast::http::request<boost::beast::http::string_body>;

// Gives `ws` the options of every server WebSocket (Beast's suggested server timeouts, "Server:
// arbiter" on the handshake's answer, messages of at most kMaxBody bytes), then answers `upgrade`
// on the stream's strand and calls `on_open(ec)`; once open, the stream sends text frames.
template <class Handler>
void open_websocket(WsStream& ws, const WsUpgrade& upgrade, Handler on_open) {
  namespace beast = boost::beast;
  namespace websocket = beast::websocket;
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "arbiter"); }));
  ws.read_message_max(kMaxBody);
  boost::asio::dispatch(ws.get_executor(), [&ws, &upgrade, on_open = std::move(on_open)]() mutable {
    ws.async_accept(upgrade, [&ws, on_open = std::move(on_open)](beast::error_code ec) mutable {
      if (!ec) ws.text(true);
      on_open(ec);
    });
  });
}

// Reads the next message into `buffer` and calls `on_message(ec, text)` with its text, the buffer
// emptied again; when the read fails (the peer closed, a message over the limit), with the error
// and "".
template <class Handler>
void read_websocket_text(WsStream& ws, boost::beast::flat_buffer& buffer, Handler on_message) {
  ws.async_read(buffer, [&buffer, on_message = std::move(on_message)](boost::beast::error_code ec,
                                                                      std::size_t) mutable {
    if (ec) return on_message(ec, std::string());
    std::string text = boost::beast::buffers_to_string(buffer.data());
    buffer.consume(buffer.size());
    on_message(ec, std::move(text));
  });
}

// Closes the connection under `ws` at once, without a closing handshake: the read and the write
// in flight end with an error.
inline void close_websocket(WsStream& ws) {
  boost::beast::error_code ignored;
  boost::beast::get_lowest_layer(ws).socket().close(ignored);
}

}  // namespace arbiter::server
