// ws_load: N WebSocket clients playing random games against one `arbiter serve`, measuring
// accepted moves per second and the latency from sending a move to receiving the state that
// answers it (docs/api.md).
//
//   ws_load --host 127.0.0.1 --port P --clients N --seconds S --game traverse [--params TEXT]
//           [--pool K] [--seed X]
//
// Each client creates a hot-seat game (every seat "human", one token per seat), opens its
// WebSocket and plays the game's moves for whichever seat is to move, sending each with its ply
// and waiting for the matching state before the next; when the server reports the game
// finished it creates another. The random games (K of them, uniformly random legal moves from
// the rules core) are played out before the clock starts, so choosing moves costs the measured
// machine nothing: on a 2-core machine shared with the server, generating Trap's moves live
// would take a good share of a core. Clients are one thread each with blocking I/O; the
// messages are scanned for the few fields needed, not parsed into a tree, for the same reason.
//
// Prints the figures and a final `RESULT key=value ...` line; exits 1 when no move was accepted.
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "games/registry.h"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// The fields of a server message that a client needs. Found by one pass over the text that
// tracks nesting and skips strings, without building a JSON tree: a state carries the whole
// game (board, move list), and parsing 2,000 of them a second would cost this client most of a
// core on the machine it shares with the server.
struct Message {
  std::string type;    // top level "type"
  std::string error;   // top level "error", raw (escapes kept)
  long ply = -1;       // "game"."ply"
  std::string status;  // "game"."status"
};

Message scan_message(std::string_view s) {
  Message m;
  int depth = 0;
  std::string_view top_key, key;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    } else if (c == '"') {
      const std::size_t begin = ++i;
      while (i < s.size() && s[i] != '"') i += s[i] == '\\' ? 2 : 1;
      std::string_view str = s.substr(begin, std::min(i, s.size()) - begin);
      std::size_t j = i + 1;
      while (j < s.size() && s[j] == ' ') ++j;
      if (j < s.size() && s[j] == ':') {  // a key
        key = str;
        if (depth == 1) top_key = str;
      } else if (depth == 1 && key == "type") {
        m.type = str;
      } else if (depth == 1 && key == "error") {
        m.error = str;
      } else if (depth == 2 && top_key == "game" && key == "status") {
        m.status = str;
      }
    } else if (depth == 2 && top_key == "game" && key == "ply" &&
               (c == '-' || (c >= '0' && c <= '9'))) {
      std::from_chars(s.data() + i, s.data() + s.size(), m.ply);
      key = {};
    }
  }
  return m;
}

struct Options {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  int clients = 32;
  double seconds = 20;
  std::string game = "traverse";
  std::string params;
  int pool = 0;  // 0: one game per client
  uint64_t seed = 1;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "ws_load: %s\n", message.c_str());
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (flag == "--help") {
      std::puts(
          "ws_load --host H --port P --clients N --seconds S --game NAME [--params TEXT] "
          "[--pool K] [--seed X]");
      std::exit(0);
    }
    if (i + 1 >= argc) usage_error(flag + ": missing value");
    std::string v = argv[++i];
    auto number = [&](double lo) {
      char* end = nullptr;
      double x = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || x < lo) usage_error(flag + ": bad number '" + v + "'");
      return x;
    };
    if (flag == "--host") {
      o.host = v;
    } else if (flag == "--port") {
      o.port = std::to_string(static_cast<int>(number(1)));
    } else if (flag == "--clients") {
      o.clients = static_cast<int>(number(1));
    } else if (flag == "--seconds") {
      o.seconds = number(0.1);
    } else if (flag == "--game") {
      o.game = v;
    } else if (flag == "--params") {
      o.params = v;
    } else if (flag == "--pool") {
      o.pool = static_cast<int>(number(1));
    } else if (flag == "--seed") {
      o.seed = static_cast<uint64_t>(number(0));
    } else {
      usage_error("unknown option " + flag + " (see --help)");
    }
  }
  if (o.pool == 0) o.pool = o.clients;
  return o;
}

// A random game played out locally: its moves in order, the seat that plays each, and the
// number of seats.
struct Script {
  std::vector<std::string> moves;
  std::vector<int> movers;
  int players = 2;
};

