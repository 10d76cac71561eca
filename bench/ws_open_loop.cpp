// ws_open_loop: the open-loop load of a busy site against one `arbiter serve` (ws_load is the
// closed loop). G games, each watched by W WebSockets; every game gets one move every I seconds,
// on a fixed schedule spread evenly over the interval, whether or not the server kept up (a move
// whose slot comes before the previous move of its game was answered is counted late and sent
// with the next slot). Measures the time from sending a move to its state reaching every watcher
// of the game.
//
//   ws_open_loop --host 127.0.0.1 --port P --games 5000 --watchers 2 --interval 5 --seconds 30
//                [--game traverse] [--threads 2] [--server-pid PID]
//
// The games are hot-seat games made over HTTP before the clock starts, their moves played out
// from the rules core beforehand (a random game per game, long enough for the run). One watcher
// of each game also sends its moves. All sockets are asynchronous on a few threads, so 10,000
// connections cost threads nothing. With --server-pid, the server's resident memory is read from
// /proc at the end. Prints a `RESULT key=value ...` line; exits 1 on any error.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "games/registry.h"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  int games = 5000;
  int watchers = 2;
  double interval = 5;
  double seconds = 30;
  std::string game = "traverse";
  int threads = 2;
  long server_pid = 0;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "ws_open_loop: %s\n", message.c_str());
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help") {
      std::puts(
          "ws_open_loop --host H --port P --games G --watchers W --interval S --seconds S "
          "[--game NAME] [--threads T] [--server-pid PID]");
      std::exit(0);
    }
    if (i + 1 >= argc) usage_error(flag + " needs a value (see --help)");
    const std::string v = argv[++i];
    auto number = [&](double lo, double hi) {
      char* end = nullptr;
      const double x = std::strtod(v.c_str(), &end);
      if (end == v.c_str() || *end != '\0' || !(x >= lo && x <= hi)) {
        usage_error(flag + ": expected a number in " + std::to_string(lo) + ".." +
                    std::to_string(hi) + ", got '" + v + "'");
      }
      return x;
    };
    if (flag == "--host") {
      o.host = v;
    } else if (flag == "--port") {
      o.port = v;
    } else if (flag == "--games") {
      o.games = static_cast<int>(number(1, 100000));
    } else if (flag == "--watchers") {
      o.watchers = static_cast<int>(number(1, 100));
    } else if (flag == "--interval") {
      o.interval = number(0.01, 3600);
    } else if (flag == "--seconds") {
      o.seconds = number(1, 3600);
    } else if (flag == "--game") {
      o.game = v;
    } else if (flag == "--threads") {
      o.threads = static_cast<int>(number(1, 64));
    } else if (flag == "--server-pid") {
      o.server_pid = static_cast<long>(number(1, 1e9));
    } else {
      usage_error("unknown option " + flag + " (see --help)");
    }
  }
  return o;
}

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
  std::string id;
  std::vector<std::string> tokens;  // per seat
  std::vector<std::string> moves;   // the game's moves, in order
  std::vector<int> movers;          // the seat of each
  int sent = 0;                     // moves sent
  int acked = 0;                    // moves whose state the sending watcher has seen
  std::vector<Clock::time_point> sent_at;
  std::vector<int> seen;  // per ply: watchers that have seen it
};

struct Totals {
  std::mutex mu;
  std::vector<uint32_t> latency_us;  // send -> a watcher's state, every watcher
  std::vector<uint32_t> all_us;      // send -> the last watcher's state
  int64_t sent = 0, late = 0, errors = 0;
  std::string first_error;
  void error(const std::string& e) {
    std::lock_guard lock(mu);
    if (errors++ == 0) first_error = e;
  }
};

class Watcher : public std::enable_shared_from_this<Watcher> {
 public:
  Watcher(net::io_context& io, Game& game, std::mutex& game_mu, Totals& totals, int watchers)
      : ws_(net::make_strand(io)),
        game_(game),
        game_mu_(game_mu),
        totals_(totals),
        watchers_(watchers) {}

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
    }
    game_.acked = std::max(game_.acked, static_cast<int>(ply));
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
  long last_seen_ = 0;
  std::function<void(bool)> connected_;
};

// POST /api/games (hot seat); fills id and tokens or returns why not.
std::string create(const Options& o, const tcp::resolver::results_type& endpoints, int players,
                   Game& game) {
  try {
    net::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(endpoints);
    http::request<http::string_body> req{http::verb::post, "/api/games", 11};
    req.set(http::field::host, o.host);
    req.set(http::field::content_type, "application/json");
    req.body() =
        nlohmann::json{{"game", o.game}, {"seats", std::vector<std::string>(players, "human")}}
            .dump();
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    if (res.result() != http::status::created) {
      return "create: HTTP " + std::to_string(res.result_int()) + " " + res.body();
    }
    const auto answer = nlohmann::json::parse(res.body());
    game.id = answer["game"]["id"];
    for (int s = 0; s < players; ++s) game.tokens.push_back(answer["tokens"][std::to_string(s)]);
    return "";
  } catch (const std::exception& e) {
    return std::string("create: ") + e.what();
  }
}

double percentile_ms(const std::vector<uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(p * sorted.size()));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1] / 1000.0;
}

