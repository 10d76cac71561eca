// The flag scheduler (docs/online.md): when each game's seat to move runs out of time.
//
// Every change of a game hands its deadline (the seat to move's time plus the lag allowance,
// clocks/time_control.h) to one scheduler: a min-heap of (deadline, game id) and a thread that
// sleeps until the earliest. A due entry is handed to `check` (Endings::check_flag), which
// looks at the game under its lock: the game may have moved on since, which makes the entry
// stale, so the heap needs no removals; a game changes its deadline only by a change, and each
// change pushes at most one entry. After a restart Hub::load schedules every playing game with
// a clock.
//
// Locking: the heap's mutex comes after any game's lock (schedule_locked is called under it)
// and after the registry's (a game going live); it is never held while `check` runs. One
// fire_due() runs at a time (its own mutex, taken before the heap's and any game's lock).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <queue>
#include <string>
#include <thread>
#include <vector>

#include "server/play/hub_options.h"
#include "server/play/live_game.h"

namespace arbiter::server {

class FlagScheduler {
 public:
  // Looks at game `id`, whose deadline may have passed (on the flag thread, or a test's).
  using Check = std::function<void(const std::string& id)>;

  FlagScheduler(const HubClock& clock, const std::atomic<bool>& stopping, Check check);
  FlagScheduler(const FlagScheduler&) = delete;
  FlagScheduler& operator=(const FlagScheduler&) = delete;

  // Starts the flag thread, unless the clock is supplied: its owner moves it and then calls
  // fire_due() (a timer waits in real time and would fire at whatever moment it woke).
  void start();
  // After `stopping` is set: wakes the thread and joins it.
  void stop();

  // Under the game's lock, after any change: hands the game's deadline to the scheduler
  // (nothing when it has none, or it was handed already).
  void schedule_locked(LiveGame& g);
  void schedule(int64_t at, std::string id);
  // Checks every game whose deadline has passed on the hub's clock; returns how many were due.
  std::size_t fire_due();

 private:
  struct Entry {
    int64_t at = 0;
    std::string id;
    bool operator>(const Entry& o) const { return at > o.at; }
  };
  void loop();

  const HubClock& clock_;
  const std::atomic<bool>& stopping_;
  const Check check_;
  std::mutex mu_;  // after any game's lock
  std::condition_variable wake_;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap_;
  std::mutex firing_mu_;  // one fire_due() at a time
  std::thread thread_;
};

}  // namespace arbiter::server
