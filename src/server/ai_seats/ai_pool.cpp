#include "server/ai_seats/ai_pool.h"

#include <algorithm>

namespace arbiter::server {

AiPool::AiPool(int workers, std::size_t capacity, Runner run)
    : capacity_(std::max<std::size_t>(1, capacity)), run_(std::move(run)) {
  for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
}

AiPool::~AiPool() { shutdown(); }

bool AiPool::submit(const std::string& id, const std::string& owner) {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return false;
    if (!waiting_.insert(id).second) return true;
    auto& games = by_owner_[owner];
    if (games.empty()) turn_.push_back(owner);
    games.push_back(id);
  }
  cv_.notify_one();
  return true;
}

bool AiPool::has_room() const {
  std::lock_guard lock(mu_);
  return !stopping_ && waiting_.size() < capacity_;
}

bool AiPool::queued(const std::string& id) const {
  std::lock_guard lock(mu_);
  return waiting_.count(id) != 0;
}

AiPool::Stats AiPool::stats() const {
  std::lock_guard lock(mu_);
  return {waiting_.size(), running_, capacity_, turn_.size()};
}

void AiPool::shutdown() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    turn_.clear();
    by_owner_.clear();
    waiting_.clear();
  }
  cv_.notify_all();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void AiPool::work() {
  for (;;) {
    std::string id;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !turn_.empty(); });
      if (stopping_) return;
      // The owner whose turn it is gives its oldest game, and goes to the back of the line
      // when it has more.
      std::string owner = std::move(turn_.front());
      turn_.pop_front();
      auto it = by_owner_.find(owner);
      id = std::move(it->second.front());
      it->second.pop_front();
      if (it->second.empty()) {
        by_owner_.erase(it);
      } else {
        turn_.push_back(std::move(owner));
      }
      waiting_.erase(id);
      ++running_;
    }
    run_(id);
    std::lock_guard lock(mu_);
    --running_;
  }
}

}  // namespace arbiter::server
