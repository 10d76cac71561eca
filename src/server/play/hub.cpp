#include "server/play/hub.h"

#include <algorithm>
#include <future>
#include <limits>

#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "server/accounts/caller.h"
#include "server/accounts/tokens.h"
#include "server/play/store_failure.h"

namespace arbiter::server {
namespace {

// Changes of one game that may wait behind the one being written; past it, 503.
constexpr std::size_t kMaxWaiting = 64;
// Games eviction looks at per insertion at most: each insertion costs O(1), whatever is live.
constexpr int kEvictionScan = 64;

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

// Runs an asynchronous call and waits for its answer.
template <class T, class Call>
Outcome<T> wait_for(Call&& call) {
  std::promise<Outcome<T>> promise;
  auto answer = promise.get_future();
  call([&promise](Outcome<T> out) { promise.set_value(std::move(out)); });
  return answer.get();
}

}  // namespace

Hub::Hub(std::shared_ptr<store::Store> store, HubOptions options)
    : store_(std::move(store)),
      options_(options),
      writes_(store_, options.store_queue),
      legal_(options.legal_memory_mb << 20),
      engines_(options.ai_memory_mb),
      pool_(options.ai_workers, options.ai_queue, [this](const std::string& id) { run_ai(id); }),
      work_(options.workers, options.work_queue) {
  init_sodium();
  if (options_.abandon_days > 0) expiry_ = std::thread([this] { expiry_loop(); });
  // A supplied clock is moved by its owner, who then fires what is due (fire_due_flags()):
  // the hub's own timer waits in real time and would fire at whatever moment it woke.
  if (!options_.clock) flagger_ = std::thread([this] { flag_loop(); });
}

Hub::~Hub() { shutdown(); }

void Hub::shutdown() {
  if (stopping_.exchange(true)) return;
  feed_.reset();  // its thread calls into the hub
  lobby_.stop();
  {
    std::lock_guard lock(expiry_mu_);
    expiry_wake_.notify_all();
  }
  if (expiry_.joinable()) expiry_.join();
  {
    std::lock_guard lock(flags_mu_);
    flags_wake_.notify_all();
  }
  if (flagger_.joinable()) flagger_.join();
  std::vector<GamePtr> all;
  {
    std::shared_lock lock(games_mu_);
    for (const auto& [id, slot] : games_) all.push_back(slot.game);
  }
  for (const auto& g : all) {
    Lock lock(g->mu);
    if (g->engine) g->engine->stop();
  }
  engines_.shutdown();
  pool_.shutdown();
  work_.shutdown();
  writes_.stop();
}

std::size_t Hub::live_games() const {
  std::shared_lock lock(games_mu_);
  return games_.size();
}

ApiError Hub::busy_workers() {
  return {503, "busy: too many requests waiting for the server's workers; try again shortly"};
}

ApiError Hub::store_failure(const store::Status& st) { return server::store_failure("", st); }

HubHealth Hub::health() const {
  HubHealth h;
  h.store = writes_.health();
  h.ai = pool_.stats();
  h.work_queued = work_.pending();
  h.work_capacity = work_.capacity();
  h.live_games = live_games();
  h.legal = legal_.stats();
  h.abandoned = abandoned_;
  return h;
}

bool Hub::run_work(std::function<void()> job) { return work_.submit(std::move(job)); }

Result<std::vector<std::string>> Hub::load() {
  if (!options_.shared_store_url.empty() && !feed_) {
    // Before the games are read: a change made after this is heard, one made before is read.
    auto feed = store::listen_for_changes(options_.shared_store_url,
                                          [this](const store::GameChange& c) { store_changed(c); });
    if (!feed) return make_error(feed.error());
    feed_ = std::move(*feed);
  }
  store::GameFilter filter;
  filter.status = store::GameStatus::kPlaying;
  filter.limit = std::numeric_limits<int>::max();
  if (options_.abandon_days > 0) {
    close_abandoned(now() - static_cast<int64_t>(options_.abandon_days * 86'400'000.0));
    writes_.flush();  // so that the listing below sees them closed
  }
  auto rows = store_->list_games(filter);  // newest first
  if (!rows) return make_error(rows.error());
  std::vector<std::string> skipped;
  std::size_t loaded = 0;
  for (const auto& row : *rows) {
    if (loaded < options_.max_live_games) {
      auto g = find(row);
      if (!g) {
        skipped.push_back(g.error().message);
        continue;
      }
      ++loaded;
      Lock lock((*g)->mu);
      maybe_start_ai_locked(*g, true);
      continue;
    }
    // Not loaded now: a limited clock's deadline is scheduled no later than it can be (the
    // game is loaded then and its exact deadline taken), and a game with an AI seat gets its
    // search queued by id, and is loaded (and its turn checked) when the search's turn comes.
    if (auto control = clocks::TimeControl::parse(row.time_control);
        control && control->limited()) {
      int64_t least = INT64_MAX;
      for (const store::SeatRow& seat : row.seats) {
        const int64_t bank = control->kind == clocks::TimeControl::Kind::kCorrespondence
                                 ? control->per_move_ms
                                 : std::max<int64_t>(0, control->initial_ms - seat.time_used_ms);
        least = std::min(least, bank);
      }
      schedule_flag(row.updated_ms + least + clocks::kLagAllowanceMs, row.id);
    }
    const bool has_ai = std::any_of(row.seats.begin(), row.seats.end(),
                                    [](const auto& s) { return s.kind == store::SeatKind::kAi; });
    // Remote AI: the turn's job is in the store already.
    if (has_ai && options_.ai_workers > 0) pool_.submit(row.id, row.id);
  }
  lobby_.resync();  // the seeks and the listed games being played, from the store
  return skipped;
}

Hub::GamePtr Hub::insert(GamePtr g) {
  std::unique_lock lock(games_mu_);
  if (auto it = games_.find(g->row.id); it != games_.end()) return it->second.game;
  std::lock_guard lru_lock(lru_mu_);
  lru_.push_front(g->row.id);
  games_.emplace(g->row.id, Slot{g, lru_.begin()});
  // Not yet shared: no other thread reaches it before the map holds it.
  g->clock = options_.clock;
  g->disconnect_grace_ms = options_.disconnect_grace_ms;
  g->away_since_ms.assign(g->row.seats.size(), now());
  g->changed();
  schedule_flag_locked(*g);
  if (games_.size() > options_.max_live_games) evict_idle_locked(g->row.id);
  return g;
}

void Hub::evict_idle_locked(const std::string& keep) {
  for (int looked = 0;
       looked < kEvictionScan && games_.size() > options_.max_live_games && !lru_.empty();
       ++looked) {
    auto last = std::prev(lru_.end());
    auto slot = games_.find(*last);
    bool idle = false;
    {
      const GamePtr& g = slot->second.game;
      // Only the map holds it: no request, search or session can reach it but through find().
      if (*last != keep && g.use_count() == 1) {
        std::unique_lock game_lock(g->mu, std::try_to_lock);  // games_mu_ -> g.mu: never wait
        idle = game_lock && !g->engine && !g->writing && g->waiting.empty() &&
               std::none_of(g->subscribers.begin(), g->subscribers.end(),
                            [](const auto& w) { return !w.expired(); });
      }
    }
    if (idle) {
      engines_.drop(*last);
      legal_.drop(*last);
      games_.erase(slot);
      lru_.erase(last);
    } else {
      // In use: looked at, and back to the front, so the next insertion looks at others.
      lru_.splice(lru_.begin(), lru_, last);
    }
  }
}

Hub::GamePtr Hub::live(std::string_view id) {
  std::shared_lock lock(games_mu_);
  auto it = games_.find(std::string(id));
  if (it == games_.end()) return nullptr;
  std::lock_guard lru_lock(lru_mu_);
  lru_.splice(lru_.begin(), lru_, it->second.lru);
  return it->second.game;
}

Hub::GamePtr Hub::held(const std::string& id) const {
  std::shared_lock lock(games_mu_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second.game;
}

Outcome<Hub::GamePtr> Hub::find(std::string_view id) {
  if (!valid_game_id(id)) return not_found("unknown game " + quote(id));
  if (GamePtr g = live(id)) return g;
  auto row = store_->load_game(id);
  if (!row) return server::store_failure("reading game " + quote(id), row.failure());
  if (!*row) return not_found("unknown game " + quote(id));
  return find(**row);
}

Outcome<Hub::GamePtr> Hub::find(const store::GameRow& row) {
  if (GamePtr g = live(row.id)) return g;
  auto moves = store_->load_moves(row.id);
  if (!moves) return server::store_failure("reading game " + quote(row.id), moves.failure());
  auto g = replay_game(row, *moves);
  if (!g) return internal_error(g.error());
  const GamePtr read = *g;
  GamePtr live_copy = insert(std::move(*g));
  // On a store other servers share, the notice of a change stored after the read above and
  // before the insertion was dropped (the game was not live here yet): read the store again.
  if (live_copy == read && !options_.shared_store_url.empty()) refresh_later(row.id);
  return live_copy;
}

void Hub::with_game(std::string_view id, std::function<void(const GamePtr&)> then,
                    std::function<void(const ApiError&)> fail) {
  if (!valid_game_id(id)) return fail(not_found("unknown game " + quote(id)));
  if (GamePtr g = live(id)) return then(g);
  // Loading reads the disk: on a worker, never the caller's (I/O) thread.
  const bool queued = work_.submit([this, id = std::string(id), then, fail] {
    auto g = find(id);
    if (!g) return fail(g.error());
    then(*g);
  });
  if (!queued) fail(busy_workers());
}

void Hub::change(const GamePtr& g, std::function<void()> step, std::function<void()> busy) {
  Lock lock(g->mu);
  if (!g->writing) return step();
  if (busy && g->waiting.size() >= kMaxWaiting) return busy();
  g->waiting.push_back(std::move(step));
}

void Hub::run_waiting_locked(LiveGame& g) {
  while (!g.writing && !g.waiting.empty()) {
    auto step = std::move(g.waiting.front());
    g.waiting.pop_front();
    step();
  }
}

bool Hub::write_locked(const GamePtr& g, store::Write write,
                       std::function<void(const store::Status&)> then) {
  g->writing = true;
  // The change was made from the row this server holds: on a store other servers share, it
  // applies only if nobody has changed the game since (a conflict rereads it).
  if (!options_.shared_store_url.empty()) write.game.expected_updated_ms = g->row.updated_ms;
  const bool queued =
      writes_.submit(std::move(write), [this, g, then = std::move(then)](const store::Status& st) {
        Lock lock(g->mu);
        g->writing = false;
        if (st.is(store::ErrorCode::kConflict)) refresh_later(g->row.id);
        then(st);
        run_waiting_locked(*g);
      });
  if (!queued) g->writing = false;
  return queued;
}

bool Hub::create_row(store::GameRow row, int attempt,
                     std::function<void(Outcome<store::GameRow>)> then,
                     std::optional<store::AiJobRow> ai_job) {
  row.id = new_game_id();
  store::Write write{store::Write::Kind::kCreate, row, {}, 0};
  if (ai_job) ai_job->game_id = row.id;
  write.ai_job = ai_job;
  auto done = [this, row, attempt, then, ai_job](const store::Status& st) mutable {
    if (st.is(store::ErrorCode::kConflict) && attempt < 3) {
      if (!create_row(std::move(row), attempt + 1, then, ai_job)) {
        then(ApiError{503, "busy: the store has too many writes waiting; try again shortly"});
      }
      return;
    }
    if (!st) return then(store_failure(st));
    then(std::move(row));
  };
  return writes_.submit(std::move(write), done);
}

void Hub::create(const NewGame& request, std::string client, Reply<Seated> done) {
  if (request.game.empty()) return done(bad_request("game: missing (one of " + game_names() + ")"));
  const Game* game = find_game(request.game);
  if (!game) {
    return done(bad_request("game: unknown game " + quote(request.game) +
                            " (known: " + game_names() + ")"));
  }
  auto params = ParamMap::parse(request.params);
  if (!params) return done(bad_request("params: " + params.error()));
  const bool from_start = request.position.empty();
  auto start = from_start ? game->new_state(*params) : game->parse_state(*params, request.position);
  if (!start) return done(bad_request((from_start ? "params: " : "position: ") + start.error()));

  store::GameRow row;
  row.game = std::string(game->name());
  row.params = (*start)->params_text();
  row.position = from_start ? "" : (*start)->to_text();
  row.listed = request.listed;
  auto control = clocks::TimeControl::parse(request.time_control);
  if (!control) return done(bad_request("time_control: " + control.error()));
  row.time_control = control->text();
  auto seats = new_seats(request, row, (*start)->num_players());
  if (!seats) return done(seats.error());
  row.seats = std::move(*seats);
  // The creator holds every human seat with one token, so a hot-seat game needs one token.
  Seated out;
  const std::string token = new_token();
  const std::string hash = hash_token(token);
  for (std::size_t i = 0; i < row.seats.size(); ++i) {
    if (row.seats[i].kind != store::SeatKind::kHuman) continue;
    row.seats[i].token_hash = hash;
    row.seats[i].account = request.account;
    row.seats[i].account_name = request.account_name;
    out.tokens[static_cast<int>(i)] = token;
  }
  row.rated = request.rated;
  row.seek_id = request.seek_id;
  row.status = (*start)->is_terminal() ? store::GameStatus::kFinished : store::GameStatus::kPlaying;
  row.result = (*start)->result_text();
  row.created_ms = row.updated_ms = now();

  auto made = replay_game(row, {});
  if (!made) return done(internal_error(made.error()));
  GamePtr live = std::move(*made);
  live->client = std::move(client);
  if (ai_to_move_locked(*live) && !pool_.has_room()) {
    return done(ApiError{503, "busy: too many AI moves waiting; try again shortly"});
  }
  const bool queued = create_row(
      std::move(row), 0,
      [this, live, out, done](Outcome<store::GameRow> stored) mutable {
        if (!stored) return done(stored.error());
        live->row.id = stored->id;
        GamePtr g = insert(live);
        Lock lock(g->mu);
        lobby_.game_changed(*g);
        out.game = g->view();
        maybe_start_ai_locked(g);
        done(std::move(out));
      },
      remote_ai_job_locked(*live));
  if (!queued)
    done(ApiError{503, "busy: the store has too many writes waiting; try again shortly"});
}

Outcome<Seated> Hub::create(const NewGame& request) {
  return wait_for<Seated>([&](Reply<Seated> r) { create(request, "", std::move(r)); });
}
Outcome<GameViewPtr> Hub::move(std::string_view id, std::string_view token, std::string_view text,
                               std::optional<int> ply) {
  return wait_for<GameViewPtr>(
      [&](Reply<GameViewPtr> r) { move(id, token, text, ply, "", std::move(r)); });
}
Outcome<Seated> Hub::join(std::string_view id, int seat, std::string_view token) {
  return wait_for<Seated>([&](Reply<Seated> r) { join(id, seat, token, std::move(r)); });
}
Outcome<GameViewPtr> Hub::resign(std::string_view id, std::string_view token,
                                 std::optional<int> seat) {
  return wait_for<GameViewPtr>(
      [&](Reply<GameViewPtr> r) { resign(id, token, seat, std::move(r)); });
}
Outcome<GameViewPtr> Hub::abort(std::string_view id, std::string_view token) {
  return wait_for<GameViewPtr>([&](Reply<GameViewPtr> r) { abort(id, token, std::move(r)); });
}
Outcome<GameViewPtr> Hub::undo(std::string_view id, std::string_view token) {
  return wait_for<GameViewPtr>([&](Reply<GameViewPtr> r) { undo(id, token, std::move(r)); });
}
Outcome<GameViewPtr> Hub::rematch(std::string_view id, std::string_view token) {
  return wait_for<GameViewPtr>([&](Reply<GameViewPtr> r) { rematch(id, token, std::move(r)); });
}

Outcome<GameViewPtr> Hub::draw(std::string_view id, std::string_view token,
                               std::string_view action) {
  return wait_for<GameViewPtr>(
      [&](Reply<GameViewPtr> r) { draw(id, token, action, std::move(r)); });
}
Outcome<GameViewPtr> Hub::takeback(std::string_view id, std::string_view token,
                                   std::string_view action) {
  return wait_for<GameViewPtr>(
      [&](Reply<GameViewPtr> r) { takeback(id, token, action, std::move(r)); });
}
Outcome<GameViewPtr> Hub::claim(std::string_view id, std::string_view token, bool draw) {
  return wait_for<GameViewPtr>([&](Reply<GameViewPtr> r) { claim(id, token, draw, std::move(r)); });
}

Outcome<GameViewPtr> Hub::get(std::string_view id, std::optional<int> at) {
  auto g = find(id);
  if (!g) return g.error();
  Lock lock((*g)->mu);
  return at ? (*g)->view_at(*at) : (*g)->view();
}

Outcome<std::vector<GameViewPtr>> Hub::list(const store::GameFilter& filter) {
  auto rows = store_->list_games(filter);
  if (!rows) return server::store_failure("listing games", rows.failure());
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
  if (token.empty()) {
    return unauthorized("missing seat token (send Authorization: Bearer TOKEN)");
  }
  if (auto account = accounts::caller_account(token)) {  // a logged-in caller: its seats
    std::vector<int> held;
    for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
      if (g.row.seats[i].account == account->id) held.push_back(static_cast<int>(i));
    }
    if (held.empty()) return unauthorized(account->name + " holds no seat in game " + g.row.id);
    return held;
  }
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
  schedule_flag_locked(g);
  lobby_.game_changed(g);
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
