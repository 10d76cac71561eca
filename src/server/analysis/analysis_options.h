// The bounds of the server's analysis (docs/analysis.md "The web analysis board"): live analysis
// of a position a browser shows (live_analysis.h), and the reviews of finished games it stores
// (review_jobs.h). Both run on their own threads, never on an I/O thread, apart from the AI
// seats' searches, so a review never delays an AI's move.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arbiter::server {

struct AnalysisOptions {
  // Live analysis: searches running at once on the server (each on one thread); a connection
  // holds at most one, and an address at most `live_per_address`. Past either bound a new
  // analysis is answered "busy".
  int live_slots = 2;
  int live_per_address = 2;
  // Seconds one position is searched at most: an idle tab does not hold a core for ever (the
  // search stops starting iterations at 60% of it, as every timed search does).
  double live_seconds = 20;
  int live_max_lines = 5;  // multi-PV lines a client may ask for

  // Reviews: run at once, each searching `review_threads` positions at a time, every position
  // for `review_movetime` seconds, or `review_nodes` nodes when set (the same review on any
  // machine).
  int review_workers = 1;
  int review_threads = 2;
  double review_movetime = 0.1;
  uint64_t review_nodes = 0;
  // Reviews one client (an account, else an address) may have queued or running at once, and
  // reviews that may wait on the server; past them a request is answered 429 or 503.
  int review_per_client = 3;
  std::size_t review_queue = 64;
  // A running review's lease in the store, renewed while it runs: a review whose server died
  // is taken up again (by any server on the database) this long after its last renewal.
  int64_t review_lease_ms = 120'000;
  // How often the store is asked for reviews to take up (queued by another server, or whose
  // server died); also once at start.
  int64_t review_sweep_ms = 30'000;
};

}  // namespace arbiter::server