std::vector<Script> make_scripts(const Options& o) {
  const arbiter::Game* game = arbiter::find_game(o.game);
  if (!game) usage_error("--game: unknown game '" + o.game + "' (" + arbiter::game_names() + ")");
  auto params = arbiter::ParamMap::parse(o.params);
  if (!params.ok()) usage_error("--params: " + params.error());
  if (auto probe = game->new_state(*params); !probe.ok()) usage_error("--params: " + probe.error());
  std::vector<Script> scripts(o.pool);
  std::atomic<int> next{0};
  auto work = [&] {
    for (int k; (k = next++) < o.pool;) {
      std::unique_ptr<arbiter::GameState> state = game->new_state(*params).value();
      std::mt19937_64 rng(o.seed + k);
      scripts[k].players = state->num_players();
      // The rules end every game (move caps included); the bound only guards this loop.
      while (!state->is_terminal() && scripts[k].moves.size() < 100000) {
        std::vector<std::string> legal = state->legal_moves();
        if (legal.empty()) break;
        const std::string& move = legal[rng() % legal.size()];
        scripts[k].moves.push_back(move);
        scripts[k].movers.push_back(state->to_move());
        if (!state->apply(move).ok()) break;
      }
    }
  };
  std::vector<std::thread> threads(std::max(1u, std::thread::hardware_concurrency()));
  for (auto& t : threads) t = std::thread(work);
  for (auto& t : threads) t.join();
  return scripts;
}

struct Stats {
  int64_t accepted = 0;
  int64_t errors = 0;
  int64_t games_created = 0;
  int64_t games_finished = 0;
  std::vector<uint32_t> latency_us;
};

struct Shared {
  const Options& options;
  const std::vector<Script>& scripts;
  tcp::resolver::results_type endpoints;
  Clock::time_point deadline;
  std::mutex mu = {};
  std::map<std::string, int> error_counts = {};  // message -> times seen
};

void note_error(Shared& shared, Stats& stats, std::string message) {
  ++stats.errors;
  if (message.size() > 160) message.resize(160);
  std::lock_guard lock(shared.mu);
  ++shared.error_counts[message];
}

struct Created {
  std::string id;
  std::map<int, std::string> tokens;  // seat -> token
};

// POST /api/games with every seat human; throws on transport errors, returns an error message
// for an HTTP or body error.
std::string create_game(Shared& shared, net::io_context& io, const Script& script, Created& out,
                        std::atomic<int>& socket_fd) {
  beast::tcp_stream stream(io);
  stream.connect(shared.endpoints);
  socket_fd = stream.socket().native_handle();
  http::request<http::string_body> req{http::verb::post, "/api/games", 11};
  req.set(http::field::host, shared.options.host);
  req.set(http::field::content_type, "application/json");
  nlohmann::json body = {{"game", shared.options.game},
                         {"seats", std::vector<std::string>(script.players, "human")}};
  if (!shared.options.params.empty()) body["params"] = shared.options.params;
  req.body() = body.dump();
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  socket_fd = -1;
  if (res.result() != http::status::created) {
    return "create game: HTTP " + std::to_string(res.result_int()) + " " + res.body();
  }
  auto answer = nlohmann::json::parse(res.body(), nullptr, false);
  if (answer.is_discarded() || !answer.contains("game") || !answer.contains("tokens")) {
    return "create game: unexpected answer " + res.body().substr(0, 100);
  }
  out.id = answer["game"].value("id", "");
  for (auto& [seat, token] : answer["tokens"].items()) out.tokens[std::stoi(seat)] = token;
  if (out.id.empty() || static_cast<int>(out.tokens.size()) != script.players) {
    return "create game: no id or not a token per seat";
  }
  return "";
}

// Plays one game on a fresh WebSocket until it finishes or the deadline; the error when the
// server answered a move with an error or the connection failed ("" otherwise).
std::string play_game(Shared& shared, net::io_context& io, const Script& script,
                      const Created& game, Stats& stats, std::atomic<int>& socket_fd) {
  websocket::stream<tcp::socket> ws(io);
  net::connect(ws.next_layer(), shared.endpoints);
  ws.next_layer().set_option(tcp::no_delay(true));
  socket_fd = ws.next_layer().native_handle();
  ws.handshake(shared.options.host + ":" + shared.options.port, "/api/games/" + game.id + "/ws");
  beast::flat_buffer buffer;
  // Reads until the state at `ply` (other messages, such as progress, are skipped).
  auto await_state = [&](long ply, bool& finished) -> std::string {
    for (;;) {
      buffer.clear();
      ws.read(buffer);
      std::string text = beast::buffers_to_string(buffer.data());
      auto m = scan_message(text);
      if (m.type == "error") return "move refused: " + m.error;
      if (m.type != "state" || m.ply < ply) continue;
      if (m.ply > ply) {
        return "state at ply " + std::to_string(m.ply) + ", expected " + std::to_string(ply);
      }
      finished = m.status == "finished";
      return "";
    }
  };
  bool finished = false;
  std::string error = await_state(0, finished);
  for (long ply = 0; error.empty() && !finished && ply < static_cast<long>(script.moves.size());
       ++ply) {
    if (Clock::now() >= shared.deadline) break;
    nlohmann::json move = {{"type", "move"},
                           {"move", script.moves[ply]},
                           {"token", game.tokens.at(script.movers[ply])},
                           {"ply", ply}};
    const auto sent = Clock::now();
    ws.write(net::buffer(move.dump()));
    error = await_state(ply + 1, finished);
    if (!error.empty()) break;
    stats.latency_us.push_back(static_cast<uint32_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count()));
    ++stats.accepted;
  }
  if (finished) ++stats.games_finished;
  beast::error_code ignored;
  ws.close(websocket::close_code::normal, ignored);
  socket_fd = -1;
  return error;
}

