// ws_open_loop: the open-loop load of a busy site against one `arbiter serve` (ws_load is the
// closed loop). G games, each watched by W WebSockets; every game gets one move every I seconds,
// on a fixed schedule spread evenly over the interval, whether or not the server kept up (a move
// whose slot comes before the previous move of its game was answered is counted late and sent
// with the next slot). Measures the time from sending a move to its state reaching every watcher
// of the game.
//
//   ws_open_loop --host 127.0.0.1 --port P --games 5000 --watchers 2 --interval 5 --seconds 30
//                [--game traverse] [--threads 2] [--server-pid PID] [--watch-port P2]
//
// The games are hot-seat games made over HTTP before the clock starts, their moves played out
// from the rules core beforehand (a random game per game, long enough for the run). One watcher
// of each game also sends its moves. All sockets are asynchronous on a few threads, so 10,000
// connections cost threads nothing. With --server-pid, the server's resident memory is read from
// /proc at the end. Prints a `RESULT key=value ...` line; exits 1 on any error.
//
// Several servers on one database (bench/store_compare.sh): with --watch-port P2 the games are
// made and moved on --port, and every watcher but the mover connects to P2, so each move must
// cross from one server to the other through the database's change feed; the time from sending
// a move to its state at a watcher on P2 is reported apart (`p99_remote_ms`).
//
// Clocks (bench/clock_load.sh): --time-control gives the moving games a control ("3+2"), and
// --flaggers F makes F more games of --flag-control ("0.05+0", 3 s) that flag during the run:
// each is made with its second seat open (no clock runs while a seat is open), the seat is taken
// at a time spread over the run, and nobody moves, so the seat to move flags 3 s (plus the lag
// allowance) later. Every watcher of such a game notes the deadline the server announced
// (`flag_at_ms` of the seat to move) and the time the game's end on time reached it: the flag's
// delay. Server and tool read one wall clock (the same machine).
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
#include "ws_open_loop_options.h"
#include "ws_open_loop_watcher.h"

namespace {

using namespace ws_open_loop;

// One HTTP request on a fresh connection; the answer's body, or why not (a status other than
// `expect`).
std::string request(const Options& o, const tcp::resolver::results_type& endpoints,
                    const std::string& target, const nlohmann::json& body, http::status expect,
                    nlohmann::json& answer) {
  try {
    net::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(endpoints);
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, o.host);
    req.set(http::field::content_type, "application/json");
    req.body() = body.dump();
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    if (res.result() != expect) {
      return target + ": HTTP " + std::to_string(res.result_int()) + " " + res.body();
    }
    answer = nlohmann::json::parse(res.body());
    return "";
  } catch (const std::exception& e) {
    return target + ": " + e.what();
  }
}

// POST /api/games: a hot-seat game (a flagger: its last seat open) under its time control; fills
// id and tokens or returns why not.
std::string create(const Options& o, const tcp::resolver::results_type& endpoints, int players,
                   Game& game) {
  std::vector<std::string> seats(players, "human");
  if (game.flagger) seats.back() = "open";
  nlohmann::json answer;
  const std::string why =
      request(o, endpoints, "/api/games",
              {{"game", o.game},
               {"seats", seats},
               {"time_control", game.flagger ? o.flag_control : o.time_control}},
              http::status::created, answer);
  if (!why.empty()) return why;
  game.id = answer["game"]["id"];
  for (int s = 0; s < players; ++s) {
    const auto token = answer["tokens"].find(std::to_string(s));
    game.tokens.push_back(token == answer["tokens"].end() ? "" : token->get<std::string>());
  }
  return "";
}

