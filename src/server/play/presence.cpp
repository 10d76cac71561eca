#include "server/play/presence.h"

#include <algorithm>
#include <string>
#include <vector>

#include "server/play/game_changes.h"

namespace arbiter::server {
namespace {

std::vector<int> present_seats(const LiveGame& g) {
  std::vector<int> out;
  for (int seat = 0; seat < static_cast<int>(g.row.seats.size()); ++seat) {
    if (g.seat_present(seat)) out.push_back(seat);
  }
  return out;
}

}  // namespace

Outcome<bool> Presence::announce(std::string_view id, const accounts::Caller& caller,
                                 const std::weak_ptr<Subscriber>& watcher, bool quiet) {
  auto g = registry_.live(id);
  if (!g) return not_found("game " + std::string(id) + " is not being watched here");
  std::unique_lock lock(g->mu);
  auto held = GameChanges::held_seats(*g, caller);
  if (!held) return held.error();
  auto w = watcher.lock();
  if (!w) return false;
  const std::vector<int> before = present_seats(*g);
  auto it = std::find_if(g->present.begin(), g->present.end(),
                         [&](const LiveGame::Presence& p) { return p.watcher == w.get(); });
  if (it == g->present.end()) {
    g->present.push_back({w.get(), watcher, *held});
  } else {
    for (int seat : *held) {
      if (!holds(it->seats, seat)) it->seats.push_back(seat);
    }
  }
  if (present_seats(*g) == before) return true;
  if (quiet) {
    g->changed();  // the next state sent shows it
  } else {
    broadcast_.state_locked(*g);
  }
  return true;
}

void Presence::leave(std::string_view id, const Subscriber* watcher) {
  auto g = registry_.live(id);
  if (!g) return;
  std::unique_lock lock(g->mu);
  const std::vector<int> before = present_seats(*g);
  std::erase_if(g->present, [watcher](const LiveGame::Presence& p) {
    return p.watcher == watcher || p.alive.expired();
  });
  const std::vector<int> after = present_seats(*g);
  if (after == before) return;
  const int64_t t = clock_.now();
  for (int seat : before) {
    if (!holds(after, seat)) g->away_since_ms[static_cast<std::size_t>(seat)] = t;
  }
  broadcast_.state_locked(*g);
}

}  // namespace arbiter::server
