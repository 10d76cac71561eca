#include "server/play/game_metrics.h"

#include <map>

#include "core/metrics.h"

namespace arbiter::server {

namespace {
constexpr const char* kLiveGames = "arbiter_live_games";
}

GameMetrics::GameMetrics() {
  metrics::metrics().add_reading({kLiveGames,
                                  "Games being played that this server has seen, by game",
                                  {"game"},
                                  [this] {
                                    std::map<std::string, int> by_game;
                                    {
                                      std::lock_guard lock(mutex_);
                                      for (const auto& [id, p] : playing_) ++by_game[p.game];
                                    }
                                    std::vector<std::pair<metrics::Labels, double>> out;
                                    for (const auto& [game, n] : by_game)
                                      out.push_back({{game}, static_cast<double>(n)});
                                    return out;
                                  },
                                  this});
}

GameMetrics::~GameMetrics() { metrics::metrics().remove_reading(kLiveGames, this); }

std::string GameMetrics::reason_of(const std::string& result) {
  if (result.find("resigned") != std::string::npos) return "resigned";
  if (result.find("on time") != std::string::npos) return "time";
  if (result.starts_with("draw: agreed")) return "agreed";
  if (result.starts_with("aborted")) return "aborted";
  if (result.starts_with("abandoned")) return "abandoned";
  return "board";
}

void GameMetrics::observe(const GameChanged& event) {
  const LiveGame& g = event.game;
  auto& m = metrics::metrics();
  const int ply = g.ply();
  const bool over = event.kind == GameChanged::Kind::kEnded || !g.playing();
  {
    std::lock_guard lock(mutex_);
    auto [seen, fresh] = playing_.try_emplace(g.row.id, Playing{g.row.game, ply});
    // A game first seen (made, or loaded from the store) counts from where it stands; a
    // takeback lowers the mark without counting.
    if (!fresh && ply > seen->second.plies) {
      m.moves.at({g.row.game}).add(static_cast<uint64_t>(ply - seen->second.plies));
    }
    seen->second.plies = ply;
    if (over) playing_.erase(seen);
  }
  if (event.kind == GameChanged::Kind::kEnded) {
    const std::string reason = reason_of(g.row.result);
    m.games_finished.at({g.row.game, reason}).add();
    if (reason == "time") m.clock_flags.at({g.row.game}).add();
  }
}

}  // namespace arbiter::server
