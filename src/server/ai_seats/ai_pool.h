// The AI searches' scheduler: a fixed pool of worker threads (no search ever runs on an I/O
// thread, and the searches running at once stay bounded however many AI games are live) fed
// by a fair queue.
//
// - At most one pending search per game: a game is queued by its id, and queuing it again
//   while it waits changes nothing. The job names the game, not the game object, so a game
//   that leaves memory while it waits is loaded again when its turn comes (the hub's runner).
// - Fair: games are grouped by owner (the address that last moved in them, or the game alone
//   when it is not known); the workers take one game from each owner in turn, so fifty games
//   of one client never make another client wait for all fifty.
// - Bounded: has_room() says whether another search may be queued; the hub refuses a request
//   that would queue one past the bound ("busy"). A search queued by the hub itself (a game
//   loaded at start-up, the turn after a stored move) is never dropped.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace arbiter::server {

class AiPool {
 public:
  // `run(id)` runs one game's search on a worker thread.
  using Runner = std::function<void(const std::string& id)>;

  struct Stats {
    std::size_t queued = 0;   // games waiting for a worker
    std::size_t running = 0;  // searches running
    std::size_t capacity = 0;
    std::size_t owners = 0;  // owners with games waiting
  };

  // `workers` threads run the searches; 0 runs none (a hub whose AI turns go to `arbiter worker`
  // processes queues nothing here).
  AiPool(int workers, std::size_t capacity, Runner run);
  ~AiPool();
  AiPool(const AiPool&) = delete;
  AiPool& operator=(const AiPool&) = delete;

  // Queues game `id` for `owner` unless it waits already; false only after shutdown().
  bool submit(const std::string& id, const std::string& owner);
  // Whether another game may be queued within the bound (a request may be admitted).
  bool has_room() const;
  // Whether game `id` waits for a worker.
  bool queued(const std::string& id) const;
  Stats stats() const;
  // Drops queued games, waits for the running searches (the caller stops them first).
  void shutdown();

 private:
  void work();

  const std::size_t capacity_;
  Runner run_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  // Owners with games waiting, in turn order; each owner's games first in, first out.
  std::deque<std::string> turn_;
  std::unordered_map<std::string, std::deque<std::string>> by_owner_;
  std::unordered_set<std::string> waiting_;  // ids of queued games
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter::server
