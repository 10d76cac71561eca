// `arbiter worker`: AI searches for servers on one shared database (docs/deploy.md "AI workers").
// A server run with `--ai-workers 0` searches nothing itself: each change that leaves an AI seat
// to move is stored with a job for that turn (store ai_jobs, ai_job_rows.h). Workers, on any
// machine, claim jobs (the oldest free one; PostgreSQL's FOR UPDATE SKIP LOCKED hands each to
// one worker), search, and store the move as a server would (ai_turn.h); the servers hear of it
// through their change feed and tell their watchers.
//
// A claim is a lease: the worker renews it while it searches. A worker that dies (kill -9, a
// lost machine) renews no more; once its lease runs out another worker claims the job, and
// since every move is ply-checked, a turn is stored once however many searched it.
//
// Each of `threads` search threads claims and runs one job at a time on an engine of its own,
// so a worker takes at most `threads` engines' memory (the largest level's tables each).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "store/store.h"
#include "worker/ai_turn.h"

namespace arbiter::worker {

struct WorkerOptions {
  std::string name;  // the worker's name among those on the database; thread i leases as NAME/i
  int threads = 2;   // searches at once
  double movetime = 0.5;           // seconds per AI move at most (as `serve --ai-movetime`)
  int64_t lease_ms = 10'000;       // a lease's length: how long a dead worker's job waits
  int64_t poll_ms = 100;           // how often an idle thread looks for a job
  std::function<int64_t()> clock;  // Unix ms; empty: the wall clock
  // Called on the search thread after every claimed job (a log line, a test's tally).
  std::function<void(const store::AiJobRow&, const TurnReport&)> on_turn;
};

class Worker {
 public:
  struct Stats {
    uint64_t claimed = 0;
    uint64_t moved = 0;
    uint64_t dropped = 0;
    uint64_t lost = 0;
    uint64_t failed = 0;
  };

  Worker(std::shared_ptr<store::Store> store, WorkerOptions options);
  ~Worker();  // stop()
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Starts the search threads.
  void start();
  // Stops the searches under way, gives their leases back and joins the threads. Idempotent.
  void stop();
  Stats stats() const;

 private:
  void run(int index);

  std::shared_ptr<store::Store> store_;
  WorkerOptions options_;
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> claimed_{0}, moved_{0}, dropped_{0}, lost_{0}, failed_{0};
  std::vector<std::thread> threads_;
};

// A name for this worker: host name and process id ("HOST:PID").
std::string default_worker_name();

}  // namespace arbiter::worker
