// `arbiter worker`: takes AI moves from a database that servers run with `--ai-workers 0` share
// (worker/worker.h, docs/deploy.md "AI workers"), until SIGINT or SIGTERM, which stop the
// searches and give their jobs back at once.
#include "worker/worker.h"

#include <pthread.h>

#include <csignal>
#include <iostream>
#include <mutex>

#include "cli/command.h"
#include "store/postgres_store.h"
#include "store/store.h"

namespace arbiter::cli {

Runner setup_worker(CLI::App& sub) {
  struct Options {
    std::string db;
    worker::WorkerOptions worker;
    double lease = 10;
    double poll = 0.1;
    bool verbose = false;
  };
  auto o = std::make_shared<Options>();
  o->worker.name = worker::default_worker_name();
  sub.footer(
      "Servers started with --ai-workers 0 store every AI turn as a job in the database; each "
      "worker claims the oldest free job, searches it and stores the move as a server would. A "
      "claim is a lease the worker renews while it searches: the jobs of a worker that dies are "
      "taken by another once its lease runs out. See docs/deploy.md.");
  sub.add_option("--db", o->db,
                 "the servers' store: postgresql://USER@HOST:PORT/DB (PG* variables fill in the "
                 "rest)")
      ->required();
  sub.add_option("--threads", o->worker.threads, "AI searches run at once")
      ->transform(in_range(1, 64))
      ->capture_default_str();
  sub.add_option("--ai-movetime", o->worker.movetime,
                 "seconds per AI move (as the servers' --ai-movetime); less when the AI's clock "
                 "is short")
      ->transform(in_range(0.001, 3600.0))
      ->capture_default_str();
  sub.add_option("--lease", o->lease,
                 "seconds a claimed job stays this worker's without a renewal (renewed every "
                 "third of it while searching): how long a dead worker's job waits")
      ->transform(in_range(0.1, 3600.0))
      ->capture_default_str();
  sub.add_option("--poll", o->poll, "seconds an idle search thread waits between looks for a job")
      ->transform(in_range(0.001, 60.0))
      ->capture_default_str();
  sub.add_option("--name", o->worker.name,
                 "this worker's name in the jobs' leases (unique among the workers)")
      ->capture_default_str();
  sub.add_flag("--verbose", o->verbose, "print a line for every job taken");
  return [o] {
    if (o->worker.name.empty()) return fail("--name: must not be empty");
    // A server hands AI moves to workers only through PostgreSQL's change feed (serve refuses
    // --ai-workers 0 on SQLite): a worker on SQLite would wait forever.
    // A URL of no store arbiter knows (mysql://...) is named so by the store itself, below.
    const bool other_url = o->db.find("://") != std::string::npos && !o->db.starts_with("sqlite:");
    if (!store::is_postgres_url(o->db) && !other_url) {
      return fail("--db " + o->db +
                  ": a worker needs the PostgreSQL store its servers share (--db "
                  "postgresql://...); no server on SQLite leaves AI moves to workers");
    }
    auto store = store::open_store(o->db);
    if (!store) return fail(store.error());
    o->worker.lease_ms = static_cast<int64_t>(o->lease * 1000);
    o->worker.poll_ms = std::max<int64_t>(1, static_cast<int64_t>(o->poll * 1000));
    auto out = std::make_shared<std::mutex>();
    o->worker.on_turn = [o, out](const store::AiJobRow& job, const worker::TurnReport& r) {
      const bool quiet = r.outcome == worker::TurnOutcome::kMoved ||
                         r.outcome == worker::TurnOutcome::kDropped ||
                         r.outcome == worker::TurnOutcome::kStopped;
      if (quiet && !o->verbose) return;
      std::lock_guard lock(*out);
      (r.outcome == worker::TurnOutcome::kFailed ? std::cerr : std::cout)
          << "arbiter: worker: game " << job.game_id << " ply " << job.ply << " (attempt "
          << job.attempts << "): " << worker::to_text(r.outcome) << " " << r.detail << std::endl;
    };
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    worker::Worker w(std::shared_ptr<store::Store>(std::move(*store)), o->worker);
    w.start();
    std::cout << "arbiter: worker " << o->worker.name << " taking AI jobs (" << o->worker.threads
              << (o->worker.threads == 1 ? " search" : " searches") << " at once)" << std::endl;
    int signal = 0;
    sigwait(&signals, &signal);
    std::cout << "arbiter: worker stopping" << std::endl;
    w.stop();
    const auto s = w.stats();
    std::cout << "arbiter: worker " << o->worker.name << ": " << s.claimed << " jobs claimed, "
              << s.moved << " moved, " << s.dropped << " dropped, " << s.lost << " lost, "
              << s.failed << " failed" << std::endl;
    return 0;
  };
}

}  // namespace arbiter::cli
