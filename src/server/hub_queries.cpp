// The hub's queries that derive something from a game: the catalog, the legal endpoint's
// click tree, and the record download (hub.h).
#include <algorithm>
#include <map>

#include "ai/levels.h"
#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "records/record.h"
#include "server/hub.h"
#include "server/views.h"

namespace arbiter::server {
namespace {

using nlohmann::json;

std::string build_catalog() {
  json games = json::array();
  for (const Game* game : all_games()) {
    json help = json::array();
    for (auto line : split(game->params_help(), "\n")) help.push_back(std::string(line));
    auto fresh = game->new_state(ParamMap{});
    games.push_back({{"name", game->name()},
                     {"summary", game->summary()},
                     {"params_help", std::move(help)},
                     {"defaults", fresh ? (*fresh)->params_text() : ""}});
  }
  json levels = json::array();
  for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
    levels.push_back({{"level", level}, {"name", ai::level_recipe(level).name}});
  }
  return json{{"games", std::move(games)}, {"levels", std::move(levels)}}.dump();
}

// The route drawn to a click: the move's path up to the click's last appearance in it, or
// nothing when the click is not on the path (a wall slot).
std::vector<std::string> route_to(const std::vector<std::string>& path, const std::string& click) {
  auto it = std::find(path.rbegin(), path.rend(), click);
  if (it == path.rend()) return {};
  return {path.begin(), it.base()};
}

std::string answer(const LegalCache& cache, const std::vector<std::string>& clicks) {
  const std::size_t k = clicks.size();
  int count = 0;
  std::map<std::string, std::vector<std::string>> next;  // click -> shortest route to it
  json complete = json::array();
  for (const MoveParts& move : cache.moves) {
    bool matched = false;
    bool done = false;
    for (const auto& order : move.clicks) {
      if (order.size() < k || !std::equal(clicks.begin(), clicks.end(), order.begin())) continue;
      matched = true;
      if (order.size() == k) {
        if (!done) complete.push_back({{"text", move.text}, {"path", move.path}});
        done = true;
        continue;
      }
      auto route = route_to(move.path, order[k]);
      auto [it, fresh] = next.try_emplace(order[k], route);
      if (!fresh && route.size() < it->second.size()) it->second = std::move(route);
    }
    count += matched ? 1 : 0;
  }
  json next_json = json::array();
  for (auto& [click, path] : next) next_json.push_back({{"click", click}, {"path", path}});
  return json{{"count", count}, {"next", std::move(next_json)}, {"complete", std::move(complete)}}
      .dump();
}

}  // namespace

const std::string& Hub::catalog() const {
  static const std::string text = build_catalog();
  return text;
}

Outcome<std::string> Hub::legal(std::string_view id, const std::vector<std::string>& clicks) {
  auto found = find(id);
  if (!found) return found.error();
  LiveGame& g = **found;
  std::shared_ptr<const LegalCache> cache;
  std::unique_ptr<GameState> position;
  uint64_t generation = 0;
  {
    Lock lock(g.mu);
    if (!g.playing()) return answer(LegalCache{}, clicks);
    if (g.legal && g.legal->generation == g.generation) {
      cache = g.legal;
    } else {
      position = g.state->clone();
      generation = g.generation;
    }
  }
  if (!cache) {
    // Built outside the lock (Trap has ~15,000 turns), once per position.
    auto fresh = std::make_shared<LegalCache>();
    fresh->generation = generation;
    for (const auto& text : position->legal_moves()) {
      fresh->moves.push_back(move_parts_of(*position, text));
    }
    cache = fresh;
    Lock lock(g.mu);
    if (g.generation == generation) g.legal = cache;
  }
  return answer(*cache, clicks);
}

Outcome<std::string> Hub::record(std::string_view id) {
  auto found = find(id);
  if (!found) return found.error();
  LiveGame& g = **found;
  Lock lock(g.mu);
  std::vector<std::pair<std::string, std::string>> tags = {{"Id", g.row.id}};
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    const store::SeatRow& seat = g.row.seats[i];
    tags.emplace_back("Seat." + g.state->player_name(static_cast<int>(i)),
                      seat.kind == "ai" ? "ai:" + std::to_string(seat.level) : seat.kind);
  }
  // A resignation is not a result of the moves, so the Result tag stays "*" and says it here.
  if (!g.playing() && !g.state->is_terminal()) tags.emplace_back("Termination", g.row.result);
  return format_record(make_record(*g.start, *g.state, tags));
}

}  // namespace arbiter::server
