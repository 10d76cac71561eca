// The games: rows, seats and moves. The server appends each move in a transaction before it
// broadcasts it, so after a crash and a restart every game is back exactly: moves, seats (with
// their hashed tokens) and clocks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/game_rows.h"
#include "store/store_status.h"

namespace arbiter::store {

class GameStore {
 public:
  virtual ~GameStore() = default;

  // A new game and its seats; kConflict when the id exists.
  virtual Status create_game(const GameRow& game) = 0;
  // Replaces the game's row and seats (status, result, seat kinds and tokens, clocks, rematch);
  // kNotFound when the game is not stored.
  virtual Status update_game(const GameRow& game) = 0;
  virtual Result<std::optional<GameRow>> load_game(std::string_view id) = 0;
  virtual Result<std::vector<MoveRow>> load_moves(std::string_view id) = 0;
  // The moves from `from_ply` on, in order; empty when there are none (or no such game). What
  // another server appended is read in time independent of the game's length
  // (server/play/store_sync.cpp). The default reads every move and drops the first `from_ply`.
  virtual Result<std::vector<MoveRow>> load_moves_from(std::string_view id, int from_ply);

  // In one transaction: appends the move (its ply must equal the number of moves stored, else a
  // kConflict and nothing changes) and writes `game` as update_game does.
  virtual Status append_move(const GameRow& game, const MoveRow& move) = 0;
  // In one transaction: deletes the moves from `from_ply` on (a takeback) and writes `game`.
  virtual Status truncate_moves(const GameRow& game, int from_ply) = 0;

  virtual Result<std::vector<GameRow>> list_games(const GameFilter& filter) = 0;

  // Whether a write would succeed now, by a write that changes nothing (a read-only file, a
  // full disk fail it). The default reports success.
  virtual Status probe_write() { return {}; }
  // Names this store object among the processes sharing its database: the changes it announces
  // carry it (change_feed.h), so a server knows its own. "" for a store nobody shares.
  virtual std::string origin() const { return ""; }
};

}  // namespace arbiter::store
