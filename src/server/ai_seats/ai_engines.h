// The AI seats' engines: one engine::Engine per live game with an AI seat, made for the game's
// first AI move and reused for each later one, so what a search learned (its transposition
// table, its MCTS tree) serves the next. A game's engine goes when the game ends or leaves
// memory (the hub calls drop()).
//
// Memory is bounded: each engine counts the megabytes its tables can take (engine_megabytes, an
// upper bound from the recipe), and the engines held at once never count more than the capacity
// (`arbiter serve --ai-memory`, docs/api.md) together. To make room for a new engine, idle ones
// are freed, least recently used first; when the engines of running searches fill the capacity,
// the new search waits until one of them ends. The capacity must hold the largest engine
// (largest_engine_megabytes()), so every search runs in the end.
//
// Thread-safe. Never calls back into the hub, so it may be called with a game's lock held;
// acquire() may wait, so it must not be.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "ai/levels.h"
#include "engine/engine.h"

namespace arbiter::server {

class AiEngines {
 public:
  struct Stats {
    std::size_t engines = 0;         // held now
    std::size_t megabytes = 0;       // what they count together
    std::size_t peak_megabytes = 0;  // the most they ever counted together
    uint64_t made = 0;               // engines made so far (a reuse makes none)
    uint64_t evicted = 0;            // idle engines freed to make room
  };

  // One game's engine, held for one search; given back when the lease is destroyed.
  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& other) noexcept { *this = std::move(other); }
    Lease& operator=(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { release(); }

    explicit operator bool() const { return engine_ != nullptr; }
    const std::shared_ptr<engine::Engine>& engine() const { return engine_; }
    // Gives the engine back now (its search has ended); the lease is empty after.
    void release();

   private:
    friend class AiEngines;
    Lease(AiEngines* owner, std::string id, std::shared_ptr<engine::Engine> engine)
        : owner_(owner), id_(std::move(id)), engine_(std::move(engine)) {}
    AiEngines* owner_ = nullptr;
    std::string id_;
    std::shared_ptr<engine::Engine> engine_;
  };

  explicit AiEngines(std::size_t capacity_mb);
  ~AiEngines() { shutdown(); }
  AiEngines(const AiEngines&) = delete;
  AiEngines& operator=(const AiEngines&) = delete;

  // The engine of game `id` for one search, made when the game has none; `megabytes` is what it
  // counts (engine_megabytes of the game's largest AI seat). Waits while another search of the
  // game still holds it, or while running searches leave no room. Empty after shutdown().
  Lease acquire(const std::string& id, std::size_t megabytes);
  // Frees the game's engine: now when it is idle, else when its search gives it back.
  void drop(const std::string& id);
  // Frees the idle engines; waiting and later acquire() calls get empty leases.
  void shutdown();
  Stats stats() const;

  // The most the tables of an engine playing `recipe` with `players` players can take, in
  // megabytes: the alpha-beta transposition table (doubled when threads share one), or the MCTS
  // tree at its node limit per thread; 1 for an engine without tables (random play), so that
  // every engine counts.
  static std::size_t engine_megabytes(const ai::Recipe& recipe, int players);
  // The largest engine_megabytes of any level and player count: the least capacity allowed.
  static std::size_t largest_engine_megabytes();

 private:
  struct Entry {
    std::shared_ptr<engine::Engine> engine;
    std::size_t megabytes = 0;
    uint64_t last_used = 0;  // clock_ at its last acquire
    bool busy = false;       // a lease holds it
    bool dropped = false;    // freed when the lease gives it back
  };

  void give_back(const std::string& id, const std::shared_ptr<engine::Engine>& engine);
  // Frees idle engines, least recently used first, until `megabytes` more fit or none is idle.
  void make_room_locked(std::size_t megabytes, std::vector<std::shared_ptr<engine::Engine>>& freed);
  // Removes the entry; its engine joins `freed`, to be destroyed outside the lock.
  void erase_locked(std::unordered_map<std::string, Entry>::iterator it,
                    std::vector<std::shared_ptr<engine::Engine>>& freed);

  mutable std::mutex mu_;
  std::condition_variable cv_;  // an engine was given back or freed
  std::unordered_map<std::string, Entry> entries_;
  const std::size_t capacity_mb_;
  uint64_t clock_ = 0;
  bool stopping_ = false;
  Stats stats_;  // engines is entries_.size()
};

}  // namespace arbiter::server
