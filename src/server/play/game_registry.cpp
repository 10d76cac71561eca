#include "server/play/game_registry.h"

#include <algorithm>
#include <utility>

#include "core/text.h"
#include "server/accounts/tokens.h"
#include "server/play/refusals.h"
#include "server/play/store_failure.h"

namespace arbiter::server {
namespace {

// Games eviction looks at per insertion at most: each insertion costs O(1), whatever is live.
constexpr int kEvictionScan = 64;

}  // namespace

GameRegistry::GameRegistry(std::shared_ptr<store::Store> store, WorkPool& work,
                           const HubOptions& options, const HubClock& clock, Hooks hooks)
    : store_(std::move(store)),
      work_(work),
      options_(options),
      clock_(clock),
      hooks_(std::move(hooks)) {}

GameRegistry::GamePtr GameRegistry::insert(GamePtr g) {
  std::unique_lock lock(mu_);
  if (auto it = games_.find(g->row.id); it != games_.end()) return it->second.game;
  std::lock_guard lru_lock(lru_mu_);
  lru_.push_front(g->row.id);
  games_.emplace(g->row.id, Slot{g, lru_.begin()});
  // Not yet shared: no other thread reaches it before the map holds it.
  g->clock = options_.clock;
  g->disconnect_grace_ms = options_.disconnect_grace_ms;
  g->away_since_ms.assign(g->row.seats.size(), clock_.now());
  g->changed();
  hooks_.went_live(*g);
  if (games_.size() > options_.max_live_games) evict_idle_locked(g->row.id);
  return g;
}

void GameRegistry::evict_idle_locked(const std::string& keep) {
  for (int looked = 0;
       looked < kEvictionScan && games_.size() > options_.max_live_games && !lru_.empty();
       ++looked) {
    auto last = std::prev(lru_.end());
    auto slot = games_.find(*last);
    bool idle = false;
    {
      const GamePtr& g = slot->second.game;
      // Only the map holds it: no request, search or session can reach it but through find().
      if (*last != keep && g.use_count() == 1) {
        std::unique_lock game_lock(g->mu, std::try_to_lock);  // mu_ -> g.mu: never wait
        idle = game_lock && !g->engine && !g->writing && g->waiting.empty() &&
               std::none_of(g->subscribers.begin(), g->subscribers.end(),
                            [](const auto& w) { return !w.expired(); });
      }
    }
    if (idle) {
      hooks_.evicted(*last);
      games_.erase(slot);
      lru_.erase(last);
    } else {
      // In use: looked at, and back to the front, so the next insertion looks at others.
      lru_.splice(lru_.begin(), lru_, last);
    }
  }
}

GameRegistry::GamePtr GameRegistry::live(std::string_view id) {
  std::shared_lock lock(mu_);
  auto it = games_.find(std::string(id));
  if (it == games_.end()) return nullptr;
  std::lock_guard lru_lock(lru_mu_);
  lru_.splice(lru_.begin(), lru_, it->second.lru);
  return it->second.game;
}

GameRegistry::GamePtr GameRegistry::held(const std::string& id) const {
  std::shared_lock lock(mu_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second.game;
}

Outcome<GameRegistry::GamePtr> GameRegistry::find(std::string_view id) {
  if (!valid_game_id(id)) return not_found("unknown game " + quote(id));
  if (GamePtr g = live(id)) return g;
  auto row = store_->load_game(id);
  if (!row) return store_failure("reading game " + quote(id), row.failure());
  if (!*row) return not_found("unknown game " + quote(id));
  return find(**row);
}

Outcome<GameRegistry::GamePtr> GameRegistry::find(const store::GameRow& row) {
  if (GamePtr g = live(row.id)) return g;
  auto moves = store_->load_moves(row.id);
  if (!moves) return store_failure("reading game " + quote(row.id), moves.failure());
  auto g = replay_game(row, *moves);
  if (!g) return internal_error(g.error());
  const GamePtr read = *g;
  GamePtr live_copy = insert(std::move(*g));
  // On a store other servers share, the notice of a change stored after the read above and
  // before the insertion was dropped (the game was not live here yet): the hook reads it again.
  if (live_copy == read) hooks_.loaded(row.id);
  return live_copy;
}

void GameRegistry::with_game(std::string_view id, std::function<void(const GamePtr&)> then,
                             std::function<void(const ApiError&)> fail) {
  if (!valid_game_id(id)) return fail(not_found("unknown game " + quote(id)));
  if (GamePtr g = live(id)) return then(g);
  // Loading reads the disk: on a worker, never the caller's (I/O) thread.
  const bool queued = work_.submit([this, id = std::string(id), then, fail] {
    auto g = find(id);
    if (!g) return fail(g.error());
    then(*g);
  });
  if (!queued) fail(busy_workers());
}

bool GameRegistry::contains(const std::string& id) const {
  std::shared_lock lock(mu_);
  return games_.find(id) != games_.end();
}

std::vector<GameRegistry::GamePtr> GameRegistry::games() const {
  std::vector<GamePtr> all;
  std::shared_lock lock(mu_);
  for (const auto& [id, slot] : games_) all.push_back(slot.game);
  return all;
}

std::vector<std::string> GameRegistry::ids() const {
  std::vector<std::string> all;
  std::shared_lock lock(mu_);
  for (const auto& [id, slot] : games_) all.push_back(id);
  return all;
}

std::size_t GameRegistry::size() const {
  std::shared_lock lock(mu_);
  return games_.size();
}

}  // namespace arbiter::server
