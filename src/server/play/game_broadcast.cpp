#include "server/play/game_broadcast.h"

#include <cstdint>
#include <vector>

namespace arbiter::server {

void GameBroadcast::state_locked(LiveGame& g) {
  g.changed();
  flags_.schedule_locked(g);
  observers_.publish(GameChanged{GameChanged::Kind::kState, g});
  send_locked(g, std::make_shared<const GameEvent>(g.view()));
}

void GameBroadcast::went_live_locked(const LiveGame& g) {
  observers_.publish(GameChanged{GameChanged::Kind::kState, g});
}

void GameBroadcast::ended_locked(LiveGame& g) {
  observers_.publish(GameChanged{GameChanged::Kind::kEnded, g});
  g.flag_scheduled_ms = INT64_MAX;
}

void GameBroadcast::send_locked(LiveGame& g, const std::shared_ptr<const GameEvent>& event) {
  std::erase_if(g.subscribers, [&](const std::weak_ptr<Subscriber>& w) {
    auto s = w.lock();
    if (!s) return true;
    s->send(event);
    return false;
  });
}

}  // namespace arbiter::server
