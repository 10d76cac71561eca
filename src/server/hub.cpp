#include "server/hub.h"

#include <algorithm>
#include <limits>

#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "server/tokens.h"

namespace arbiter::server {
namespace {

using nlohmann::json;

constexpr std::string_view kMissingToken = "missing seat token (send Authorization: Bearer TOKEN)";

// A seat as the creator asks for it: "human", "open" or "ai:LEVEL".
Outcome<store::SeatRow> parse_seat(const json& j, std::size_t index) {
  const std::string where = "seats[" + std::to_string(index) + "]: ";
  if (!j.is_string()) return bad_request(where + "expected \"human\", \"open\" or \"ai:LEVEL\"");
  const std::string text = j.get<std::string>();
  store::SeatRow seat;
  if (text == "human" || text == "open") {
    seat.kind = text;
    return seat;
  }
  if (text.starts_with("ai:")) {
    auto level = parse_int(std::string_view(text).substr(3), ai::kMinLevel, ai::kMaxLevel, "level");
    if (!level) return bad_request(where + level.error());
    seat.kind = "ai";
    seat.level = static_cast<int>(*level);
    return seat;
  }
  return bad_request(where + "expected \"human\", \"open\" or \"ai:LEVEL\", got " + quote(text));
}

Outcome<std::string> optional_string(const json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return std::string();
  if (!it->is_string()) return bad_request(std::string(key) + ": expected a string");
  return it->get<std::string>();
}

}  // namespace

std::string Seated::json() const {
  std::string out = "{\"game\":" + *game + ",\"tokens\":{";
  bool first = true;
  for (const auto& [seat, token] : tokens) {
    out += (first ? "\"" : ",\"") + std::to_string(seat) + "\":\"" + token + "\"";
    first = false;
  }
  return out + "}}";
}

Hub::Hub(std::shared_ptr<store::Store> store, HubOptions options)
    : store_(std::move(store)), options_(options), pool_(options.ai_workers) {
  init_sodium();
}

Hub::~Hub() { shutdown(); }

void Hub::shutdown() {
  stopping_ = true;
  std::vector<std::shared_ptr<LiveGame>> all;
  {
    std::shared_lock lock(games_mu_);
    for (const auto& [id, g] : games_) all.push_back(g);
  }
  for (const auto& g : all) {
    Lock lock(g->mu);
    if (g->engine) g->engine->stop();
  }
  pool_.shutdown();
}

std::size_t Hub::live_games() const {
  std::shared_lock lock(games_mu_);
  return games_.size();
}

Result<std::vector<std::string>> Hub::load() {
  store::GameFilter filter;
  filter.status = "playing";
  filter.limit = std::numeric_limits<int>::max();
  auto rows = store_->list_games(filter);
  if (!rows) return make_error(rows.error());
  std::vector<std::string> skipped;
  for (const auto& row : *rows) {
    auto g = find(row);
    if (!g) {
      skipped.push_back(g.error().message);
      continue;
    }
    Lock lock((*g)->mu);
    maybe_start_ai_locked(*g);
  }
  return skipped;
}

std::shared_ptr<LiveGame> Hub::insert(std::shared_ptr<LiveGame> g) {
  std::unique_lock lock(games_mu_);
  auto [it, fresh] = games_.try_emplace(g->row.id, g);
  if (fresh && games_.size() > options_.max_live_games) evict_idle_locked(it->first);
  return it->second;
}

void Hub::evict_idle_locked(const std::string& keep) {
  std::vector<std::pair<int64_t, std::string>> idle;  // (last change, id)
  for (const auto& [id, g] : games_) {
    // Only the map holds it: no request, search or session can reach it but through find().
    if (id == keep || g.use_count() > 1) continue;
    std::unique_lock game_lock(g->mu, std::try_to_lock);  // games_mu_ -> g.mu: never wait
    if (!game_lock || g->engine) continue;
    const bool watched = std::any_of(g->subscribers.begin(), g->subscribers.end(),
                                     [](const auto& w) { return !w.expired(); });
    if (!watched) idle.emplace_back(g->row.updated_ms, id);
  }
  std::sort(idle.begin(), idle.end());
  for (const auto& entry : idle) {
    if (games_.size() <= options_.max_live_games) break;
    games_.erase(entry.second);
  }
}

Outcome<std::shared_ptr<LiveGame>> Hub::find(std::string_view id) {
  if (!valid_game_id(id)) return not_found("unknown game " + quote(id));
  {
    std::shared_lock lock(games_mu_);
    auto it = games_.find(std::string(id));
    if (it != games_.end()) return it->second;
  }
  auto row = store_->load_game(id);
  if (!row) return internal_error(row.error());
  if (!*row) return not_found("unknown game " + quote(id));
  return find(**row);
}

Outcome<std::shared_ptr<LiveGame>> Hub::find(const store::GameRow& row) {
  {
    std::shared_lock lock(games_mu_);
    auto it = games_.find(row.id);
    if (it != games_.end()) return it->second;
  }
  auto moves = store_->load_moves(row.id);
  if (!moves) return internal_error(moves.error());
  auto g = replay_game(row, *moves);
  if (!g) return internal_error(g.error());
  return insert(std::move(*g));
}

Status Hub::create_row(store::GameRow& row) {
  for (int attempt = 0;; ++attempt) {
    row.id = new_game_id();
    Status st = store_->create_game(row);
    if (st || !store::is_conflict(st) || attempt == 3) return st;
  }
}

Outcome<Seated> Hub::create(const json& body) {
  auto name = optional_string(body, "game");
  if (!name) return name.error();
  if (name->empty()) return bad_request("game: missing (one of " + game_names() + ")");
  const Game* game = find_game(*name);
  if (!game)
    return bad_request("game: unknown game " + quote(*name) + " (known: " + game_names() + ")");
  auto params_text = optional_string(body, "params");
  if (!params_text) return params_text.error();
  auto position = optional_string(body, "position");
  if (!position) return position.error();
  auto params = ParamMap::parse(*params_text);
  if (!params) return bad_request("params: " + params.error());
  auto start = position->empty() ? game->new_state(*params) : game->parse_state(*params, *position);
  if (!start) return bad_request((position->empty() ? "params: " : "position: ") + start.error());
  const int players = (*start)->num_players();

  store::GameRow row;
  row.game = std::string(game->name());
  row.params = (*start)->params_text();
  row.position = position->empty() ? "" : (*start)->to_text();
  auto seats = body.find("seats");
  if (seats == body.end() || seats->is_null()) {
    store::SeatRow human;
    human.kind = "human";
    row.seats.assign(static_cast<std::size_t>(players), human);
  } else {
    if (!seats->is_array()) return bad_request("seats: expected an array of seat kinds");
    if (seats->size() != static_cast<std::size_t>(players)) {
      return bad_request("seats: " + row.game + " with these params has " +
                         std::to_string(players) + " players, got " +
                         std::to_string(seats->size()) + " seats");
    }
    for (std::size_t i = 0; i < seats->size(); ++i) {
      auto seat = parse_seat((*seats)[i], i);
      if (!seat) return seat.error();
      row.seats.push_back(std::move(*seat));
    }
  }
  // The creator holds every human seat with one token, so a hot-seat game needs one token.
  Seated out;
  const std::string token = new_token();
  const std::string hash = hash_token(token);
  for (std::size_t i = 0; i < row.seats.size(); ++i) {
    if (row.seats[i].kind != "human") continue;
    row.seats[i].token_hash = hash;
    out.tokens[static_cast<int>(i)] = token;
  }
  row.status = (*start)->is_terminal() ? "finished" : "playing";
  row.result = (*start)->result_text();
  row.created_ms = row.updated_ms = now_ms();

  auto live = replay_game(row, {});
  if (!live) return internal_error(live.error());
  Status st = create_row(row);
  if (!st) return internal_error(st.error());
  (*live)->row.id = row.id;
  auto g = insert(std::move(*live));
  Lock lock(g->mu);
  out.game = g->game_json();
  maybe_start_ai_locked(g);
  return out;
}

Outcome<GameText> Hub::get(std::string_view id, std::optional<int> at) {
  auto g = find(id);
  if (!g) return g.error();
  Lock lock((*g)->mu);
  if (at && *at < (*g)->ply()) return std::make_shared<const std::string>((*g)->json_at(*at));
  return (*g)->game_json();
}

Outcome<std::string> Hub::list(const store::GameFilter& filter) {
  auto rows = store_->list_games(filter);
  if (!rows) return internal_error(rows.error());
  std::string out = "{\"games\":[";
  bool first = true;
  for (const auto& row : *rows) {
    auto g = find(row);
    if (!g) continue;  // a game that no longer replays is not listed
    Lock lock((*g)->mu);
    if (!first) out += ',';
    out += (*g)->list_json();
    first = false;
  }
  return out + "]}";
}

Outcome<bool> Hub::subscribe(std::string_view id, const std::weak_ptr<Subscriber>& watcher) {
  auto g = find(id);
  if (!g) return g.error();
  Lock lock((*g)->mu);
  auto w = watcher.lock();
  if (!w) return false;
  (*g)->subscribers.push_back(watcher);
  w->send(std::make_shared<const std::string>("{\"type\":\"state\",\"game\":" + *(*g)->game_json() +
                                              "}"));
  return true;
}

Outcome<std::vector<int>> Hub::held_seats(const LiveGame& g, std::string_view token) const {
  if (token.empty()) return unauthorized(std::string(kMissingToken));
  const std::string hash = hash_token(token);
  std::vector<int> held;
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    if (same_hash(g.row.seats[i].token_hash, hash)) held.push_back(static_cast<int>(i));
  }
  if (held.empty()) return unauthorized("wrong seat token for game " + g.row.id);
  return held;
}

void Hub::broadcast_state(LiveGame& g) {
  g.changed();
  auto message =
      std::make_shared<const std::string>("{\"type\":\"state\",\"game\":" + *g.game_json() + "}");
  broadcast(g, message);
}

void Hub::broadcast(LiveGame& g, const std::shared_ptr<const std::string>& message) {
  std::erase_if(g.subscribers, [&](const std::weak_ptr<Subscriber>& w) {
    auto s = w.lock();
    if (!s) return true;
    s->send(message);
    return false;
  });
}

}  // namespace arbiter::server
