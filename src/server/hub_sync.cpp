// Games shared by several servers on one PostgreSQL database (docs/deploy.md). Another server's
// change reaches this one as a notice (store/change_feed.h) naming the game and its move count;
// a game live here is then read again from the store, the truth, and its watchers are sent the
// new state. A change this server made itself comes back as a notice too and is recognised by
// its origin (store::Store::origin()). A move this server could not store because another server
// stored that ply first (409) also rereads the game, so the next request sees what the other
// stored. The lobby (lobby.h) hears of the seeks' notices, of games not in memory here, and of a
// lost connection. An AI worker's move (ai_workers 0, worker/worker.h) is one more change heard
// so. Sessions another server ends (a logout, a password change, a deletion) are noted for a
// while, so a session this server keeps unread for a minute (online/online_api.cpp) is read
// again at once (session_ended_since).
#include "server/hub.h"

namespace arbiter::server {
namespace {

// How long an ended session is remembered: past the longest a server keeps a session it has read
// without reading it again (online/online_api.cpp), with room for a slow notice.
constexpr int64_t kEndedSessionMemoryMs = 120'000;

}  // namespace

void Hub::sessions_ended(const store::GameChange& change) {
  const int64_t t = now_ms();
  std::lock_guard lock(ended_mu_);
  if (!change.session_hash.empty()) {
    ended_sessions_[change.session_hash] = t;
  } else {
    ended_accounts_[change.account_id] = t;
  }
  std::erase_if(ended_sessions_,
                [t](const auto& e) { return t - e.second > kEndedSessionMemoryMs; });
  std::erase_if(ended_accounts_,
                [t](const auto& e) { return t - e.second > kEndedSessionMemoryMs; });
}

bool Hub::session_ended_since(std::string_view token_hash, int64_t account_id,
                              int64_t since_ms) const {
  std::lock_guard lock(ended_mu_);
  if (all_ended_ms_ >= since_ms) return true;
  auto s = ended_sessions_.find(std::string(token_hash));
  if (s != ended_sessions_.end() && s->second >= since_ms) return true;
  auto a = ended_accounts_.find(account_id);
  return a != ended_accounts_.end() && a->second >= since_ms;
}

void Hub::store_changed(const store::GameChange& change) {
  if (stopping_) return;
  if (change.kind == store::GameChange::Kind::kSeeks) {
    if (change.origin != store_->origin()) lobby_.seeks_changed();
    return;
  }
  if (change.kind == store::GameChange::Kind::kSessions) return sessions_ended(change);
  if (change.game_id.empty()) {  // notices may have been missed: reread every live game
    {
      std::lock_guard lock(ended_mu_);
      all_ended_ms_ = now_ms();  // and sessions ended meanwhile are not known
    }
    std::vector<std::string> ids;
    {
      std::shared_lock lock(games_mu_);
      for (const auto& [id, slot] : games_) ids.push_back(id);
    }
    for (const auto& id : ids) refresh_later(id);
    lobby_.resync();
    return;
  }
  // This server's own change: it applied it when it was stored.
  if (!change.origin.empty() && change.origin == store_->origin()) return;
  {
    std::shared_lock lock(games_mu_);
    // Not live here: the next load reads the store anyway; the lobby reads what it shows.
    if (games_.find(change.game_id) == games_.end()) {
      lock.unlock();
      return lobby_.game_noticed(change.game_id, change.moves);
    }
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
    // Offers change only offers_ms (hub_offers.cpp): the same test for them.
    const bool same_time = fresh->row.updated_ms == live.row.updated_ms;
    if (same_time && fresh->row.offers_ms < live.row.offers_ms) return;
    if (fresh->ply() == live.ply() && same_time && fresh->row.status == live.row.status &&
        fresh->row.offers_ms == live.row.offers_ms) {
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
