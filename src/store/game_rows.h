// The rows of a stored game: its row and seats, its moves, the writes the store queue hands
// over, and the filter of a listing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/account_id.h"
#include "store/ai_job_rows.h"
#include "store/game_enums.h"

namespace arbiter::store {

struct SeatRow {
  SeatKind kind = SeatKind::kHuman;
  int level = 0;             // AI level (1–10) when kind is kAi
  std::string token_hash;    // hex hash of the seat token; "" for ai and open seats
  int64_t time_used_ms = 0;  // the seat's clock: thinking time used so far
  bool rematch = false;      // the holder has offered (or accepted) a rematch
  AccountId account = 0;     // the account holding the seat; 0 for a guest, ai and open seats
  // Its name as the game shows it: the username, "deleted" once the account is deleted.
  std::string account_name;
};

struct GameRow {
  std::string id;              // random, URL-safe
  std::string game;            // "traverse"
  std::string params;          // canonical key=value list
  std::string position;        // start position text; "" for the game's start position
  std::vector<SeatRow> seats;  // one per player, in turn order
  GameStatus status = GameStatus::kPlaying;
  std::string result;      // result text once finished ("south wins: ...", "north resigned")
  int resigned = -1;       // the seat that resigned (the game is finished), or -1
  int64_t created_ms = 0;  // Unix time
  int64_t updated_ms = 0;
  std::string rematch_of;  // id of the game this one is a rematch of, or ""
  std::string rematch_id;  // id of this game's rematch, or ""
  // Listed (created public): shown in listings; else found only by its id. Games stored
  // before the column existed read as listed.
  bool listed = true;
  // The time control as written by clocks/time_control.h ("none", "3+2", "corr:3").
  // Each seat's clock is its time_used_ms against it; stored games before the column: "none".
  std::string time_control = "none";
  bool rated = false;  // a rated game between accounts (ratings change when it ends)
  // The lobby's seek (account_rows.h) the game was made from, 0 for none: every server sharing
  // the store tells the seek's author which game it became (server/lobby/lobby.h). Schema 7.
  int64_t seek_id = 0;
  // Open offers (docs/online.md): the seat that offered a draw, or asked for a takeback; -1
  // for none. Changing them leaves updated_ms alone (a limited clock's turn is timed from the
  // last change of the game, server/play/live_game.h) and sets offers_ms, the time the offers last
  // changed, so a copy of the game read before an offer is known as older. Schema 7.
  int draw_offer = -1;
  int takeback_request = -1;
  int64_t offers_ms = 0;
  // Not stored: when not negative, a write of this row (update, move, takeback) applies only if
  // the stored row's updated_ms is still this, else kConflict and nothing changes. Servers
  // sharing a database set it to the updated_ms of the row their change was made from, so one
  // server's change never overwrites another's it has not seen (a join, say).
  int64_t expected_updated_ms = -1;
};

struct MoveRow {
  int ply = 0;             // 0-based index in the game's move list
  std::string text;        // canonical move text
  int seat = 0;            // player index that moved
  int64_t at_ms = 0;       // Unix time the move was accepted
  int64_t elapsed_ms = 0;  // thinking time charged to the seat for this move
};

// One write of a change, as the store queue (store_queue.h) hands them over in batches.
struct Write {
  // kEnqueueAiJob writes `ai_job` alone (enqueue_ai_job); `game.id` names its game in errors.
  enum class Kind { kCreate, kUpdate, kAppendMove, kTruncateMoves, kEnqueueAiJob };
  Write() = default;
  Write(Kind k, GameRow g, MoveRow m = {}, int from = 0)
      : kind(k), game(std::move(g)), move(std::move(m)), from_ply(from) {}
  Kind kind = Kind::kUpdate;
  GameRow game;
  MoveRow move;      // kAppendMove
  int from_ply = 0;  // kTruncateMoves
  // The AI turn the change leaves to a searcher in another process: written with the change,
  // in its transaction, as enqueue_ai_job does, so a stored change never loses its AI turn.
  std::optional<AiJobRow> ai_job;
};

struct GameFilter {
  std::vector<std::string> ids;      // only these games (empty: any)
  bool open_only = false;            // games still playing with at least one open seat
  std::optional<GameStatus> status;  // only games with this status (nullopt: any)
  bool listed_only = false;          // only listed games
  AccountId account = 0;             // only games with a seat this account holds (0: any)
  int limit = 50;                    // newest first by updated_ms; 0 or less: no limit
};

}  // namespace arbiter::store