void run_client(Shared& shared, int index, Stats& stats, std::atomic<int>& socket_fd) {
  net::io_context io;
  for (int round = 0; Clock::now() < shared.deadline; ++round) {
    const Script& script =
        shared.scripts[(index + round * shared.options.clients) % shared.scripts.size()];
    std::string error;
    try {
      Created game;
      error = create_game(shared, io, script, game, socket_fd);
      if (error.empty()) {
        ++stats.games_created;
        error = play_game(shared, io, script, game, stats, socket_fd);
      }
    } catch (const std::exception& e) {
      error = std::string("connection: ") + e.what();
    }
    socket_fd = -1;
    if (!error.empty()) {
      note_error(shared, stats, error);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));  // no storm when it is down
    }
  }
}

// Nearest rank: the smallest value with at least p of the sample at or below it.
double percentile_ms(const std::vector<uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(p * sorted.size()));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1] / 1000.0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse_options(argc, argv);
  const auto gen_start = Clock::now();
  std::vector<Script> scripts = make_scripts(o);
  std::size_t total_plies = 0;
  for (const Script& s : scripts) total_plies += s.moves.size();
  std::printf("%d random %s games (%.0f moves on average) generated in %.1f s\n", o.pool,
              o.game.c_str(), double(total_plies) / scripts.size(),
              std::chrono::duration<double>(Clock::now() - gen_start).count());

  net::io_context io;
  tcp::resolver::results_type endpoints;
  try {
    endpoints = tcp::resolver(io).resolve(o.host, o.port);
  } catch (const std::exception& e) {
    usage_error("cannot resolve " + o.host + ":" + o.port + ": " + e.what());
  }
  const auto start = Clock::now();
  Shared shared{o, scripts, endpoints,
                start + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(o.seconds))};
  std::vector<Stats> stats(o.clients);
  std::vector<std::atomic<int>> fds(o.clients);
  for (auto& fd : fds) fd = -1;
  std::vector<std::thread> threads;
  for (int i = 0; i < o.clients; ++i) {
    threads.emplace_back([&, i] { run_client(shared, i, stats[i], fds[i]); });
  }
  // A server that stops answering must not hang the run: 10 s past the deadline, the sockets
  // still open are shut down, which ends their blocking reads with an error.
  std::atomic<bool> done{false};
  std::thread watchdog([&] {
    while (!done && Clock::now() < shared.deadline + std::chrono::seconds(10)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (done) return;
    for (auto& fd : fds) {
      if (int f = fd; f >= 0) ::shutdown(f, SHUT_RDWR);
    }
  });
  for (auto& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  done = true;
  watchdog.join();

  Stats total;
  for (Stats& s : stats) {
    total.accepted += s.accepted;
    total.errors += s.errors;
    total.games_created += s.games_created;
    total.games_finished += s.games_finished;
    total.latency_us.insert(total.latency_us.end(), s.latency_us.begin(), s.latency_us.end());
  }
  std::sort(total.latency_us.begin(), total.latency_us.end());
  const double rate = total.accepted / elapsed;
  std::printf("%d clients, %s, %.1f s: %lld moves accepted, %.0f moves/s\n", o.clients,
              o.game.c_str(), elapsed, static_cast<long long>(total.accepted), rate);
  std::printf("latency send->state: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms\n",
              percentile_ms(total.latency_us, 0.50), percentile_ms(total.latency_us, 0.95),
              percentile_ms(total.latency_us, 0.99), percentile_ms(total.latency_us, 1.0));
  std::printf("games: %lld created, %lld finished; errors: %lld\n",
              static_cast<long long>(total.games_created),
              static_cast<long long>(total.games_finished), static_cast<long long>(total.errors));
  for (auto& [message, count] : shared.error_counts) {
    std::printf("  error x%d: %s\n", count, message.c_str());
  }
  std::printf(
      "RESULT accepted=%lld moves_per_s=%.0f p50_ms=%.2f p95_ms=%.2f p99_ms=%.2f errors=%lld\n",
      static_cast<long long>(total.accepted), rate, percentile_ms(total.latency_us, 0.50),
      percentile_ms(total.latency_us, 0.95), percentile_ms(total.latency_us, 0.99),
      static_cast<long long>(total.errors));
  return total.accepted > 0 ? 0 : 1;
}
