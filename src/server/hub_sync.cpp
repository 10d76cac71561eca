// Games shared by several servers on one PostgreSQL database (docs/deploy.md). Another server's
// change reaches this one as a notice (store/change_feed.h) naming the game and its move count;
// a game live here is then read again from the store, the truth, and its watchers are sent the
// new state. A change this server made itself comes back as a notice too and is recognised by
// its origin (store::Store::origin()). A move this server could not store because another server
// stored that ply first (409) also rereads the game, so the next request sees what the other
// stored.
#include "server/hub.h"

namespace arbiter::server {

void Hub::store_changed(const store::GameChange& change) {
  if (stopping_) return;
  if (change.game_id.empty()) {  // notices may have been missed: reread every live game
    std::vector<std::string> ids;
    {
      std::shared_lock lock(games_mu_);
      for (const auto& [id, slot] : games_) ids.push_back(id);
    }
    for (const auto& id : ids) refresh_later(id);
    return;
  }
  // This server's own change: it applied it when it was stored.
  if (!change.origin.empty() && change.origin == store_->origin()) return;
  {
    std::shared_lock lock(games_mu_);
    // Not live here: the next load reads the store anyway.
    if (games_.find(change.game_id) == games_.end()) return;
  }
  refresh_later(change.game_id);
}

void Hub::refresh_later(const std::string& id) {
  if (stopping_) return;
  // On a worker: it reads the store. A full queue drops it; the next notice or request of the
  // game catches up (a stale move is refused by the store's ply check, then reread).
  work_.submit([this, id] { refresh(id); });
}

void Hub::refresh(const std::string& id) {
  GamePtr g;
  {
    std::shared_lock lock(games_mu_);
    auto it = games_.find(id);
    if (it == games_.end()) return;
    g = it->second.game;
  }
  auto row = store_->load_game(id);
  if (!row || !*row) return;
  auto moves = store_->load_moves(id);
  if (!moves) return;
  auto fresh = replay_game(**row, *moves);
  if (!fresh) return;
  change(g, [this, g, fresh = std::move(*fresh)] {
    LiveGame& live = *g;
    // Read before a change this server has stored since: keep the newer.
    if (fresh->row.updated_ms < live.row.updated_ms) return;
    if (fresh->ply() == live.ply() && fresh->row.updated_ms == live.row.updated_ms &&
        fresh->row.status == live.row.status) {
      return;
    }
    cancel_ai_locked(live);
    live.row = fresh->row;
    live.start = std::move(fresh->start);
    live.state = std::move(fresh->state);
    live.plies = std::move(fresh->plies);
    live.last_move = std::move(fresh->last_move);
    live.turn_started_ms = fresh->turn_started_ms;
    live.clocks = fresh->clocks;
    live.snapshots.clear();
    if (!live.playing()) game_over_locked(live);
    broadcast_state(live);
    maybe_start_ai_locked(g);
  });
}

}  // namespace arbiter::server
