#include "server/ai_seats/ai_engines.h"

#include <algorithm>
#include <utility>

#include "ai/alphabeta.h"
#include "ai/mcts.h"

namespace arbiter::server {
namespace {

// What one MCTS node takes, rounded up (mcts.h `Node`: a move, a hash, links, visits and a
// reward per player); with MctsOptions::max_nodes it bounds a tree.
constexpr std::size_t kMctsNodeBytes = 64;
constexpr std::size_t kMiB = std::size_t{1} << 20;

}  // namespace

AiEngines::Lease& AiEngines::Lease::operator=(Lease&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::exchange(other.owner_, nullptr);
    id_ = std::move(other.id_);
    engine_ = std::move(other.engine_);
  }
  return *this;
}

void AiEngines::Lease::release() {
  if (owner_ && engine_) owner_->give_back(id_, engine_);
  owner_ = nullptr;
  engine_.reset();
}

// A capacity below the largest engine would leave that engine's searches waiting for ever;
// Server::start refuses such an --ai-memory, and direct users get the least that works.
AiEngines::AiEngines(std::size_t capacity_mb)
    : capacity_mb_(std::max(capacity_mb, largest_engine_megabytes())) {}

std::size_t AiEngines::engine_megabytes(const ai::Recipe& recipe, int players) {
  const std::size_t threads = static_cast<std::size_t>(std::max(1, recipe.threads));
  switch (ai::algorithm_for(recipe, players)) {
    case ai::Algorithm::kRandom:
      return 1;
    case ai::Algorithm::kMcts:
      return std::max<std::size_t>(
          1, (ai::MctsOptions{}.max_nodes * kMctsNodeBytes * threads + kMiB - 1) / kMiB);
    default:
      // Alpha-beta, and best-reply search (which falls back to alpha-beta where a game cannot
      // pass): one table per search, or one of twice the size shared by its threads
      // (engine/game_searcher.h).
      return ai::AlphaBetaOptions{}.tt_megabytes * (threads > 1 ? 2 : 1);
  }
}

std::size_t AiEngines::largest_engine_megabytes() {
  std::size_t largest = 1;
  for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
    for (int players = 2; players <= 4; ++players) {
      largest = std::max(largest, engine_megabytes(ai::level_recipe(level), players));
    }
  }
  return largest;
}

AiEngines::Lease AiEngines::acquire(const std::string& id, std::size_t megabytes) {
  std::vector<std::shared_ptr<engine::Engine>> freed;  // destroyed after the lock is let go
  std::unique_lock lock(mu_);
  for (;;) {
    if (stopping_) return {};
    auto it = entries_.find(id);
    if (it != entries_.end()) {
      // Busy: the game's last search was stopped (an undo) or is about to play its move; it
      // gives the engine back within milliseconds. A dropped entry goes when it is given back.
      if (!it->second.busy) {
        it->second.busy = true;
        it->second.last_used = ++clock_;
        return Lease(this, id, it->second.engine);
      }
    } else {
      make_room_locked(megabytes, freed);
      if (stats_.megabytes + megabytes <= capacity_mb_) {
        Entry& e = entries_[id];
        e.engine = std::make_shared<engine::Engine>();
        e.megabytes = megabytes;
        e.last_used = ++clock_;
        e.busy = true;
        stats_.megabytes += megabytes;
        stats_.peak_megabytes = std::max(stats_.peak_megabytes, stats_.megabytes);
        ++stats_.made;
        return Lease(this, id, e.engine);
      }
    }
    cv_.wait(lock);
  }
}

void AiEngines::make_room_locked(std::size_t megabytes,
                                 std::vector<std::shared_ptr<engine::Engine>>& freed) {
  while (stats_.megabytes + megabytes > capacity_mb_) {
    auto oldest = entries_.end();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->second.busy) continue;
      if (oldest == entries_.end() || it->second.last_used < oldest->second.last_used) oldest = it;
    }
    if (oldest == entries_.end()) return;  // every engine is searching
    erase_locked(oldest, freed);
    ++stats_.evicted;
  }
}

void AiEngines::erase_locked(std::unordered_map<std::string, Entry>::iterator it,
                             std::vector<std::shared_ptr<engine::Engine>>& freed) {
  stats_.megabytes -= it->second.megabytes;
  freed.push_back(std::move(it->second.engine));
  entries_.erase(it);
}

void AiEngines::give_back(const std::string& id, const std::shared_ptr<engine::Engine>& engine) {
  std::vector<std::shared_ptr<engine::Engine>> freed;
  {
    std::lock_guard lock(mu_);
    auto it = entries_.find(id);
    if (it == entries_.end() || it->second.engine != engine) return;
    it->second.busy = false;
    if (it->second.dropped || stopping_) erase_locked(it, freed);
  }
  cv_.notify_all();
}

void AiEngines::drop(const std::string& id) {
  std::vector<std::shared_ptr<engine::Engine>> freed;
  {
    std::lock_guard lock(mu_);
    auto it = entries_.find(id);
    if (it == entries_.end()) return;
    if (it->second.busy) {
      it->second.dropped = true;
      return;
    }
    erase_locked(it, freed);
  }
  cv_.notify_all();
}

void AiEngines::shutdown() {
  std::vector<std::shared_ptr<engine::Engine>> freed;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    for (auto it = entries_.begin(); it != entries_.end();) {
      auto next = std::next(it);
      if (!it->second.busy) erase_locked(it, freed);
      it = next;
    }
  }
  cv_.notify_all();
}

AiEngines::Stats AiEngines::stats() const {
  std::lock_guard lock(mu_);
  Stats s = stats_;
  s.engines = entries_.size();
  return s;
}

}  // namespace arbiter::server
