// `arbiter serve`: the web UI and the HTTP + WebSocket API (docs/api.md) until SIGINT or
// SIGTERM, which drain it (Server::drain: health says "draining", the listener and the
// WebSockets close, what is in flight is answered and stored) and stop it; a second signal
// stops it at once. Every accepted move is in the store either way.
#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <iostream>

#include "cli/command.h"
#include "cli/store_open.h"
#include "core/log.h"
#include "server/server.h"
#include "store/postgres_store.h"
#include "store/store.h"

namespace arbiter::cli {

Runner setup_serve(CLI::App& sub) {
  struct Options {
    server::ServerOptions server;
    std::string db = kDefaultStoreUrl;
    double drain_grace = 0;
    double drain_timeout = 10;
    std::string log_format = "text";
    std::string log_level = "info";
  };
  auto o = std::make_shared<Options>();
  sub.add_option("--port", o->server.port, "TCP port (0: any free port, printed)")
      ->transform(in_range(0, 65535))
      ->capture_default_str();
  sub.add_option("--host", o->server.host, "listen address (0.0.0.0: every interface)")
      ->capture_default_str();
  sub.add_option(
         "--db", o->db,
         "game store: sqlite:PATH, a file path, :memory:, or postgresql://USER@HOST:PORT/DB "
         "(shared by several servers; PG* variables fill in the rest)")
      ->capture_default_str();
  sub.add_option("--web", o->server.web_dir, "folder of the built web UI")->capture_default_str();
  sub.add_option("--rate-limit", o->server.rate_limit,
                 "API requests and WebSocket messages per second per address (0: no limit)")
      ->transform(in_range(0.0, 1e6))
      ->capture_default_str();
  sub.add_option("--ai-movetime", o->server.ai_movetime, "seconds per AI move")
      ->transform(in_range(0.001, 3600.0))
      ->capture_default_str();
  sub.add_option("--threads", o->server.threads, "I/O threads")
      ->transform(in_range(1, 64))
      ->capture_default_str();
  sub.add_option("--ai-workers", o->server.ai_workers,
                 "AI searches run at once in this server; 0: none, every AI move is left to "
                 "`arbiter worker` processes on the same PostgreSQL database")
      ->transform(in_range(0, 64))
      ->capture_default_str();
  sub.add_option("--max-live-games", o->server.max_live_games,
                 "games kept in memory; idle ones past this are reloaded from the store on demand")
      ->transform(in_range(1, 1 << 24))
      ->capture_default_str();
  sub.add_option("--abandon-days", o->server.abandon_days,
                 "close an unfinished game as abandoned after this many days without a move, "
                 "join or resignation (0: never)")
      ->transform(in_range(0.0, 1e6))
      ->capture_default_str();
  sub.add_option("--ai-queue", o->server.ai_queue,
                 "AI moves that may wait for a worker; past it a request that needs one is "
                 "answered 503")
      ->transform(in_range(1, 1 << 20))
      ->capture_default_str();
  sub.add_option("--legal-memory", o->server.legal_memory_mb,
                 "MB the legal endpoint's move indexes take together (least recently used freed)")
      ->transform(in_range(1, 1 << 20))
      ->capture_default_str();
  sub.add_option("--ai-memory", o->server.ai_memory_mb,
                 "MB the AI engines kept between moves take together (idle ones freed, least "
                 "recently used first)")
      ->transform(in_range(1, 1 << 20))
      ->capture_default_str();
  sub.add_option("--create-limit", o->server.create_limit,
                 "games created per hour per address, in bursts of ten minutes' worth (0: no "
                 "limit)")
      ->transform(in_range(0.0, 1e6))
      ->capture_default_str();
  sub.add_option("--max-connections-per-address", o->server.max_connections_per_address,
                 "connections held at once from one address (0: no limit)")
      ->transform(in_range(0, 1 << 20))
      ->capture_default_str();
  sub.add_option("--analysis-slots", o->server.analysis.live_slots,
                 "live analyses (the analysis board's engine lines) run at once, one thread each")
      ->transform(in_range(1, 256))
      ->capture_default_str();
  sub.add_option("--analysis-seconds", o->server.analysis.live_seconds,
                 "seconds a live analysis searches one position at most")
      ->transform(in_range(0.1, 3600.0))
      ->capture_default_str();
  sub.add_option("--review-workers", o->server.analysis.review_workers, "game reviews run at once")
      ->transform(in_range(1, 64))
      ->capture_default_str();
  sub.add_option("--review-threads", o->server.analysis.review_threads,
                 "positions a review searches at once")
      ->transform(in_range(1, 64))
      ->capture_default_str();
  sub.add_option("--review-movetime", o->server.analysis.review_movetime,
                 "seconds a review searches each position")
      ->transform(in_range(0.001, 60.0))
      ->capture_default_str();
  sub.add_option("--review-nodes", o->server.analysis.review_nodes,
                 "nodes a review searches each position instead (0: use --review-movetime)")
      ->transform(in_range<uint64_t>(0, uint64_t{1} << 40))
      ->capture_default_str();
  sub.add_flag("--rated-same-address", o->server.rated_same_address,
               "let accounts seen on one address play rated games together (a club whose "
               "players share one address); without it they play casual games only");
  sub.add_option("--trust-proxy", o->server.trust_proxy,
                 "a reverse proxy's IP address: its requests name the client in X-Forwarded-For "
                 "(repeat for several)");
  sub.add_flag("--secure-cookies", o->server.secure_cookies,
               "mark cookies Secure, sent over https only (behind a TLS proxy; a trusted proxy's "
               "X-Forwarded-Proto: https marks them anyway)");
  sub.add_option("--drain-grace", o->drain_grace,
                 "seconds a stopping server answers /api/health 503 \"draining\" while still "
                 "serving, before it stops accepting (for a load balancer that checks health)")
      ->transform(in_range(0.0, 600.0))
      ->capture_default_str();
  sub.add_option("--drain-timeout", o->drain_timeout,
                 "seconds a stopping server takes at most to answer what it was asked and store "
                 "it (--drain-grace included)")
      ->transform(in_range(0.0, 3600.0))
      ->capture_default_str();
  sub.add_option("--log-format", o->log_format,
                 "the log's lines on stderr: text (key=value) or json (one object a line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  sub.add_option("--log-level", o->log_level, "the least level logged: debug, info, warn, error")
      ->check(CLI::IsMember({"debug", "info", "warn", "error"}))
      ->capture_default_str();
  return [o] {
    log::Format format = log::Format::kText;
    log::Level level = log::Level::kInfo;
    log::parse_format(o->log_format, format);
    log::parse_level(o->log_level, level);
    log::set_format(format);
    log::set_level(level);
    auto store = open_command_store(o->db);
    if (store::is_postgres_url(o->db)) o->server.shared_store_url = o->db;
    if (!store) return fail(store.error());
    // A worker's move reaches a server only through the change feed, which PostgreSQL has.
    if (o->server.ai_workers == 0 && o->server.shared_store_url.empty()) {
      return fail(
          "--ai-workers 0 leaves AI moves to `arbiter worker`, which needs a PostgreSQL "
          "store (--db postgresql://...)");
    }
    // The signals are taken by sigwait below; threads started from here inherit the mask.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    // Past a file-size limit (ulimit -f) a write fails, and the store reports it (health says
    // the store cannot write), instead of the signal killing the server.
    std::signal(SIGXFSZ, SIG_IGN);

    server::Server server(o->server, std::shared_ptr<store::Store>(std::move(*store)));
    if (Status st = server.start(); !st) {
      log::error("server.start_failed", {{"error", st.error()}});
      return 1;
    }
    // A PostgreSQL URL's password is never printed (docs/deploy.md: logs hold no secrets).
    std::string db = log::redact_url(o->db);
    if (db.starts_with("sqlite:")) db = db.substr(7);
    const std::string host =
        o->server.host == "0.0.0.0" || o->server.host == "127.0.0.1" ? "localhost" : o->server.host;
    std::cout << "arbiter: serving http://" << host << ":" << server.port() << " (db " << db << ")"
              << std::endl;
    log::info("server.started", {{"port", server.port()}, {"db", db}});
    int signal = 0;
    sigwait(&signals, &signal);
    // A second signal while draining stops at once (the process dies by its default action).
    std::cout << "arbiter: draining" << std::endl;
    log::info("server.draining", {{"signal", signal}});
    pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
    const auto seconds = [](double s) {
      return std::chrono::milliseconds(static_cast<int64_t>(s * 1000));
    };
    server.drain(seconds(o->drain_grace), seconds(std::max(o->drain_timeout, o->drain_grace)));
    std::cout << "arbiter: stopped" << std::endl;
    log::info("server.stopped");
    return 0;
  };
}

}  // namespace arbiter::cli
