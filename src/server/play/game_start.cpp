#include "server/play/game_start.h"

#include <algorithm>
#include <set>
#include <string>

#include "server/play/live_game.h"

namespace arbiter::server {

bool is_aborted(const store::GameRow& row) {
  return row.status == store::GameStatus::kFinished && row.result == kAbortedResult;
}

int unmoved_seat(const LiveGame& g, int plies) {
  std::vector<int> moves(g.row.seats.size(), 0);
  const std::size_t n = plies < 0 ? g.plies.size() : std::min(g.plies.size(), std::size_t(plies));
  for (std::size_t i = 0; i < n; ++i) {
    const replay::PlyInfo& p = g.plies[i];
    if (p.seat >= 0 && static_cast<std::size_t>(p.seat) < moves.size()) ++moves[p.seat];
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i] == 0) return static_cast<int>(i);
  }
  return -1;
}

bool every_seat_moved(const LiveGame& g, int moves) {
  std::vector<int> made(g.row.seats.size(), 0);
  for (const replay::PlyInfo& p : g.plies) {
    if (p.seat >= 0 && static_cast<std::size_t>(p.seat) < made.size()) ++made[p.seat];
  }
  for (int m : made) {
    if (m < moves) return false;
  }
  return true;
}

bool between_people(const LiveGame& g) {
  std::set<std::string> holders;
  for (const store::SeatRow& s : g.row.seats) {
    if (s.kind != store::SeatKind::kHuman) continue;
    holders.insert(s.account == 0 ? "t:" + s.token_hash : "a:" + std::to_string(s.account));
  }
  return holders.size() >= 2;
}

void mark_aborted(store::GameRow& row) {
  row.result = std::string(kAbortedResult);
  row.resigned = -1;
}

bool abortable(const LiveGame& g, int plies) {
  return g.playing() && unmoved_seat(g, plies) >= 0 && between_people(g);
}

void abort_if_unplayed(const LiveGame& g, store::GameRow& row) {
  if (g.state->is_terminal() || unmoved_seat(g) < 0 || !between_people(g)) return;
  mark_aborted(row);
}

}  // namespace arbiter::server
