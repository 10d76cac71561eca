// How a change of a game is made (live_game.h): checked under the game's lock, its write queued
// to the store thread (store/store_queue.h) while the caller's thread goes on, and applied
// under the lock once the write has committed. One change of a game is written at a time: the
// changes that come meanwhile wait in the game's queue (at most kMaxWaiting for a request;
// past it, 503) and run in order once it is stored, so the state never shows a change that is
// not stored and watchers see changes in the order they were stored.
//
// Locking: a step runs under the game's lock; a write's `then` runs on the store thread under
// the game's lock, and then the changes that waited. No other lock of the hub is held while a
// game's lock is taken here.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/caller.h"
#include "server/play/game_registry.h"
#include "server/play/live_game.h"
#include "server/play/outcome.h"
#include "store/store.h"
#include "store/store_queue.h"

namespace arbiter::server {

class GameChanges {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;

  // `shared_store`: other servers write the store too, so a write applies only if nobody has
  // changed the game since this server read it; a conflict calls `conflicted(id)` (to read the
  // game again, StoreSync::refresh_later) before the write's `then`.
  GameChanges(GameRegistry& registry, store::StoreQueue& writes, bool shared_store,
              std::function<void(const std::string& id)> conflicted);
  GameChanges(const GameChanges&) = delete;
  GameChanges& operator=(const GameChanges&) = delete;

  // The common start of a seat holder's change: finds game `id`, and once no earlier change of
  // it is being written, checks `token` and runs `action(game, seats held)` under the game's
  // lock; a failure of any step goes to `fail`.
  void seated_change(std::string_view id, const accounts::Caller& caller,
                     std::function<void(const ApiError&)> fail,
                     std::function<void(const GamePtr&, const std::vector<int>&)> action);
  // Runs `step` under the game's lock once no earlier change of the game is being written
  // (at once when none is). With `busy`, a step that finds kMaxWaiting changes waiting already
  // is not queued: `busy` runs instead.
  void change(const GamePtr& g, std::function<void()> step, std::function<void()> busy = nullptr);
  // Under the game's lock: runs the changes that waited, until one writes.
  static void run_waiting_locked(LiveGame& g);
  // Under the game's lock, from a change's step: queues `write`; once stored, runs `then` with
  // its status under the lock, and then the changes that waited. False (nothing queued) when
  // the store's queue is full.
  bool write_locked(const GamePtr& g, store::Write write,
                    std::function<void(const store::Status&)> then);
  // Writes a new game's row (drawing another id on a conflict, up to three times); `then`
  // runs on the store thread with the stored row or the failure. False (`then` never called)
  // when the store's queue is full. `ai_job` (AiSeats::remote_job_locked), when set, is stored
  // with the row, under its id.
  bool create_row(store::GameRow row, int attempt,
                  std::function<void(Outcome<store::GameRow>)> then,
                  std::optional<store::AiJobRow> ai_job = std::nullopt);
  // The seats `caller` holds in `g` (under its lock): its seat token's, or its account's
  // (accounts/caller.h); 401 for nobody or a caller holding none.
  static Outcome<std::vector<int>> held_seats(const LiveGame& g, const accounts::Caller& caller);

 private:
  GameRegistry& registry_;
  store::StoreQueue& writes_;
  const bool shared_store_;
  const std::function<void(const std::string& id)> conflicted_;
};

}  // namespace arbiter::server
