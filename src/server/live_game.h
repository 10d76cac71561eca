// A game being served: its store row, the rules core's state, the WebSocket subscribers and the
// AI search running for it. Every field is guarded by `mu`; the hub (hub.h) holds the lock for
// the whole of an operation, store write and broadcast included, so subscribers see changes in
// the order they were stored.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "games/board_view.h"
#include "games/game.h"
#include "store/store.h"

namespace arbiter::server {

// A WebSocket (or a test double) watching a game.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Queues one text frame. Called with the game's lock held: it must not block or call back.
  virtual void send(std::shared_ptr<const std::string> message) = 0;
};

// The last move as the UI draws it (docs/api.md `last_move`).
struct LastMove {
  std::string text;
  std::vector<std::string> path;   // the route, for drawing
  std::vector<std::string> cells;  // every cell or slot the move names: clicks and route
};

// Every legal move of one position with how it is made by pointing (legal endpoint).
struct LegalCache {
  uint64_t generation = 0;
  std::vector<MoveParts> moves;
};

// What the server remembers of each ply beyond its text.
struct PlyInfo {
  int seat = 0;            // the player who moved
  int64_t elapsed_ms = 0;  // the time charged to them (given back by an undo)
};

struct LiveGame : std::enable_shared_from_this<LiveGame> {
  std::mutex mu;
  store::GameRow row;
  std::unique_ptr<GameState> start;  // the position before the first move
  std::unique_ptr<GameState> state;  // after every move
  std::vector<PlyInfo> plies;        // one per move played
  std::optional<LastMove> last_move;
  int64_t turn_started_ms = 0;  // when the player to move got the turn: their clock runs from it
  // Bumped by every change; an AI search started at another generation is stale.
  uint64_t generation = 0;
  nlohmann::json thinking;  // null, or the latest progress of the AI seat to move
  std::vector<std::weak_ptr<Subscriber>> subscribers;
  std::shared_ptr<const std::string> json;  // cached game object; reset by any change
  std::shared_ptr<engine::Engine> engine;   // the search running for this game, if any
  std::shared_ptr<const LegalCache> legal;  // legal moves of the current position

  int ply() const { return static_cast<int>(state->history().size()); }
  bool playing() const { return row.status == "playing"; }
  // The object of docs/api.md (without `board` for lists), cached while nothing changes.
  std::shared_ptr<const std::string> game_json();
  std::string list_json() const;
  // The game object as it stood after the first `at` moves (replay); the current one when `at`
  // is the ply or more.
  std::string json_at(int at) const;
  // Forgets what was derived from the old state: call after every change.
  void changed();
};

// Builds a live game from its stored row and moves, replaying each move with the rules core.
Result<std::shared_ptr<LiveGame>> replay_game(const store::GameRow& row,
                                              const std::vector<store::MoveRow>& moves);

// How the last move of `state` was made (its parts in the position before it); nullopt when no
// move has been played. `state` is taken back one move and replayed, so it ends unchanged.
std::optional<LastMove> describe_last_move(GameState& state);

// One value per player: the rules' returns once the game ends on the board; after a resignation
// −1 for the player who resigned and +1 shared by the others; zeros while playing.
std::vector<double> game_returns(const LiveGame& g);

// The result text of a resignation, and the player it names (−1 when `result` is not one).
std::string resigned_text(const GameState& state, int player);
int resigned_player(const GameState& state, std::string_view result);

int64_t now_ms();

}  // namespace arbiter::server
