// The hub's options (the server's flags, HubOptions) and its clock (HubClock), which every part
// of the hub (hub.h) reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "server/play/live_game.h"

namespace arbiter::server {

struct HubOptions {
  double ai_movetime = 0.5;  // seconds per AI move
  // Concurrent AI searches. 0: none here; every AI turn is stored as a job (store ai_jobs) for
  // `arbiter worker` processes, whose moves reach this server through the change feed
  // (shared_store_url).
  int ai_workers = 2;
  // Games kept in memory; past this, idle ones (nobody watching, no request or search using
  // them) are dropped, least recently used first, and loaded from the store when asked for.
  std::size_t max_live_games = 4096;
  // Megabytes the AI engines kept between moves may take together (ai_engines.h); at least
  // AiEngines::largest_engine_megabytes().
  std::size_t ai_memory_mb = 256;
  // AI searches that may wait for a worker; a request that would queue one more is answered
  // 503. Each game has at most one waiting.
  std::size_t ai_queue = 512;
  // Writes that may wait for the store thread; past it a change is answered 503.
  std::size_t store_queue = 8192;
  // Hub workers (loads from the store, listings, legal indexes) and the jobs that may wait.
  int workers = 2;
  std::size_t work_queue = 512;
  // Megabytes the legal endpoint's click indexes take together (legal_index.h).
  std::size_t legal_memory_mb = 64;
  // An unfinished game that nothing changed in for this many days (no move, no join, no
  // resignation: a person's move always changes it) is closed as abandoned; 0: never.
  double abandon_days = 0;
  // A PostgreSQL store shared with other servers: its URL, to hear their changes
  // (store/change_feed.h, store_sync.h); "" when this server is the store's only user.
  std::string shared_store_url;
  // The hub's clock, Unix ms: every time the hub reads (clocks, flags, stored times) comes from
  // it. Empty: now_ms(), and the hub fires flags itself. A test supplies its own and, after
  // moving it, calls fire_due_flags() (the hub then runs no flag timer of its own).
  std::function<int64_t()> clock;
  // How long the real-time seat to move may have no WebSocket holding its token before the
  // others may claim the game (docs/online.md).
  int64_t disconnect_grace_ms = 60'000;
  // Whether accounts seen on one address (accounts/address_book.h) may play rated games
  // together (--rated-same-address: a club whose players share one address).
  bool rated_same_address = false;
};

// The hub's time (HubOptions::clock, else the wall clock). Set once; read from any thread.
class HubClock {
 public:
  explicit HubClock(std::function<int64_t()> clock) : clock_(std::move(clock)) {}
  int64_t now() const { return clock_ ? clock_() : now_ms(); }
  // Whether the clock was supplied (a test's): its owner then fires the flags that are due.
  bool supplied() const { return static_cast<bool>(clock_); }

 private:
  std::function<int64_t()> clock_;
};

}  // namespace arbiter::server
