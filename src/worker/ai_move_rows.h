// The rows an AI move found by `arbiter worker` is stored as: the rule every server applies to a
// move (server/play/moves.cpp play_locked), for a game read from the store rather than held
// live. The seat's clock is charged (a move after its flag is refused: the servers flag it), the
// row's updated_ms moves on, a move that ends the game finishes it, and the AI turn that follows
// (if any) gets its job, stored with the move.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/result.h"
#include "replay/stored_game.h"
#include "store/store.h"

namespace arbiter::worker {

struct AiMoveRows {
  // The game's row after the move; expected_updated_ms is the row it was made from, so the
  // store refuses it (kConflict) when anyone changed the game since it was read.
  store::GameRow row;
  store::MoveRow move;
  std::optional<store::AiJobRow> next_job;  // the AI seat to move after it, when there is one
};

// `g`: the game as read from the store (replay::replay_stored), its seat to move an AI; `text`:
// that seat's move; `now_ms`: when it is stored. An error when the move is not legal or the
// seat's time is up.
Result<AiMoveRows> ai_move_rows(const replay::StoredGame& g, std::string_view text, int64_t now_ms);

}  // namespace arbiter::worker
