#include "games/board_view_json.h"

namespace arbiter {

nlohmann::json to_json(const BoardView& view) {
  nlohmann::json cells = nlohmann::json::array();
  for (const ViewCell& c : view.cells) {
    cells.push_back({{"name", c.name},
                     {"col", c.col},
                     {"row", c.row},
                     {"piece", c.piece},
                     {"owner", c.owner},
                     {"trapped", c.trapped},
                     {"start_of", c.start_of},
                     {"goal_of", c.goal_of}});
  }
  nlohmann::json players = nlohmann::json::array();
  for (const ViewPlayer& p : view.players) {
    players.push_back({{"name", p.name},
                       {"colour", p.colour},
                       {"forward", p.forward},
                       {"pieces", p.pieces},
                       {"home", p.home},
                       {"trapped", p.trapped},
                       {"to_move", p.to_move},
                       {"summary", p.summary}});
  }
  return {{"shape", view.shape},          {"width", view.width}, {"height", view.height},
          {"cells", std::move(cells)},    {"walls", view.walls}, {"walls_left", view.walls_left},
          {"players", std::move(players)}};
}

nlohmann::json to_json(const MoveParts& parts) {
  return {{"text", parts.text}, {"clicks", parts.clicks}, {"path", parts.path}};
}

}  // namespace arbiter
