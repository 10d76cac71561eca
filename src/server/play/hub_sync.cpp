// Games shared by several servers on one PostgreSQL database (docs/deploy.md). Another server's
// change reaches this one as a notice (store/change_feed.h) naming the game and its move count;
// a game live here is then read again from the store, the truth, and its watchers are sent the
// new state. A change this server made itself comes back as a notice too and is recognised by
// its origin (store::Store::origin()). A move this server could not store because another server
// stored that ply first (409) also rereads the game, so the next request sees what the other
// stored. The lobby (lobby.h) hears of the seeks' notices, of games not in memory here, and of a
// lost connection. An AI worker's move (ai_workers 0, worker/worker.h) is one more change heard
// so, and its search's progress a notice that is relayed to the game's watchers. Sessions
// another server ends (a logout, a password change, a deletion) are noted for a
// while, so a session this server keeps unread for a minute (online/online_api.cpp) is read
// again at once (session_ended_since).
#include <algorithm>
#include <cassert>

#include "server/play/hub.h"

namespace arbiter::server {
namespace {

// How long an ended session is remembered: past the longest a server keeps a session it has read
// without reading it again (online/online_api.cpp), with room for a slow notice.
constexpr int64_t kEndedSessionMemoryMs = 120'000;

// Whether `fresh`, with one move at `ply` after `last` (the move before it, if any), is `live`
// with that move appended: the same moves so far and the row on the same terms, only what a move
// changes (times, offers, the seats' clocks, an ending) differing.
bool extends(const LiveGame& live, const store::GameRow& fresh, int ply,
             const std::optional<store::MoveRow>& last) {
  if (live.ply() != ply) return false;
  if (last && (live.state->history().back() != last->text || live.plies.back().seat != last->seat ||
               live.plies.back().elapsed_ms != last->elapsed_ms)) {
    return false;
  }
  const store::GameRow& held = live.row;
  if (fresh.id != held.id || fresh.game != held.game || fresh.params != held.params ||
      fresh.position != held.position || fresh.time_control != held.time_control ||
      fresh.seats.size() != held.seats.size()) {
    return false;
  }
  for (std::size_t i = 0; i < held.seats.size(); ++i) {
    if (fresh.seats[i].kind != held.seats[i].kind || fresh.seats[i].level != held.seats[i].level) {
      return false;
    }
  }
  return true;
}

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
  if (change.kind == store::GameChange::Kind::kSessions) {
    sessions_ended(change);
    // An account's sessions end on a password change or a deletion: a deleted account's seats
    // in the games live here read "deleted" at once, as on the server that deleted it.
    if (change.session_hash.empty() && change.account_id != 0) {
      work_.submit([this, id = change.account_id] {
        auto account = store_->account_by_id(id);
        if (account && *account && (*account)->deleted) account_deleted(id);
      });
    }
    return;
  }
  if (change.kind == store::GameChange::Kind::kThinking) return worker_thinking(change.thinking);
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

void Hub::worker_thinking(const store::ThinkingNotice& n) {
  GamePtr g = held(n.game_id);
  if (!g) return;  // no one watches it here
  Lock lock(g->mu);
  // The turn searched, as this server holds the game: a notice of a turn over (its move heard
  // before it) or not yet reached here is dropped. The move clears it (cancel_ai_locked).
  if (g->ply() != n.ply || !ai_to_move_locked(*g) || g->state->to_move() != n.seat) return;
  show_thinking_locked(*g, Thinking{n.seat, n.depth, n.score, n.nodes, n.nps, n.pv});
}

void Hub::refresh_later(const std::string& id) {
  if (stopping_) return;
  // On a worker: it reads the store. A full queue drops it; the next notice or request of the
  // game catches up (a stale move is refused by the store's ply check, then reread).
  work_.submit([this, id] { refresh(id); });
}

void Hub::refresh(const std::string& id) {
  if (GamePtr g = held(id); g && !refresh_appended(g)) refresh_replayed(g);
}

void Hub::refresh_fully(const std::string& id) {
  if (GamePtr g = held(id)) refresh_replayed(g);
}

bool Hub::refresh_appended(const GamePtr& g) {
  // What this server holds: the ply, and its last move to check the stored list still has it.
  int from = 0;
  std::optional<store::MoveRow> last;
  std::string id;
  {
    Lock lock(g->mu);
    id = g->row.id;
    from = g->ply();
    if (from > 0) {
      const PlyInfo& p = g->plies.back();
      last = store::MoveRow{from - 1, g->state->history().back(), p.seat, 0, p.elapsed_ms};
    }
  }
  auto row = store_->load_game(id);
  if (!row || !*row) return false;
  auto moves = store_->load_moves_from(id, last ? from - 1 : from);
  // Exactly one move more, after the same last move (a takeback and a new move since would
  // change it, or the count).
  if (!moves || moves->size() != (last ? 2u : 1u) || moves->back().ply != from) return false;
  if (last) {
    const store::MoveRow& m = moves->front();
    if (m.text != last->text || m.seat != last->seat || m.elapsed_ms != last->elapsed_ms) {
      return false;
    }
  }
  change(g, [this, g, fresh = std::move(**row), move = std::move(moves->back()), last]() mutable {
    LiveGame& live = *g;
    // Read before a change this server has stored since: keep the newer (as refresh_replayed).
    if (fresh.updated_ms < live.row.updated_ms) return;
    if (fresh.updated_ms == live.row.updated_ms && fresh.offers_ms < live.row.offers_ms) return;
    if (!extends(live, fresh, move.ply, last)) return refresh_replayed_later(live.row.id);
    if (!live.state->apply(move.text)) return refresh_replayed_later(live.row.id);
    // replay_game reads a resigned seat from the result text of such a row: left to it.
    if (fresh.status != store::GameStatus::kPlaying && !live.state->is_terminal() &&
        fresh.resigned < 0) {
      [[maybe_unused]] const bool undone = live.state->undo();
      assert(undone);
      return refresh_replayed_later(live.row.id);
    }
    // The fields refresh_replayed sets, each as replay_game derives it, from one more move. The
    // snapshots stay: each is still a prefix of the game.
    cancel_ai_locked(live);
    live.row = std::move(fresh);
    live.plies.push_back({move.seat, move.elapsed_ms});
    if (move.seat >= 0 && move.seat < live.state->num_players()) {
      credit_move(live.clocks, move.seat, move.elapsed_ms);
    }
    live.last_move = describe_last_move(*live.state);
    live.turn_started_ms = move.at_ms;
    if (live.clocks.control().limited()) {
      live.turn_started_ms = std::max(live.turn_started_ms, live.row.updated_ms);
    }
    if (!live.playing()) game_over_locked(live);
    broadcast_state(live);
    maybe_start_ai_locked(g);
  });
  return true;
}

void Hub::refresh_replayed_later(const std::string& id) {
  if (stopping_) return;
  work_.submit([this, id] { refresh_fully(id); });
}

void Hub::refresh_replayed(const GamePtr& g) {
  std::string id;
  {
    Lock lock(g->mu);
    id = g->row.id;
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
