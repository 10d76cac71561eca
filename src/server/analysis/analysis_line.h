// What the analysis board asks about: a line of play, a start position and moves from it. The
// start is a stored game's (`id`), a record's (docs/records.md), or a game's start or a pasted
// position; the moves are the game's first `ply` moves (or the record's), then any moves the
// board played on from there (a variation). Lines are replayed by the rules core, which checks
// every move; nothing here knows a rule.
//
// Used by the line and legal endpoints (analysis_api.h) and by live analysis (the position at
// the end of the line is searched).
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "games/game.h"
#include "server/play/game_view.h"
#include "server/play/outcome.h"
#include "store/game_enums.h"

namespace arbiter::server {

class Hub;

// Moves a line may have (the store keeps no longer games than records carry).
inline constexpr std::size_t kMaxLineMoves = 4000;

struct LineRequest {
  std::string id;  // a stored game: its start, then its first `ply` moves
  int ply = 0;
  std::string record;  // else a record's text: its start, then all its moves
  // Else a game by name, its parameters, and a start position text ("" for the game's start).
  std::string game, params, start;
  std::vector<std::string> moves;  // then these moves
};

// The line fields of a JSON object (an HTTP body, a WebSocket message): `id` and `ply`, or
// `record`, or `game`, `params` and `position`; then `moves`. 400 naming the field at fault.
Outcome<LineRequest> read_line_request(const nlohmann::json& body);

struct Line {
  std::unique_ptr<GameState> start;
  std::unique_ptr<GameState> end;  // after every move of the line
  std::string id;                  // the stored game the line starts from; "" for none
  // The stored game is still being played (its seat holders may not analyse it: analysis_api.h).
  bool game_playing = false;
};

// Replays `request` with the rules core: 400 naming the field or the first bad move, 404 for an
// unknown game id. May read the store (a game not in memory): call it off the I/O threads.
Outcome<Line> resolve_line(Hub& hub, const LineRequest& request);

// The game object (docs/api.md) of the position at the end of `line`, as the analysis board
// draws it: its board, last move, player to move, result once finished; `id` the stored game's
// (or ""), no seats, clocks or offers.
GameView line_view(const Line& line);

}  // namespace arbiter::server
