// Abandoned games (HubOptions::abandon_days, docs/server.md): a playing game that nothing
// changed in for that long is closed, its result "abandoned: ...", so a server does not carry
// forgotten games (and their AI seats) forever. Every change of a game (a move of a person or an
// AI, a join, an undo) sets its updated time, so a game a person moved in within the period is
// never closed: the test is on the stored time, checked again under the game's lock. A thread
// of its own closes them every so often (a 24th of the period, between a second and an hour).
//
// Locking: a live game is closed as a change (under its lock); a game not in memory is written
// directly. The thread's own mutex is held only while it sleeps.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/hub_options.h"
#include "server/play/play_parts.h"
#include "store/store.h"
#include "store/store_queue.h"

namespace arbiter::server {

class AbandonedGames {
 public:
  AbandonedGames(std::shared_ptr<store::Store> store, double abandon_days, const PlayParts& parts,
                 const std::atomic<bool>& stopping, store::StoreQueue& writes);
  AbandonedGames(const AbandonedGames&) = delete;
  AbandonedGames& operator=(const AbandonedGames&) = delete;

  // Whether games are closed at all (abandon_days > 0).
  bool enabled() const { return abandon_days_ > 0; }
  // Starts the thread (when enabled); stop() wakes and joins it once `stopping` is set.
  void start();
  void stop();
  // Closes the playing games unchanged since `before_ms` as abandoned; returns how many.
  std::size_t close(int64_t before_ms);
  // close() of the games unchanged for abandon_days, on the hub's clock.
  std::size_t close_due();
  // Games closed since start (their writes stored).
  uint64_t closed() const { return closed_; }

 private:
  void loop();

  const std::shared_ptr<store::Store> store_;
  const double abandon_days_;
  const PlayParts parts_;
  const std::atomic<bool>& stopping_;
  store::StoreQueue& writes_;
  std::atomic<uint64_t> closed_{0};
  std::mutex mu_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace arbiter::server
