// The rules of a game's start that keep unplayed games out of results and ratings
// (docs/online.md "Aborted games"):
//   - a game that ends, other than on the board, while some seat has not yet moved ends
//     aborted when two or more people hold its seats (a game one person plays alone, against
//     the AI or at one board, keeps its resignation: nobody else's result depends on it);
//   - in such a game any seat holder may abort it while some seat has not yet moved
//     (Hub::abort);
//   - a game is rated only once every seat has moved at least kRatedMovesPerSeat times.
// An aborted game is finished with the result text kAbortedResult, no seat resigned and every
// return 0, so the store keeps it in its existing columns and old databases read as before.
#pragma once

#include <string_view>

#include "store/store.h"

namespace arbiter::server {

struct LiveGame;

inline constexpr std::string_view kAbortedResult = "aborted";
inline constexpr int kRatedMovesPerSeat = 2;

// Whether the stored game ended aborted.
bool is_aborted(const store::GameRow& row);
// The first seat that has made no move in the game's first `plies` moves (-1: all of them), -1
// when every seat has.
int unmoved_seat(const LiveGame& g, int plies = -1);
// Whether every seat has made at least `moves` moves.
bool every_seat_moved(const LiveGame& g, int moves);
// Whether the human seats are held by two or more holders (accounts, else seat tokens).
bool between_people(const LiveGame& g);
// Whether a seat holder may abort the game now: being played between people, some seat unmoved
// (in its first `plies` moves: the game as it stood then, for a replayed view).
bool abortable(const LiveGame& g, int plies = -1);
// Turns the ending `row` (finished, not on the board) into an abort when the rules above say
// so: result kAbortedResult, no seat resigned.
void abort_if_unplayed(const LiveGame& g, store::GameRow& row);
// Makes `row` the abort of the game.
void mark_aborted(store::GameRow& row);

}  // namespace arbiter::server
