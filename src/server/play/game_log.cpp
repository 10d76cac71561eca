#include "server/play/game_log.h"

#include "core/log.h"
#include "server/play/game_metrics.h"

namespace arbiter::server {

void GameLog::observe(const GameChanged& event) {
  const LiveGame& g = event.game;
  const int ply = g.ply();
  const std::string& id = g.row.id;
  if (event.kind == GameChanged::Kind::kEnded) {
    log::info("game.ended", {{"game_id", id},
                             {"game", g.row.game},
                             {"ply", ply},
                             {"reason", GameMetrics::reason_of(g.row.result)},
                             {"result", g.row.result}});
    std::lock_guard lock(mutex_);
    plies_.erase(id);
    return;
  }
  if (!g.playing()) return;
  int before = 0;
  {
    std::lock_guard lock(mutex_);
    auto [seen, fresh] = plies_.try_emplace(id, ply);
    if (fresh) {
      before = -1;
    } else {
      before = seen->second;
      seen->second = ply;
    }
  }
  if (before < 0) {
    log::info("game.live", {{"game_id", id}, {"game", g.row.game}, {"ply", ply}});
  } else if (ply < before) {
    log::info("game.takeback", {{"game_id", id}, {"ply", ply}, {"plies", before - ply}});
  } else if (ply > before) {
    // The last of them is the one just stored; more than one only when this server was told
    // of several at once (another server's moves through the change feed).
    log::info("game.move", {{"game_id", id},
                            {"ply", ply},
                            {"move", g.last_move ? g.last_move->text : std::string()},
                            {"plies", ply - before}});
  }
}

}  // namespace arbiter::server
