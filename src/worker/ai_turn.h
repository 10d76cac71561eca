// One AI job of `arbiter worker` (worker.h), from its claim to its end. The job names a turn
// (game, ply); the game is read from the store, the truth, and the turn searched only while it
// is still open: the game playing at that ply with the AI seat to move. The move is stored
// through the ply-checked path a server uses (Store::write_batch: the ply check, and
// expected_updated_ms so a change made since the read is never overwritten), with the job of
// the AI turn that follows, if any; every server holding the game hears of it through the
// change feed. While the search runs, its progress goes to those servers as notices
// (store/thinking_notice.h), for the game's watchers, and the lease is renewed; a renewal that
// finds the job taken by another worker stops the search and drops its move (a move found
// before that is stored like any other: the ply check keeps one of the two).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "engine/engine.h"
#include "store/store.h"

namespace arbiter::worker {

struct TurnOptions {
  std::string owner;               // the leases' owner (unique among the workers on the database)
  int64_t lease_ms = 10'000;       // how long a lease runs; renewed every third of it
  double movetime = 0.5;           // seconds a search takes at most (less when its clock is short)
  std::function<int64_t()> clock;  // Unix ms; empty: the wall clock
};

enum class TurnOutcome {
  kMoved,    // the move is stored
  kDropped,  // the turn was over (the game moved on, ended, or is gone): the job is done
  kLost,     // another worker took the lease: its search goes on there
  kStopped,  // the worker is stopping: the lease is given back
  kFailed,   // the store or the engine failed: the lease is given back (or left to run out)
};
const char* to_text(TurnOutcome outcome);

struct TurnReport {
  TurnOutcome outcome = TurnOutcome::kFailed;
  std::string detail;  // the move stored, or why not
};

// Runs turns one after another on one engine (a worker's search thread owns one).
class TurnRunner {
 public:
  // `stopping` is read while a search runs: once set, the search stops and its lease goes back.
  TurnRunner(store::Store& store, TurnOptions options, const std::atomic<bool>& stopping);

  // Runs the claimed `job` (leased to options.owner) to its end.
  TurnReport run(const store::AiJobRow& job);

 private:
  int64_t now() const;
  // Searches `position` at `level` for `movetime` s while renewing the job's lease; sets
  // `lost` when a renewal finds the job taken.
  engine::EngineResult search(const store::AiJobRow& job, const GameState& position, int level,
                              double movetime, bool& lost);
  // Gives the job's lease back (another worker may take it at once) and reports `outcome`.
  TurnReport give_back(const store::AiJobRow& job, TurnOutcome outcome, std::string detail);

  store::Store& store_;
  TurnOptions options_;
  const std::atomic<bool>& stopping_;
  engine::Engine engine_;
  std::string engine_game_;  // the game engine_ last searched (its tables serve that game only)
};

}  // namespace arbiter::worker
