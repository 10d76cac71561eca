// `arbiter serve`: the HTTP + WebSocket server (Boost.Beast over Asio) in front of the hub.
//
//   Server s(options, store);
//   if (Status st = s.start(); !st) ...  // loads live games, listens, runs the I/O threads
//   s.port();                            // the bound port (options.port 0 picks a free one)
//   s.stop();                            // stops searches, closes connections, joins threads
//
// I/O runs on `threads` threads; AI searches run on the hub's own worker pool. start() raises the
// soft descriptor limit to the hard one; connections are capped below it and per address, and
// the accept loop backs off while descriptors run out (docs/server.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/analysis/analysis_options.h"
#include "store/store.h"

namespace arbiter::server {

class Hub;

struct ServerOptions {
  std::string host = "127.0.0.1";  // listen address; "0.0.0.0" serves every interface
  uint16_t port = 8080;            // 0: any free port
  std::string web_dir = ARBITER_WEB_DIR;
  double rate_limit = 50;             // requests per second per address (burst 2×); 0 = off
  double ai_movetime = 0.5;           // seconds per AI move
  int threads = 2;                    // I/O threads
  int ai_workers = 2;                 // concurrent AI searches; 0: left to workers (HubOptions)
  std::size_t max_live_games = 4096;  // games kept in memory (HubOptions)
  std::size_t ai_memory_mb = 256;     // the AI engines' tables together (HubOptions)
  std::size_t ai_queue = 512;         // AI searches that may wait (HubOptions)
  std::size_t legal_memory_mb = 64;   // the legal endpoint's click indexes together (HubOptions)
  double abandon_days = 0;            // close games unchanged this long; 0: never (HubOptions)
  std::string shared_store_url;       // a PostgreSQL store other servers share (HubOptions)
  double create_limit = 60;           // games created per hour per address; 0 = off
  // Connections held at once from one address (0: no limit), and in all (0: as many as the
  // descriptor limit allows, less a reserve for the store, the web files and the AI threads).
  std::size_t max_connections_per_address = 64;
  std::size_t max_connections = 0;
  // Proxies whose X-Forwarded-For names the client (client_address.h); IP addresses.
  std::vector<std::string> trust_proxy;
  // Cookies the server sets carry Secure (sent over https only); they do anyway on a request a
  // trusted proxy says came over https (X-Forwarded-Proto).
  bool secure_cookies = false;
  // The hub's clock (HubOptions::clock; empty: the wall clock) and the disconnect grace.
  std::function<int64_t()> clock;
  int64_t disconnect_grace_ms = 60'000;
  // Accounts seen on one address may play rated games together (HubOptions).
  bool rated_same_address = false;
  // How long a connection may wait for its next request and take to send it.
  std::chrono::milliseconds request_timeout{60'000};
  // Live analysis and reviews (analysis/analysis_options.h).
  AnalysisOptions analysis;
};

class Server {
 public:
  Server(ServerOptions options, std::shared_ptr<store::Store> store);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Loads the store's live games and starts listening; an error names what failed (the address,
  // the store, an --ai-memory below the largest AI engine). Games that no longer replay are
  // reported on stderr and skipped.
  Status start();
  uint16_t port() const;
  // Idempotent; a stopped server cannot start again.
  void stop();
  // Stops gracefully, then as stop(): for `grace`, /api/health answers 503 "draining" (a load
  // balancer checking it sends new traffic elsewhere) while everything is still served, each
  // answer closing its connection; then the listener closes, the WebSockets are closed (their
  // clients reconnect, to another server), and the requests in flight are answered and their
  // changes stored, for at most `bound` in all; a request read after that is not handled (its
  // connection closes unanswered: sent again elsewhere, it is played once).
  void drain(std::chrono::milliseconds grace, std::chrono::milliseconds bound);
  Hub& hub();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::server
