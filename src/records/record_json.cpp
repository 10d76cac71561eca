#include "records/record_json.h"

#include <nlohmann/json.hpp>

namespace arbiter {

std::string record_to_json(const Record& record, const Replay& replay) {
  nlohmann::ordered_json out;
  out["game"] = std::string(replay.start->game().name());
  out["params"] = replay.start->params_text();
  nlohmann::ordered_json tags = nlohmann::ordered_json::object();
  const std::string result = replay.result();
  // The Result tag as replay_record read it: an older resigned record's "*" is the resignation's.
  for (const auto& [k, v] : record.tags) tags[k] = k == "Result" ? result : v;
  out["tags"] = tags;
  out["start"] = replay.start->to_text();
  if (const std::string c = record.comment(0); !c.empty()) out["comment"] = c;
  nlohmann::ordered_json moves = nlohmann::ordered_json::array();
  auto state = replay.start->clone();
  for (const auto& m : replay.final->history()) {
    const int player = state->to_move();
    (void)state->apply(m);  // replayed already: every move is legal
    nlohmann::ordered_json move = {{"ply", moves.size() + 1},
                                   {"player", state->player_name(player)},
                                   {"move", m},
                                   {"position", state->to_text()}};
    if (const std::string c = record.comment(moves.size() + 1); !c.empty()) move["comment"] = c;
    moves.push_back(std::move(move));
  }
  out["moves"] = moves;
  out["result"] = result;
  out["returns"] = replay.returns();
  return out.dump(2);
}

}  // namespace arbiter