// Takes a flagger's open seat: its clock starts.
std::string join_last_seat(const Options& o, const tcp::resolver::results_type& endpoints,
                           Game& game) {
  nlohmann::json answer;
  const int seat = static_cast<int>(game.tokens.size()) - 1;
  return request(o, endpoints, "/api/games/" + game.id + "/join", {{"seat", seat}},
                 http::status::ok, answer);
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
  const bool two_servers = !o.watch_port.empty();
  const auto watch_endpoints =
      two_servers ? tcp::resolver(io).resolve(o.host, o.watch_port) : endpoints;
  const int all_games = o.games + o.flaggers;  // movers first, then the flaggers
  std::vector<Game> games(all_games);
  std::vector<std::mutex> game_mu(all_games);
  for (int g = o.games; g < all_games; ++g) games[g].flagger = true;
  Totals totals;
  // Set-up, before the clock: the games, their moves, their watchers.
  {
    std::atomic<int> next{0};
    std::atomic<int> failed{0};
    auto work = [&] {
      for (int g; (g = next++) < all_games;) {
        auto state = rules->new_state(arbiter::ParamMap{}).value();
        std::mt19937_64 rng(1000 + g);
        Game& game = games[g];
        while (!game.flagger && !state->is_terminal() &&
               static_cast<int>(game.moves.size()) < moves_needed) {
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
  std::vector<std::vector<std::shared_ptr<Watcher>>> watchers(all_games);
  std::atomic<int> pending{all_games * o.watchers};
  std::atomic<int> refused{0};
  auto guard = net::make_work_guard(io);
  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back([&] { io.run(); });
  for (int g = 0; g < all_games; ++g) {
    for (int w = 0; w < o.watchers; ++w) {
      const bool remote = two_servers && w > 0;  // watcher 0 sends the moves
      auto watcher =
          std::make_shared<Watcher>(io, games[g], game_mu[g], totals, o.watchers, remote);
      watchers[g].push_back(watcher);
      watcher->start(remote ? watch_endpoints : endpoints, o.host, [&](bool ok) {
        if (!ok) ++refused;
        --pending;
      });
    }
    // Connect in waves, so the listen backlog does not overflow.
    while (pending > (all_games - g) * o.watchers + 512) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  while (pending > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::printf("%d games (%d to flag), %d WebSockets connected (%d refused)\n", all_games,
              o.flaggers, all_games * o.watchers - refused.load(), refused.load());

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
  // The flaggers' seats are taken at times spread over the run, less the last few seconds (a
  // flag comes 3 s and the lag allowance after its join; the run ends 2 s after its last slot).
  std::thread joiner([&] {
    const double span = std::max(0.0, o.seconds - 5);
    for (int f = 0; f < o.flaggers; ++f) {
      std::this_thread::sleep_until(
          start + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double>(span * (f + 0.5) / o.flaggers)));
      if (const auto why = join_last_seat(o, endpoints, games[o.games + f]); !why.empty()) {
        totals.error(why);
      }
    }
  });
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
  joiner.join();
  std::this_thread::sleep_for(std::chrono::seconds(2));  // the last answers
  const long rss = o.server_pid > 0 ? resident_mib(o.server_pid) : -1;
  guard.reset();
  io.stop();
  for (auto& t : pool) t.join();

  std::lock_guard lock(totals.mu);
  std::sort(totals.latency_us.begin(), totals.latency_us.end());
  std::sort(totals.all_us.begin(), totals.all_us.end());
  std::sort(totals.remote_us.begin(), totals.remote_us.end());
  std::sort(totals.flag_ms.begin(), totals.flag_ms.end());
  const auto flag_percentile = [&](double p) {
    if (totals.flag_ms.empty()) return 0.0;
    const auto rank = static_cast<std::size_t>(std::ceil(p * totals.flag_ms.size()));
    return totals.flag_ms[std::clamp<std::size_t>(rank, 1, totals.flag_ms.size()) - 1];
  };
  // Each watcher of each flagger times its flag once.
  const int64_t flags_expected = static_cast<int64_t>(o.flaggers) * o.watchers;
  const auto flags_seen = static_cast<int64_t>(totals.flag_ms.size());
  if (flags_seen < flags_expected) {
    totals.errors += flags_expected - flags_seen;
    if (totals.first_error.empty()) {
      totals.first_error = std::to_string(flags_expected - flags_seen) + " flags never seen";
    }
  }
  std::printf("%lld moves sent in %.0f s (%.0f/s), %lld slots late\n",
              static_cast<long long>(totals.sent), o.seconds, totals.sent / o.seconds,
              static_cast<long long>(totals.late));
  std::printf(
      "move -> a watcher: p50 %.2f ms, p99 %.2f ms; move -> every watcher: p50 %.2f ms, "
      "p99 %.2f ms, max %.2f ms\n",
      percentile_ms(totals.latency_us, 0.5), percentile_ms(totals.latency_us, 0.99),
      percentile_ms(totals.all_us, 0.5), percentile_ms(totals.all_us, 0.99),
      percentile_ms(totals.all_us, 1.0));
  if (two_servers) {
    std::printf(
        "move on port %s -> a watcher on port %s: %zu states, p50 %.2f ms, p99 %.2f ms, "
        "max %.2f ms\n",
        o.port.c_str(), o.watch_port.c_str(), totals.remote_us.size(),
        percentile_ms(totals.remote_us, 0.5), percentile_ms(totals.remote_us, 0.99),
        percentile_ms(totals.remote_us, 1.0));
  }
  if (o.flaggers > 0) {
    std::printf(
        "flags: %lld of %lld seen; deadline -> a watcher: p50 %.2f ms, p99 %.2f ms, max %.2f ms "
        "(%lld before the deadline)\n",
        static_cast<long long>(flags_seen), static_cast<long long>(flags_expected),
        flag_percentile(0.5), flag_percentile(0.99), flag_percentile(1.0),
        static_cast<long long>(totals.flags_early));
  }
  if (rss >= 0) std::printf("server resident memory: %ld MiB\n", rss);
  if (totals.errors > 0) {
    std::printf("errors: %lld, first: %s\n", static_cast<long long>(totals.errors),
                totals.first_error.c_str());
  }
  std::printf(
      "RESULT sent=%lld late=%lld p99_every_ms=%.2f rss_mib=%ld errors=%lld flags=%lld "
      "flags_expected=%lld flag_p99_ms=%.2f flag_max_ms=%.2f flags_early=%lld "
      "remote=%zu p99_remote_ms=%.2f\n",
      static_cast<long long>(totals.sent), static_cast<long long>(totals.late),
      percentile_ms(totals.all_us, 0.99), rss, static_cast<long long>(totals.errors),
      static_cast<long long>(flags_seen), static_cast<long long>(flags_expected),
      flag_percentile(0.99), flag_percentile(1.0), static_cast<long long>(totals.flags_early),
      totals.remote_us.size(), percentile_ms(totals.remote_us, 0.99));
  return totals.errors == 0 && totals.sent > 0 ? 0 : 1;
}
