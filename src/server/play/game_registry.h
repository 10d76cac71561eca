// The games in memory: id → LiveGame, loaded (and replayed) from the store when asked for, and
// kept in least-recently-used order so that past HubOptions::max_live_games idle ones (nobody
// watching, no request, search or write using them) leave memory again.
//
// Locking: the registry's mutex (shared for lookups, exclusive to add or drop a game) comes
// before the LRU's, which guards the order (lookups move a game to the front under the shared
// lock). Eviction, under the exclusive lock, only tries a game's lock (never waits for it);
// every other game lock is taken with the registry's released. The hooks run where noted.
#pragma once

#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/play/hub_options.h"
#include "server/play/live_game.h"
#include "server/play/outcome.h"
#include "server/play/work_pool.h"
#include "store/store.h"

namespace arbiter::server {

class GameRegistry {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;
  struct Hooks {
    // Under the registry's exclusive lock, as a game goes live and before any other thread can
    // reach it (its lock is not taken): hands its flag deadline to the scheduler.
    std::function<void(LiveGame&)> went_live;
    // Under the registry's exclusive lock: an idle game left memory (its engine, its index).
    std::function<void(const std::string& id)> evicted;
    // No lock held: a game read from the store went live (a shared store reads it again).
    std::function<void(const std::string& id)> loaded;
  };

  GameRegistry(std::shared_ptr<store::Store> store, WorkPool& work, const HubOptions& options,
               const HubClock& clock, Hooks hooks);
  GameRegistry(const GameRegistry&) = delete;
  GameRegistry& operator=(const GameRegistry&) = delete;

  // Adds a game unless one with its id is live already; returns the live one. It gets the hub's
  // clock and disconnect grace, its seats count as away from now, and idle games are dropped
  // while over the cap.
  GamePtr insert(GamePtr g);
  // The game when it is in memory (marked used just now), else nullptr.
  GamePtr live(std::string_view id);
  // The same without marking it used: for the server's own rereads, which are no use of it.
  GamePtr held(const std::string& id) const;
  // The live game, loading (and replaying) it from the store when it is not in memory: reads
  // the disk, so on a worker, never an I/O thread.
  Outcome<GamePtr> find(std::string_view id);
  Outcome<GamePtr> find(const store::GameRow& row);  // row already loaded
  // Calls `then(game)` with the live game: at once when it is in memory, else on a worker once
  // loaded; a failure (unknown game, busy) goes to `fail`.
  void with_game(std::string_view id, std::function<void(const GamePtr&)> then,
                 std::function<void(const ApiError&)> fail);

  bool contains(const std::string& id) const;
  std::vector<GamePtr> games() const;  // every live game, as they are now
  std::vector<std::string> ids() const;
  std::size_t size() const;

 private:
  struct Slot {
    GamePtr game;
    std::list<std::string>::iterator lru;  // its place in lru_
  };
  // Under mu_ (exclusive): drops idle games other than `keep` while over the cap, looking at a
  // bounded number of the least recently used ones.
  void evict_idle_locked(const std::string& keep);

  const std::shared_ptr<store::Store> store_;
  WorkPool& work_;
  const HubOptions& options_;
  const HubClock& clock_;
  const Hooks hooks_;
  mutable std::shared_mutex mu_;
  std::unordered_map<std::string, Slot> games_;
  std::mutex lru_mu_;           // after mu_
  std::list<std::string> lru_;  // ids, most recently used first (mu_ and lru_mu_)
};

}  // namespace arbiter::server
