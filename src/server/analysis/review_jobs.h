// Reviews of finished games as server jobs (docs/analysis.md "Reviews on the server"): asked
// for over the API, queued in the store, run on the AI machinery's fair scheduler (ai_pool.h:
// one worker pool, clients taking turns) with engine/review.h, and stored once done, so a game
// is reviewed once and every later visitor reads the stored report.
//
// - A request for a game being played is refused (409): a review opens once it ends.
// - Bounded: one client (an account, else an address) has at most `review_per_client` reviews
//   queued or running on this server (429 past it), and at most `review_queue` wait in all
//   (503 past it). A review asked for again while queued, running or done is answered as it
//   stands; a failed one may be asked for again.
// - Shared and durable: a review is leased in the store while it runs (renewed as it goes), so
//   servers sharing a database run each review once, and one whose server stopped is taken up
//   again, by a sweep of the store every `review_sweep_ms` (and at start), once its lease has run
//   out.
// - Watchers (the analysis WebSocket) are told of its progress and its end.
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/ai_seats/ai_pool.h"
#include "server/analysis/analysis_options.h"
#include "server/analysis/analysis_views.h"
#include "server/play/outcome.h"

namespace arbiter::server {

class Hub;

// Someone told of a review's progress and end: the message is review_event_text(). Called on a
// review worker; it must not block.
class ReviewWatcher {
 public:
  virtual ~ReviewWatcher() = default;
  virtual void review_event(std::shared_ptr<const std::string> message) = 0;
};

class ReviewJobs {
 public:
  // Starts the workers and the sweep (which takes up the store's claimable reviews at once).
  ReviewJobs(Hub& hub, const AnalysisOptions& options);
  ~ReviewJobs();
  ReviewJobs(const ReviewJobs&) = delete;
  ReviewJobs& operator=(const ReviewJobs&) = delete;

  // Queues a review of game `id` for `requester` ("account:ID" or "address:ADDR"): 404 for an
  // unknown game, 409 while it is being played, 429 past the requester's bound, 503 past the
  // queue's. A review that exists already (queued, running, done) is answered as it stands;
  // `created` says whether this call queued it. Reads the store: call it off the I/O threads.
  Outcome<ReviewState> request(std::string_view id, const std::string& requester,
                               bool* created = nullptr);
  // The game's review as it stands (status "none" when none was asked for); 404 for an unknown
  // game. Reads the store.
  Outcome<ReviewState> state(std::string_view id);
  // `watcher` is told of the game's review from now until it ends (held weakly).
  void watch(const std::string& id, const std::weak_ptr<ReviewWatcher>& watcher);
  // Takes up the store's claimable reviews this server does not run (queued by another server,
  // or abandoned by a stopped one) as far as the queue has room. The sweep calls it.
  void sweep();

  struct Stats {
    std::size_t queued = 0;   // waiting for a worker
    std::size_t running = 0;  // being searched
  };
  Stats stats() const;
  // Stops the reviews under way (their leases lapse, so they are taken up again later) and
  // joins the threads. Idempotent.
  void shutdown();

 private:
  struct Job {
    std::string requester;
    bool running = false;
    int done = 0, total = 0;
  };

  // Queues `id` for `requester` unless it is queued or running here (mu_ held). False when the
  // pool refused it.
  bool submit_locked(const std::string& id, const std::string& requester);
  void run(const std::string& id);
  // Runs the review of game `id` (leased to this server); the report, or why it failed.
  Outcome<std::string> review(const std::string& id);
  // Tells the game's watchers `state` (dropping them once it has ended).
  void tell(const ReviewState& state);
  void sweep_loop();

  Hub& hub_;
  const AnalysisOptions options_;
  const std::string owner_;  // this server's name on the leases it takes
  std::atomic<bool> stopping_{false};
  mutable std::mutex mu_;
  std::unordered_map<std::string, Job> jobs_;        // queued or running here, by game
  std::unordered_map<std::string, int> per_client_;  // jobs_ per requester
  std::map<std::string, std::vector<std::weak_ptr<ReviewWatcher>>> watchers_;
  std::condition_variable sweep_wake_;
  std::thread sweeper_;
  AiPool pool_;  // last: its workers stop first
};

}  // namespace arbiter::server
