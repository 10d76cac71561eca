// Live analysis: the engine's top lines for the position a browser shows, sent as the search
// deepens (docs/analysis.md "The web analysis board"), on a fixed pool of worker threads shared
// by every client:
//
// - A connection holds at most one analysis: a new position stops the one under way (within a
//   few milliseconds) and takes its place, and stop() (the client asks, or disconnects) ends it.
// - At most `live_slots` analyses are held on the server and `live_per_address` from one
//   address, never more than half the slots (at least one), so one address cannot take them
//   all: past them a new one is refused ("busy", 503 and 429), never queued behind others.
//   A slot is free again as soon as its analysis is stopped, or its search ends by itself.
// - A search ends by itself after `live_seconds` (or sooner when the result is proven), so a
//   forgotten tab does not hold a core.
//
// The search is the strongest level's (level 10) on one thread, with the multi-PV lines the
// client asks for; its messages (analysis_json.h) go to the connection's sink, at most about
// ten a second, the first as soon as the first iteration ends, and a final one when the search
// ends by itself.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "games/game.h"
#include "server/analysis/analysis_options.h"
#include "server/play/outcome.h"

namespace arbiter::server {

// The analyses one address may hold: `live_per_address`, at most half of `live_slots`, at least 1.
int live_per_address(const AnalysisOptions& options);

class LiveAnalysis {
 public:
  // Takes one message (JSON text) for the client. Called on a worker thread: it must not block.
  using Sink = std::function<void(std::string message)>;
  // Finds the position to search, on the worker (it may read the store); its error goes to the
  // client as an error message.
  using Resolver = std::function<Outcome<std::unique_ptr<GameState>>()>;

  struct Job {
    uint64_t request = 0;  // the client's number for it, in every message about it
    int lines = 1;         // multi-PV lines, 1..live_max_lines
    Resolver resolve;
  };

  explicit LiveAnalysis(const AnalysisOptions& options);
  ~LiveAnalysis();
  LiveAnalysis(const LiveAnalysis&) = delete;
  LiveAnalysis& operator=(const LiveAnalysis&) = delete;

  // Starts `job` for `connection` (a number unique to one client connection) from `address`,
  // in place of the connection's analysis under way, which stops. 503 when the server holds
  // `live_slots` analyses already, 429 when the address holds live_per_address(options).
  Outcome<bool> start(uint64_t connection, const std::string& address, Job job, Sink sink);
  // Stops the connection's analysis, if any; its slot is free at once.
  void stop(uint64_t connection);

  struct Stats {
    std::size_t held = 0;     // connections holding an analysis (slots taken)
    std::size_t running = 0;  // searches running
    std::size_t slots = 0;
  };
  Stats stats() const;
  // Stops every search and joins the workers; start() refuses from then on.
  void shutdown();

 private:
  struct Pending {
    uint64_t connection = 0;
    uint64_t generation = 0;
    std::shared_ptr<std::atomic<bool>> stop;
    Job job;
    Sink sink;
  };
  struct Holder {
    std::string address;
    uint64_t generation = 0;  // of its latest job
    std::shared_ptr<std::atomic<bool>> stop;
  };
  struct Worker;  // a worker's searcher, kept between its jobs (live_analysis.cpp)

  void work();
  void run(Pending& p, Worker& worker);

  const AnalysisOptions options_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Pending> queue_;
  std::unordered_map<uint64_t, Holder> holders_;  // by connection
  uint64_t generation_ = 0;
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter::server
