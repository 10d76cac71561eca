// Which field of a stored game, seat and move each selected column holds, for both stores
// (sqlite_store.cpp, postgres_store.cpp): their SELECTs name the columns below, and the readers
// here take them in that order, so the two dialects and the rows they make cannot drift apart.
// A field added to GameRow is added here once.
//
// A reader's `Columns` is the store's view of the row its statement is on: text(i), int64(i),
// int32(i) and boolean(i) read column i with that driver's own conversions.
#pragma once

#include <string>
#include <string_view>

#include "store/store.h"

// The games columns, `g` being the games table; read by game_from_columns(). Macros, so that
// SQLite's statements stay string literals.
#define ARBITER_GAME_COLUMNS                                                               \
  "g.id, g.game, g.params, g.position, g.status, g.result, g.created_ms, g.updated_ms, "   \
  "g.rematch_of, g.rematch_id, g.resigned, g.listed, g.time_control, g.rated, g.seek_id, " \
  "g.draw_offer, g.takeback_request, g.offers_ms"
// The seats columns (PostgreSQL selects the game's id before them); read by seat_from_columns().
#define ARBITER_SEAT_COLUMNS "kind, level, token_hash, time_used_ms, rematch, account, account_name"
// The moves columns; read by move_from_columns().
#define ARBITER_MOVE_COLUMNS "ply, text, seat, at_ms, elapsed_ms"

namespace arbiter::store {

// The game of columns 0 to 17 (ARBITER_GAME_COLUMNS), its seats left to the caller. A status
// this arbiter does not know is kCorrupt, the message naming `op` and the game.
template <class Columns>
Result<GameRow> game_from_columns(const Columns& c, std::string_view op) {
  GameRow g;
  g.id = c.text(0);
  g.game = c.text(1);
  g.params = c.text(2);
  g.position = c.text(3);
  const std::string status = c.text(4);
  auto parsed = parse_game_status(status);
  if (!parsed) {
    return make_error(ErrorCode::kCorrupt,
                      std::string(op) + " game " + g.id + ": unknown status '" + status + "'");
  }
  g.status = *parsed;
  g.result = c.text(5);
  g.created_ms = c.int64(6);
  g.updated_ms = c.int64(7);
  g.rematch_of = c.text(8);
  g.rematch_id = c.text(9);
  g.resigned = c.int32(10);
  g.listed = c.boolean(11);
  g.time_control = c.text(12);
  g.rated = c.boolean(13);
  g.seek_id = c.int64(14);
  g.draw_offer = c.int32(15);
  g.takeback_request = c.int32(16);
  g.offers_ms = c.int64(17);
  return g;
}

// The seat of the ARBITER_SEAT_COLUMNS that start at column `first`, of game `game_id`. A seat
// kind this arbiter does not know is kCorrupt, the message naming `op` and the game.
template <class Columns>
Result<SeatRow> seat_from_columns(const Columns& c, int first, std::string_view op,
                                  std::string_view game_id) {
  const std::string kind = c.text(first);
  auto parsed = parse_seat_kind(kind);
  if (!parsed) {
    return make_error(ErrorCode::kCorrupt, std::string(op) + " game " + std::string(game_id) +
                                               ": unknown seat kind '" + kind + "'");
  }
  const std::string account_text = c.text(first + 5);
  const auto account = parse_account_id(account_text);
  if (!account) {
    return make_error(ErrorCode::kCorrupt, std::string(op) + " game " + std::string(game_id) +
                                               ": a seat's account is not an id: '" + account_text +
                                               "'");
  }
  return SeatRow{
      *parsed,  c.int32(first + 1), c.text(first + 2), c.int64(first + 3), c.boolean(first + 4),
      *account, c.text(first + 6)};
}

// The move of columns 0 to 4 (ARBITER_MOVE_COLUMNS).
template <class Columns>
MoveRow move_from_columns(const Columns& c) {
  return MoveRow{c.int32(0), c.text(1), c.int32(2), c.int64(3), c.int64(4)};
}

}  // namespace arbiter::store
