// A game being served: the stored game replayed (replay/stored_game.h: its row, the rules core's
// state, its clocks), the WebSocket subscribers and the AI search running for it. Every field is
// guarded by `mu`. A change is checked under the lock, its write queued to the store thread, and
// applied and broadcast under the lock once stored; one change of a game is written at a time
// (`writing`, `waiting`), so subscribers see changes in the order they were stored and the state
// never shows a change that is not stored.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "clocks/time_control.h"
#include "core/wall_clock.h"
#include "engine/engine.h"
#include "games/board_view.h"
#include "games/game.h"
#include "replay/stored_game.h"
#include "server/play/game_view.h"
#include "store/store.h"

namespace arbiter::server {

// A WebSocket (or a test double) watching a game.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Queues one event. Called with the game's lock held: it must not block or call back.
  virtual void send(std::shared_ptr<const GameEvent> event) = 0;
};

// Whether `seat` is among the seats `held` (a token's, a connection's).
inline bool holds(const std::vector<int>& held, int seat) {
  return std::find(held.begin(), held.end(), seat) != held.end();
}

// The stored game's fields (row, start, state, plies, turn_started_ms, clocks) are guarded by
// `mu` too.
struct LiveGame : replay::StoredGame, std::enable_shared_from_this<LiveGame> {
  std::mutex mu;
  std::optional<LastMove> last_move;
  // The hub's clock (Unix ms) and the disconnect grace, set when the game goes live (Hub).
  std::function<int64_t()> clock;
  int64_t disconnect_grace_ms = 60'000;
  // The flag deadline last handed to the hub's flag scheduler (INT64_MAX: none).
  int64_t flag_scheduled_ms = INT64_MAX;
  // The open offers (docs/online.md) are the row's (draw_offer, takeback_request): stored, so
  // they survive a restart and reach the other servers sharing the store. Any move, takeback
  // or ending clears them.
  // Presence: the WebSockets that sent a seat's token, and for each seat the time since which
  // none has been connected (the game's going live, or the last one leaving).
  struct Presence {
    const Subscriber* watcher = nullptr;
    std::weak_ptr<Subscriber> alive;
    std::vector<int> seats;
  };
  std::vector<Presence> present;
  std::vector<int64_t> away_since_ms;
  // Bumped by every change; an AI search started at another generation is stale.
  uint64_t generation = 0;
  std::optional<Thinking> thinking;  // the latest progress of the AI seat to move
  std::vector<std::weak_ptr<Subscriber>> subscribers;
  GameViewPtr view_cache;  // the current game object; reset by any change
  // The engine while it searches for this game (to stop it); between moves the hub's
  // AiEngines keeps it.
  std::shared_ptr<engine::Engine> engine;
  // A change's store write is under way: the state and row are still those stored before it,
  // and later changes of the game wait in `waiting` (run in order once it is stored).
  bool writing = false;
  std::deque<std::function<void()>> waiting;
  // Who moved last (the client's address), to share the AI's time fairly; "" when not known.
  std::string client;
  // Earlier positions for view_at, made as it replays: entry i is the position after
  // (i + 1) × kSnapshotEvery moves, so an earlier position costs at most that many moves from
  // the nearest one instead of a replay from the start. An entry that is no longer a prefix of
  // the game (moves taken back) is found out, and replaced, when view_at next meets it.
  static constexpr int kSnapshotEvery = 16;
  std::vector<std::unique_ptr<GameState>> snapshots;

  int64_t now() const { return clock ? clock() : now_ms(); }
  // Whether some WebSocket holding `seat`'s token is connected.
  bool seat_present(int seat) const;
  // When the others may claim the game from the seat to move (away past the grace, real time
  // only); nullopt when they may not.
  std::optional<int64_t> claim_at_ms() const;
  // The game object of docs/api.md, cached while nothing changes (and, while a clock runs,
  // within the same millisecond: the clocks are given at the answer's time).
  GameViewPtr view();
  // The game object as it stood after the first `at` moves (replayed from the nearest snapshot);
  // the current one when `at` is the ply or more.
  GameViewPtr view_at(int at);
  // Forgets what was derived from the old state: call after every change.
  void changed();
};

// Builds a live game from its stored row and moves (replay::replay_stored), its last move
// described and every seat away since the turn started.
Result<std::shared_ptr<LiveGame>> replay_game(const store::GameRow& row,
                                              const std::vector<store::MoveRow>& moves);

// How the last move of `state` was made (its parts in the position before it); nullopt when no
// move has been played. `state` is taken back one move and replayed, so it ends unchanged.
std::optional<LastMove> describe_last_move(GameState& state);

// One value per player: the rules' returns once the game ends on the board; after a resignation
// (row.resigned) −1 for the player who resigned and +1 shared by the others; zeros while playing.
std::vector<double> game_returns(const LiveGame& g);

// The result texts of the fair endings (docs/online.md).
std::string on_time_text(const GameState& state, int flagged);
std::string draw_agreed_text();
std::string claimed_text(const GameState& state, int away, bool draw);

}  // namespace arbiter::server
