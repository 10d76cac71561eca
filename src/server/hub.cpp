#include "server/hub.h"

#include <algorithm>
#include <limits>

#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "server/tokens.h"

namespace arbiter::server {
namespace {

constexpr std::string_view kMissingToken = "missing seat token (send Authorization: Bearer TOKEN)";

// The seats of a new game for `players` players: every seat human when none are asked for.
Outcome<std::vector<store::SeatRow>> new_seats(const NewGame& request, const store::GameRow& row,
                                               int players) {
  std::vector<store::SeatRow> seats;
  if (!request.seats) {
    seats.assign(static_cast<std::size_t>(players), store::SeatRow{});
    return seats;
  }
  if (request.seats->size() != static_cast<std::size_t>(players)) {
    return bad_request("seats: " + row.game + " with these params has " + std::to_string(players) +
                       " players, got " + std::to_string(request.seats->size()) + " seats");
  }
  for (std::size_t i = 0; i < request.seats->size(); ++i) {
    auto spec = parse_seat_spec((*request.seats)[i]);
    if (!spec) return bad_request("seats[" + std::to_string(i) + "]: " + spec.error());
    store::SeatRow seat;
    seat.kind = spec->kind;
    seat.level = spec->level;
    seats.push_back(std::move(seat));
  }
  return seats;
}

}  // namespace

Hub::Hub(std::shared_ptr<store::Store> store, HubOptions options)
    : store_(std::move(store)),
      options_(options),
      engines_(options.ai_memory_mb),
      pool_(options.ai_workers) {
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
  engines_.shutdown();
  pool_.shutdown();
}

std::size_t Hub::live_games() const {
  std::shared_lock lock(games_mu_);
  return games_.size();
}

Result<std::vector<std::string>> Hub::load() {
  store::GameFilter filter;
  filter.status = store::GameStatus::kPlaying;
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
    engines_.drop(entry.second);
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

store::Status Hub::create_row(store::GameRow& row) {
  for (int attempt = 0;; ++attempt) {
    row.id = new_game_id();
    store::Status st = store_->create_game(row);
    if (!st.is(store::ErrorCode::kConflict) || attempt == 3) return st;
  }
}

Outcome<Seated> Hub::create(const NewGame& request) {
  if (request.game.empty()) return bad_request("game: missing (one of " + game_names() + ")");
  const Game* game = find_game(request.game);
  if (!game) {
    return bad_request("game: unknown game " + quote(request.game) + " (known: " + game_names() +
                       ")");
  }
  auto params = ParamMap::parse(request.params);
  if (!params) return bad_request("params: " + params.error());
  const bool from_start = request.position.empty();
  auto start = from_start ? game->new_state(*params) : game->parse_state(*params, request.position);
  if (!start) return bad_request((from_start ? "params: " : "position: ") + start.error());

  store::GameRow row;
  row.game = std::string(game->name());
  row.params = (*start)->params_text();
  row.position = from_start ? "" : (*start)->to_text();
  auto seats = new_seats(request, row, (*start)->num_players());
  if (!seats) return seats.error();
  row.seats = std::move(*seats);
  // The creator holds every human seat with one token, so a hot-seat game needs one token.
  Seated out;
  const std::string token = new_token();
  const std::string hash = hash_token(token);
  for (std::size_t i = 0; i < row.seats.size(); ++i) {
    if (row.seats[i].kind != store::SeatKind::kHuman) continue;
    row.seats[i].token_hash = hash;
    out.tokens[static_cast<int>(i)] = token;
  }
  row.status = (*start)->is_terminal() ? store::GameStatus::kFinished : store::GameStatus::kPlaying;
  row.result = (*start)->result_text();
  row.created_ms = row.updated_ms = now_ms();

  auto live = replay_game(row, {});
  if (!live) return internal_error(live.error());
  store::Status st = create_row(row);
  if (!st) return internal_error(st.error());
  (*live)->row.id = row.id;
  auto g = insert(std::move(*live));
  Lock lock(g->mu);
  out.game = g->view();
  maybe_start_ai_locked(g);
  return out;
}

Outcome<GameViewPtr> Hub::get(std::string_view id, std::optional<int> at) {
  auto g = find(id);
  if (!g) return g.error();
  Lock lock((*g)->mu);
  return at ? (*g)->view_at(*at) : (*g)->view();
}

Outcome<std::vector<GameViewPtr>> Hub::list(const store::GameFilter& filter) {
  auto rows = store_->list_games(filter);
  if (!rows) return internal_error(rows.error());
  std::vector<GameViewPtr> out;
  for (const auto& row : *rows) {
    auto g = find(row);
    if (!g) continue;  // a game that no longer replays is not listed
    Lock lock((*g)->mu);
    out.push_back((*g)->view());
  }
  return out;
}

Outcome<bool> Hub::subscribe(std::string_view id, const std::weak_ptr<Subscriber>& watcher) {
  auto g = find(id);
  if (!g) return g.error();
  Lock lock((*g)->mu);
  auto w = watcher.lock();
  if (!w) return false;
  (*g)->subscribers.push_back(watcher);
  w->send(std::make_shared<const GameEvent>((*g)->view()));
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
  broadcast(g, std::make_shared<const GameEvent>(g.view()));
}

void Hub::broadcast(LiveGame& g, const std::shared_ptr<const GameEvent>& event) {
  std::erase_if(g.subscribers, [&](const std::weak_ptr<Subscriber>& w) {
    auto s = w.lock();
    if (!s) return true;
    s->send(event);
    return false;
  });
}

}  // namespace arbiter::server
