#include "server/play/store_sync.h"

#include <algorithm>
#include <cassert>
#include <optional>
#include <utility>
#include <vector>

namespace arbiter::server {
namespace {

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

StoreSync::StoreSync(std::shared_ptr<store::Store> store, std::string shared_store_url,
                     const std::atomic<bool>& stopping, GameRegistry& registry,
                     GameChanges& changes, GameBroadcast& broadcast, AiSeats& ai, WorkPool& work,
                     Lobby& lobby, SessionRevocations& revocations,
                     std::function<void(int64_t)> account_deleted)
    : store_(std::move(store)),
      url_(std::move(shared_store_url)),
      stopping_(stopping),
      registry_(registry),
      changes_(changes),
      broadcast_(broadcast),
      ai_(ai),
      work_(work),
      lobby_(lobby),
      revocations_(revocations),
      account_deleted_(std::move(account_deleted)) {}

Status StoreSync::listen() {
  if (url_.empty() || feed_) return {};
  auto feed =
      store::listen_for_changes(url_, [this](const store::GameChange& c) { store_changed(c); });
  if (!feed) return make_error(feed.error());
  feed_ = std::move(*feed);
  return {};
}

void StoreSync::store_changed(const store::GameChange& change) {
  if (stopping_) return;
  if (change.kind == store::GameChange::Kind::kSeeks) {
    if (change.origin != store_->origin()) lobby_.seeks_changed();
    return;
  }
  if (change.kind == store::GameChange::Kind::kSessions) {
    revocations_.ended(change);
    // An account's sessions end on a password change or a deletion: a deleted account's seats
    // in the games live here read "deleted" at once, as on the server that deleted it.
    if (change.session_hash.empty() && change.account_id != 0) {
      work_.submit([this, id = change.account_id] {
        auto account = store_->account_by_id(id);
        if (account && *account && (*account)->deleted) account_deleted_(id);
      });
    }
    return;
  }
  if (change.kind == store::GameChange::Kind::kThinking) {
    return ai_.worker_thinking(change.thinking);
  }
  if (change.game_id.empty()) {         // notices may have been missed: reread every live game
    revocations_.all_may_have_ended();  // and sessions ended meanwhile are not known
    for (const auto& id : registry_.ids()) refresh_later(id);
    lobby_.resync();
    return;
  }
  // This server's own change: it applied it when it was stored.
  if (!change.origin.empty() && change.origin == store_->origin()) return;
  // Not live here: the next load reads the store anyway; the lobby reads what it shows.
  if (!registry_.contains(change.game_id)) {
    return lobby_.game_noticed(change.game_id, change.moves);
  }
  refresh_later(change.game_id);
}

void StoreSync::rereading(const std::string& id, std::function<void(Reply<GameViewPtr>)> attempt,
                          Reply<GameViewPtr> done) {
  if (url_.empty()) return attempt(std::move(done));
  attempt([this, id, attempt, done](Outcome<GameViewPtr> out) {
    const int status = out ? 200 : out.error().status;
    if (status != 401 && status != 403 && status != 409) return done(std::move(out));
    const bool queued = work_.submit([this, id, attempt, done] {
      refresh_fully(id);
      attempt(done);
    });
    if (!queued) done(std::move(out));
  });
}

void StoreSync::refresh_later(const std::string& id) {
  if (stopping_) return;
  {
    std::lock_guard lock(queued_mu_);
    if (!queued_.insert(id).second) return;
  }
  // On a worker: it reads the store. A full queue drops it; the next notice or request of the
  // game catches up (a stale move is refused by the store's ply check, then reread). One still
  // queued when the hub stops is dropped too: the hub's shutdown runs the queue out, and under
  // another server's stream of moves these rereads held a draining server past its bound.
  const bool queued = work_.submit([this, id] {
    {
      std::lock_guard lock(queued_mu_);
      queued_.erase(id);  // a notice from here on queues another: this read may miss its change
    }
    if (!stopping_) refresh(id);
  });
  if (!queued) {
    std::lock_guard lock(queued_mu_);
    queued_.erase(id);
  }
}

void StoreSync::refresh(const std::string& id) {
  if (GamePtr g = registry_.held(id); g && !refresh_appended(g)) refresh_replayed(g);
}

void StoreSync::refresh_fully(const std::string& id) {
  if (GamePtr g = registry_.held(id)) refresh_replayed(g);
}

bool StoreSync::refresh_appended(const GamePtr& g) {
  // What this server holds: the ply, and its last move to check the stored list still has it.
  int from = 0;
  std::optional<store::MoveRow> last;
  std::string id;
  {
    std::unique_lock lock(g->mu);
    id = g->row.id;
    from = g->ply();
    if (from > 0) {
      const replay::PlyInfo& p = g->plies.back();
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
  changes_.change(
      g, [this, g, fresh = std::move(**row), move = std::move(moves->back()), last]() mutable {
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
        AiSeats::cancel_locked(live);
        live.row = std::move(fresh);
        live.plies.push_back({move.seat, move.elapsed_ms});
        if (move.seat >= 0 && move.seat < live.state->num_players()) {
          replay::credit_move(live.clocks, move.seat, move.elapsed_ms);
        }
        live.last_move = describe_last_move(*live.state);
        live.turn_started_ms = move.at_ms;
        if (live.clocks.control().limited()) {
          live.turn_started_ms = std::max(live.turn_started_ms, live.row.updated_ms);
        }
        if (!live.playing()) broadcast_.ended_locked(live);
        broadcast_.state_locked(live);
        ai_.maybe_start_locked(g);
      });
  return true;
}

void StoreSync::refresh_replayed_later(const std::string& id) {
  if (stopping_) return;
  work_.submit([this, id] {
    if (!stopping_) refresh_fully(id);  // as refresh_later's
  });
}

void StoreSync::refresh_replayed(const GamePtr& g) {
  std::string id;
  {
    std::unique_lock lock(g->mu);
    id = g->row.id;
  }
  auto row = store_->load_game(id);
  if (!row || !*row) return;
  auto moves = store_->load_moves(id);
  if (!moves) return;
  auto fresh = replay_game(**row, *moves);
  if (!fresh) return;
  changes_.change(g, [this, g, fresh = std::move(*fresh)] {
    LiveGame& live = *g;
    // Read before a change this server has stored since: keep the newer.
    if (fresh->row.updated_ms < live.row.updated_ms) return;
    // Offers change only offers_ms (offers.h): the same test for them.
    const bool same_time = fresh->row.updated_ms == live.row.updated_ms;
    if (same_time && fresh->row.offers_ms < live.row.offers_ms) return;
    if (fresh->ply() == live.ply() && same_time && fresh->row.status == live.row.status &&
        fresh->row.offers_ms == live.row.offers_ms) {
      return;
    }
    AiSeats::cancel_locked(live);
    live.row = fresh->row;
    live.start = std::move(fresh->start);
    live.state = std::move(fresh->state);
    live.plies = std::move(fresh->plies);
    live.last_move = std::move(fresh->last_move);
    live.turn_started_ms = fresh->turn_started_ms;
    live.clocks = fresh->clocks;
    live.snapshots.clear();
    if (!live.playing()) broadcast_.ended_locked(live);
    broadcast_.state_locked(live);
    ai_.maybe_start_locked(g);
  });
}

}  // namespace arbiter::server
