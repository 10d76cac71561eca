// How a game ends other than on the board (docs/online.md): a resignation, an abort, a claim
// against the seat away too long, and a flag on time (the flag scheduler hands due games to
// check_flag). Each ending is stored like any change (game_changes.h), then applied: the AI
// stops, the observers hear of the ending (GameBroadcast::ended_locked), the watchers are sent
// the new state. A game that ended as some seat had not yet moved between people ends aborted
// (game_start.h).
//
// Locking: the `_locked` calls are made under the game's lock; the others take it as a change.
// check_flag runs on the flag thread (or a test's), loading a game not in memory on a worker.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/caller.h"
#include "server/ai_seats/ai_seats.h"
#include "server/play/flag_scheduler.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/hub_options.h"
#include "server/play/play_parts.h"
#include "server/play/work_pool.h"

namespace arbiter::server {

class Endings {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;

  Endings(const PlayParts& parts, const std::atomic<bool>& stopping, FlagScheduler& flags,
          WorkPool& work);
  Endings(const Endings&) = delete;
  Endings& operator=(const Endings&) = delete;

  // The changes of these names on this server's copy of the game as it stands (the hub rereads
  // it on a shared store, StoreSync::rereading). resign: `seat`, else the seat to move if held,
  // else the first held. abort: any seat holder of a game between people, while some seat has
  // not yet moved; 409 otherwise. claim: the win (or, `draw`, a draw in games with draws) from
  // the seat to move, away past the disconnect grace in a real-time game.
  void resign(const std::string& id, const accounts::Caller& caller, std::optional<int> seat,
              Reply<GameViewPtr> done);
  void abort(const std::string& id, const accounts::Caller& caller, Reply<GameViewPtr> done);
  void claim(const std::string& id, const accounts::Caller& caller, bool draw,
             Reply<GameViewPtr> done);

  // Stores `row` (finished) as the game's ending and, once stored, applies it: stops the AI,
  // GameBroadcast::ended_locked, broadcasts; `done` gets the game object.
  void finish_locked(const GamePtr& g, store::GameRow row, Reply<GameViewPtr> done);
  // The seat to move has run out of time: the game ends on time.
  void flag_locked(const GamePtr& g, Reply<GameViewPtr> done);
  // The game `id` flags if its deadline has passed (loading it when it is not live); a flag the
  // store could not take now is scheduled again a second later.
  void check_flag(const std::string& id);
  // Whether the game's rules have draws (draw offers, a claimed draw): not Traverse.
  static bool has_draws(const LiveGame& g);

 private:
  void flag_if_due_locked(const GamePtr& g);

  const PlayParts parts_;
  const std::atomic<bool>& stopping_;
  FlagScheduler& flags_;
  WorkPool& work_;
};

}  // namespace arbiter::server