long resident_mib(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
  const arbiter::Game* rules = arbiter::find_game(o.game);
  if (!rules) usage_error("--game: unknown game '" + o.game + "' (" + arbiter::game_names() + ")");
  const int moves_needed = static_cast<int>(o.seconds / o.interval) + 2;

  net::io_context io;
  const auto endpoints = tcp::resolver(io).resolve(o.host, o.port);
  std::vector<Game> games(o.games);
  std::vector<std::mutex> game_mu(o.games);
  Totals totals;
  // Set-up, before the clock: the games, their moves, their watchers.
  {
    std::atomic<int> next{0};
    std::atomic<int> failed{0};
    auto work = [&] {
      for (int g; (g = next++) < o.games;) {
        auto state = rules->new_state(arbiter::ParamMap{}).value();
        std::mt19937_64 rng(1000 + g);
        Game& game = games[g];
        while (!state->is_terminal() && static_cast<int>(game.moves.size()) < moves_needed) {
          const auto legal = state->legal_moves();
          game.moves.push_back(legal[rng() % legal.size()]);
          game.movers.push_back(state->to_move());
          (void)state->apply(game.moves.back());
        }
        game.sent_at.resize(game.moves.size());
        game.seen.assign(game.moves.size(), 0);
        if (const auto why = create(o, endpoints, state->num_players(), game); !why.empty()) {
          if (failed++ == 0) totals.error(why);
        }
      }
    };
    std::vector<std::thread> threads(4);
    for (auto& t : threads) t = std::thread(work);
    for (auto& t : threads) t.join();
    if (failed > 0) {
      std::printf("set-up failed: %s\n", totals.first_error.c_str());
      return 1;
    }
  }
  std::vector<std::vector<std::shared_ptr<Watcher>>> watchers(o.games);
  std::atomic<int> pending{o.games * o.watchers};
  std::atomic<int> refused{0};
  auto guard = net::make_work_guard(io);
  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back([&] { io.run(); });
  for (int g = 0; g < o.games; ++g) {
    for (int w = 0; w < o.watchers; ++w) {
      auto watcher = std::make_shared<Watcher>(io, games[g], game_mu[g], totals, o.watchers);
      watchers[g].push_back(watcher);
      watcher->start(endpoints, o.host, [&](bool ok) {
        if (!ok) ++refused;
        --pending;
      });
    }
    // Connect in waves, so the listen backlog does not overflow.
    while (pending > (o.games - g) * o.watchers + 512) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  while (pending > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::printf("%d games, %d WebSockets connected (%d refused)\n", o.games,
              o.games * o.watchers - refused.load(), refused.load());

  // The schedule: game g moves at start + (g / games + k) * interval.
  const auto start = Clock::now();
  const auto end =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  const auto interval =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.interval));
  std::vector<Clock::time_point> due(o.games);
  for (int g = 0; g < o.games; ++g) {
    due[g] = start + std::chrono::duration_cast<Clock::duration>(interval * (double(g) / o.games));
  }
  for (;;) {
    const auto now = Clock::now();
    if (now >= end) break;
    Clock::time_point soonest = end;
    for (int g = 0; g < o.games; ++g) {
      if (due[g] > now) {
        soonest = std::min(soonest, due[g]);
        continue;
      }
      due[g] += interval;
      Game& game = games[g];
      std::lock_guard lock(game_mu[g]);
      if (game.sent >= static_cast<int>(game.moves.size())) continue;
      if (game.acked < game.sent) {  // the last move is not answered yet
        std::lock_guard t(totals.mu);
        ++totals.late;
        continue;
      }
      const int ply = game.sent++;
      game.sent_at[ply] = Clock::now();
      {
        std::lock_guard t(totals.mu);
        ++totals.sent;
      }
      watchers[g][0]->send(nlohmann::json{
          {"type", "move"},
          {"move", game.moves[ply]},
          {"token", game.tokens[game.movers[ply]]},
          {"ply", ply}}.dump());
    }
    std::this_thread::sleep_until(std::min(soonest, end));
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));  // the last answers
  const long rss = o.server_pid > 0 ? resident_mib(o.server_pid) : -1;
  guard.reset();
  io.stop();
  for (auto& t : pool) t.join();

  std::lock_guard lock(totals.mu);
  std::sort(totals.latency_us.begin(), totals.latency_us.end());
  std::sort(totals.all_us.begin(), totals.all_us.end());
  std::printf("%lld moves sent in %.0f s (%.0f/s), %lld slots late\n",
              static_cast<long long>(totals.sent), o.seconds, totals.sent / o.seconds,
              static_cast<long long>(totals.late));
  std::printf(
      "move -> a watcher: p50 %.2f ms, p99 %.2f ms; move -> every watcher: p50 %.2f ms, "
      "p99 %.2f ms, max %.2f ms\n",
      percentile_ms(totals.latency_us, 0.5), percentile_ms(totals.latency_us, 0.99),
      percentile_ms(totals.all_us, 0.5), percentile_ms(totals.all_us, 0.99),
      percentile_ms(totals.all_us, 1.0));
  if (rss >= 0) std::printf("server resident memory: %ld MiB\n", rss);
  if (totals.errors > 0) {
    std::printf("errors: %lld, first: %s\n", static_cast<long long>(totals.errors),
                totals.first_error.c_str());
  }
  std::printf("RESULT sent=%lld late=%lld p99_every_ms=%.2f rss_mib=%ld errors=%lld\n",
              static_cast<long long>(totals.sent), static_cast<long long>(totals.late),
              percentile_ms(totals.all_us, 0.99), rss, static_cast<long long>(totals.errors));
  return totals.errors == 0 && totals.sent > 0 ? 0 : 1;
}
