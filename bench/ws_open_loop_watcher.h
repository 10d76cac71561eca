// ws_open_loop's WebSocket side (ws_open_loop.cpp): the games as the tool plays them, the totals
// it measures, and a Watcher, one WebSocket on a game: it sends the moves it is given and times
// the states it receives (a moving game's: from its move's sending; a flagger's: from the
// deadline the server announced to the game's end on time).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ws_open_loop {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// The "ply" of a state message's game, or -1 for any other message (a cheap scan: the ply is
// the first "ply" key after "game").
long state_ply(std::string_view text) {
  if (text.find("\"type\":\"state\"") == std::string_view::npos) return -1;
  const auto at = text.find("\"ply\":");
  if (at == std::string_view::npos) return -1;
  long ply = -1;
  std::from_chars(text.data() + at + 6, text.data() + text.size(), ply);
  return ply;
}

struct Game {
  bool flagger = false;  // made to flag: never moves; its second seat is taken during the run
  std::string id;
  std::vector<std::string> tokens;  // per seat
  std::vector<std::string> moves;   // the game's moves, in order
  std::vector<int> movers;          // the seat of each
  int sent = 0;                     // moves sent
  int acked = 0;                    // moves whose state the sending watcher has seen
  std::vector<Clock::time_point> sent_at;
  std::vector<int> seen;  // per ply: watchers that have seen it
};

// Unix time in ms, with a fraction: the server's clock (the same machine's).
double unix_ms() {
  using namespace std::chrono;
  return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count() / 1000.0;
}

struct Totals {
  std::mutex mu;
  std::vector<uint32_t> latency_us;  // send -> a watcher's state, every watcher
  std::vector<uint32_t> all_us;      // send -> the last watcher's state
  std::vector<uint32_t> remote_us;   // send -> a state at a watcher on the other server
  std::vector<double> flag_ms;       // a flagger's deadline -> its end reaching a watcher
  int64_t flags_early = 0;           // ends on time seen before the announced deadline
  int64_t sent = 0, late = 0, errors = 0;
  std::string first_error;
  void error(const std::string& e) {
    std::lock_guard lock(mu);
    if (errors++ == 0) first_error = e;
  }
};

class Watcher : public std::enable_shared_from_this<Watcher> {
 public:
  // remote: this watcher is on another server than the game's mover (--watch-port).
  Watcher(net::io_context& io, Game& game, std::mutex& game_mu, Totals& totals, int watchers,
          bool remote = false)
      : ws_(net::make_strand(io)),
        game_(game),
        game_mu_(game_mu),
        totals_(totals),
        watchers_(watchers),
        remote_(remote) {}

  void start(const tcp::resolver::results_type& endpoints, const std::string& host,
             std::function<void(bool)> connected) {
    connected_ = std::move(connected);
    beast::get_lowest_layer(ws_).async_connect(
        endpoints, [self = shared_from_this(), host](beast::error_code ec, auto) {
          if (ec) return self->fail("connect: " + ec.message());
          beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
          self->ws_.async_handshake(host, "/api/games/" + self->game_.id + "/ws",
                                    [self](beast::error_code ec) {
                                      if (ec) return self->fail("handshake: " + ec.message());
                                      self->connected_(true);
                                      self->read();
                                    });
        });
  }

  // Sends text from this watcher's strand.
  void send(std::string text) {
    net::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable {
      self->queue_.push_back(std::move(text));
      if (self->queue_.size() == 1) self->write();
    });
  }

 private:
  void write() {
    ws_.async_write(net::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->fail("write: " + ec.message());
                      self->queue_.erase(self->queue_.begin());
                      if (!self->queue_.empty()) self->write();
                    });
  }
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        if (ec != websocket::error::closed && ec != net::error::operation_aborted) {
          self->fail("read: " + ec.message());
        }
        return;
      }
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->on_message(text);
      self->read();
    });
  }
  void on_message(const std::string& text) {
    if (text.find("\"type\":\"error\"") != std::string::npos) {
      return totals_.error("server: " + text.substr(0, 160));
    }
    if (game_.flagger) return on_flagger_state(text);
    const long ply = state_ply(text);
    if (ply <= 0) return;
    const auto now = Clock::now();
    std::lock_guard lock(game_mu_);
    const auto p = static_cast<std::size_t>(ply - 1);  // the move that made this state
    if (p >= game_.sent_at.size() || ply <= last_seen_) return;
    last_seen_ = ply;
    const auto us = static_cast<uint32_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(now - game_.sent_at[p]).count());
    if (++game_.seen[p] == watchers_) {
      std::lock_guard t(totals_.mu);
      totals_.all_us.push_back(us);
    }
    {
      std::lock_guard t(totals_.mu);
      totals_.latency_us.push_back(us);
      if (remote_) totals_.remote_us.push_back(us);
    }
    game_.acked = std::max(game_.acked, static_cast<int>(ply));
  }
  // A flagger's state: the deadline it announces, then its end on time.
  void on_flagger_state(const std::string& text) {
    const double now = unix_ms();
    if (flag_timed_) return;
    const auto m = nlohmann::json::parse(text, nullptr, false);
    if (m.is_discarded() || m.value("type", "") != "state") return;
    const auto& g = m["game"];
    if (g.value("status", "") == "playing") {
      const int to_move = g.value("to_move", -1);
      if (to_move >= 0 && g["seats"][to_move]["flag_at_ms"].is_number()) {
        deadline_ms_ = g["seats"][to_move]["flag_at_ms"].get<double>();
      }
      return;
    }
    if (g.value("result", "").find("on time") == std::string::npos) {
      return totals_.error("flagger " + game_.id + " ended otherwise: " + g.value("result", ""));
    }
    if (deadline_ms_ <= 0) return totals_.error("flagger " + game_.id + ": no deadline seen");
    flag_timed_ = true;
    std::lock_guard t(totals_.mu);
    totals_.flag_ms.push_back(now - deadline_ms_);
    if (now < deadline_ms_) ++totals_.flags_early;
  }
  void fail(const std::string& why) {
    totals_.error(why);
    if (connected_) {
      auto c = std::move(connected_);
      connected_ = nullptr;
      c(false);
    }
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::vector<std::string> queue_;
  Game& game_;
  std::mutex& game_mu_;
  Totals& totals_;
  int watchers_;
  bool remote_;
  long last_seen_ = 0;
  double deadline_ms_ = 0;  // flaggers: the deadline last announced
  bool flag_timed_ = false;
  std::function<void(bool)> connected_;
};

}  // namespace ws_open_loop
