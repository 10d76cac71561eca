#include "server/play/game_queries.h"

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "ai/levels.h"
#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "records/record.h"
#include "records/resignation.h"
#include "server/play/store_failure.h"

namespace arbiter::server {
namespace {

Catalog::Param param_entry(const ParamSpec& spec) {
  Catalog::Param out;
  out.name = std::string(spec.name);
  out.type = std::string(param_type_name(spec.type));
  out.default_value = std::string(spec.default_value);
  out.min = spec.min;
  out.max = spec.max;
  for (auto choice : spec.choices) out.choices.emplace_back(choice);
  out.example = std::string(spec.example);
  out.help = std::string(spec.help);
  return out;
}

// The one key every seating's parameters set, each to a different value; "" when there is no
// such key (or one seating).
std::string players_param(std::span<const Seating> seatings) {
  if (seatings.size() < 2) return "";
  std::string key;
  std::vector<std::string> values;
  for (const Seating& seating : seatings) {
    auto map = ParamMap::parse(seating.params);
    if (!map || map->entries().size() != 1) return "";
    const auto& [k, v] = map->entries().front();
    if (!key.empty() && k != key) return "";
    if (std::find(values.begin(), values.end(), v) != values.end()) return "";
    key = k;
    values.push_back(v);
  }
  return key;
}

Catalog build_catalog() {
  Catalog out;
  for (const Game* game : all_games()) {
    Catalog::GameEntry entry;
    entry.name = std::string(game->name());
    entry.title = std::string(game->title());
    entry.summary = std::string(game->summary());
    entry.draws = game->has_draws();
    for (auto line : split(game->params_help(), "\n")) entry.params_help.emplace_back(line);
    auto fresh = game->new_state(ParamMap{});
    entry.defaults = fresh ? (*fresh)->params_text() : "";
    for (const ParamSpec& spec : game->param_specs()) entry.params.push_back(param_entry(spec));
    entry.players_param = players_param(game->seatings());
    for (const Seating& seating : game->seatings()) {
      Catalog::Seating seats{seating.players, std::string(seating.params), {}};
      for (const arbiter::SeatSpec& seat : seating.seats) {
        seats.seats.push_back({std::string(seat.name), std::string(seat.colour)});
      }
      entry.seatings.push_back(std::move(seats));
    }
    entry.legend = game->legend();
    entry.hints = game->hints();
    out.games.push_back(std::move(entry));
  }
  for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
    out.levels.push_back({level, ai::level_recipe(level).name});
  }
  return out;
}

}  // namespace

const Catalog& game_catalog() {
  static const Catalog catalog = build_catalog();
  return catalog;
}

Outcome<std::unique_ptr<GameState>> start_state(std::string_view name, std::string_view params_text,
                                                std::string_view position) {
  if (name.empty()) return bad_request("game: missing (one of " + game_names() + ")");
  const Game* game = find_game(name);
  if (!game) {
    return bad_request("game: unknown game " + quote(name) + " (known: " + game_names() + ")");
  }
  auto params = ParamMap::parse(params_text);
  if (!params) return bad_request("params: " + params.error());
  const bool from_start = position.empty();
  auto state = from_start ? game->new_state(*params) : game->parse_state(*params, position);
  if (!state) return bad_request((from_start ? "params: " : "position: ") + state.error());
  return std::move(*state);
}

Outcome<BoardView> board_view(std::string_view name, std::string_view params_text,
                              std::string_view position) {
  auto state = start_state(name, params_text, position);
  if (!state) return state.error();
  return (*state)->view();
}

Outcome<std::shared_ptr<const LegalIndex>> GameQueries::legal_index(std::string_view id) {
  static const auto kNone = std::make_shared<const LegalIndex>();
  auto found = registry_.find(id);
  if (!found) return found.error();
  LiveGame& g = **found;
  std::unique_ptr<GameState> position;
  uint64_t generation = 0;
  {
    std::unique_lock lock(g.mu);
    if (!g.playing()) return kNone;
    generation = g.generation;
    if (auto index = legal_.find(g.row.id, generation)) return index;
    position = g.state->clone();
  }
  // Built outside the lock (a size-8 Trap has ~115,000 moves), once per position while the
  // budget keeps it.
  auto index = LegalIndex::build(*position);
  if (!index)
    return internal_error("legal moves of game " + std::string(id) + ": " + index.error());
  legal_.put(std::string(id), generation, *index);
  return *index;
}

Outcome<LegalClicks> GameQueries::legal(std::string_view id,
                                        const std::vector<std::string>& clicks) {
  auto index = legal_index(id);
  if (!index) return index.error();
  return (*index)->answer(clicks);
}

Outcome<LegalPrefix> GameQueries::legal_prefix(std::string_view id, std::string_view prefix,
                                               std::size_t limit) {
  auto index = legal_index(id);
  if (!index) return index.error();
  return (*index)->with_prefix(prefix, limit);
}

std::string record_text(const replay::StoredGame& g) {
  std::vector<std::pair<std::string, std::string>> tags = {{"Id", g.row.id}};
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    const store::SeatRow& seat = g.row.seats[i];
    tags.emplace_back("Seat." + g.state->player_name(static_cast<int>(i)),
                      seat_spec_text(seat.kind, seat.level));
  }
  // A resignation is named by its Resigned tag, and the Result says who won by it
  // (records/resignation.h); a flag, a claim or an abort is no result of the moves, so the
  // Result stays "*" and a Termination tag says how the game ended.
  if (!g.playing() && !g.state->is_terminal()) {
    if (g.row.resigned >= 0) {
      tags.emplace_back(kResignedTag, g.state->player_name(g.row.resigned));
    } else {
      tags.emplace_back("Termination", g.row.result);
    }
  }
  return format_record(make_record(*g.start, *g.state, tags));
}

Outcome<std::string> GameQueries::record(std::string_view id) {
  auto found = registry_.find(id);
  if (!found) return found.error();
  LiveGame& g = **found;
  std::unique_lock lock(g.mu);
  return record_text(g);
}

Outcome<GameViewPtr> GameQueries::get(std::string_view id, std::optional<int> at) {
  auto g = registry_.find(id);
  if (!g) return g.error();
  std::unique_lock lock((*g)->mu);
  return at ? (*g)->view_at(*at) : (*g)->view();
}

Outcome<std::vector<GameViewPtr>> GameQueries::list(const store::GameFilter& filter) {
  auto rows = store_->list_games(filter);
  if (!rows) return store_failure("listing games", rows.failure());
  std::vector<GameViewPtr> out;
  for (const auto& row : *rows) {
    auto g = registry_.find(row);
    if (!g) continue;  // a game that no longer replays is not listed
    std::unique_lock lock((*g)->mu);
    out.push_back((*g)->view());
  }
  return out;
}

Outcome<bool> GameQueries::subscribe(std::string_view id,
                                     const std::weak_ptr<Subscriber>& watcher) {
  auto g = registry_.find(id);
  if (!g) return g.error();
  std::unique_lock lock((*g)->mu);
  auto w = watcher.lock();
  if (!w) return false;
  (*g)->subscribers.push_back(watcher);
  w->send(std::make_shared<const GameEvent>((*g)->view()));
  return true;
}

}  // namespace arbiter::server
