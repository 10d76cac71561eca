#include "server/play/hub.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "core/metrics.h"
#include "server/accounts/tokens.h"
#include "server/play/refusals.h"
#include "server/play/store_failure.h"

namespace arbiter::server {

Hub::Hub(std::shared_ptr<store::Store> store, HubOptions options)
    : store_(std::move(store)),
      options_(std::move(options)),
      registry_(store_, work_, options_, clock_,
                GameRegistry::Hooks{[this](LiveGame& g) { flags_.schedule_locked(g); },
                                    [this](const std::string& id) {
                                      ai_.drop(id);
                                      legal_.drop(id);
                                    },
                                    [this](const std::string& id) {
                                      if (sync_.shared()) sync_.refresh_later(id);
                                    }}),
      writes_(store_, options_.store_queue),
      legal_(options_.legal_memory_mb << 20),
      flags_(clock_, stopping_, [this](const std::string& id) { endings_.check_flag(id); }),
      changes_(registry_, writes_, !options_.shared_store_url.empty(),
               [this](const std::string& id) { sync_.refresh_later(id); }),
      accounts_(options_.rated_same_address, registry_, changes_, broadcast_),
      ai_(options_, parts_, stopping_, writes_,
          [this](const GameRegistry::GamePtr& g, int seat, std::string_view text,
                 Reply<GameViewPtr> done) {
            moves_.play_locked(g, seat, text, false, std::move(done));
          }),
      work_(options_.workers, options_.work_queue),
      endings_(parts_, stopping_, flags_, work_),
      moves_(parts_, ai_, endings_, accounts_),
      creation_(parts_, ai_),
      offers_(parts_, endings_, moves_),
      presence_(clock_, registry_, broadcast_),
      queries_(store_, registry_, legal_),
      expiry_(store_, options_.abandon_days, parts_, stopping_, writes_),
      sync_(store_, options_.shared_store_url, stopping_, registry_, changes_, broadcast_, ai_,
            work_, lobby_, revocations_,
            [this](int64_t account_id) { accounts_.account_deleted(account_id); }) {
  init_sodium();
  // Who hears of the games' changes, in this order (game_events.h).
  broadcast_.observers().add([this](const GameChanged& e) {
    if (e.kind == GameChanged::Kind::kState) lobby_.game_changed(e.game);
  });
  broadcast_.observers().add([this](const GameChanged& e) { game_metrics_.observe(e); });
  broadcast_.observers().add([this](const GameChanged& e) { game_log_.observe(e); });
  broadcast_.observers().add([this](const GameChanged& e) {
    if (e.kind != GameChanged::Kind::kEnded || !accounts_.rateable_locked(e.game)) return;
    ratings_.game_over(e.game.row, game_returns(e.game));
  });
  broadcast_.observers().add([this](const GameChanged& e) {
    if (e.kind == GameChanged::Kind::kEnded) ai_.drop(e.game.row.id);
  });
  broadcast_.observers().add([this](const GameChanged& e) {
    if (e.kind == GameChanged::Kind::kEnded) legal_.drop(e.game.row.id);
  });
  expiry_.start();
  flags_.start();
  add_metric_readings();
}

Hub::~Hub() {
  for (const char* name : kHubReadings) metrics::metrics().remove_reading(name, this);
  shutdown();
}

void Hub::add_metric_readings() {
  using Samples = std::vector<std::pair<metrics::Labels, double>>;
  auto& m = metrics::metrics();
  m.add_reading({kHubReadings[0],
                 "AI searches waiting for a worker or running",
                 {"state"},
                 [this]() -> Samples {
                   const auto ai = ai_.pool_stats();
                   return {{{"queued"}, double(ai.queued)}, {{"running"}, double(ai.running)}};
                 },
                 this});
  m.add_reading({kHubReadings[1],
                 "Memory the AI engines held between moves count",
                 {},
                 [this]() -> Samples {
                   return {{{}, double(ai_.engine_stats().megabytes) * 1024 * 1024}};
                 },
                 this});
  m.add_reading({kHubReadings[2],
                 "Memory of the games' legal-move indexes",
                 {},
                 [this]() -> Samples {
                   return {{{}, double(legal_.stats().bytes)}};
                 },
                 this});
  m.add_reading({kHubReadings[3],
                 "Store writes waiting to be committed",
                 {},
                 [this]() -> Samples {
                   return {{{}, double(writes_.health().queued)}};
                 },
                 this});
  m.add_reading({kHubReadings[4],
                 "Queries waiting for a hub worker",
                 {},
                 [this]() -> Samples {
                   return {{{}, double(work_.pending())}};
                 },
                 this});
  m.add_reading({kHubReadings[5],
                 "Games held in memory",
                 {},
                 [this]() -> Samples {
                   return {{{}, double(registry_.size())}};
                 },
                 this});
}

void Hub::shutdown() {
  if (stopping_.exchange(true)) return;
  sync_.stop();  // its thread calls into the hub
  lobby_.stop();
  expiry_.stop();
  flags_.stop();
  ai_.shutdown(registry_.games());
  work_.shutdown();
  writes_.stop();
}

ApiError Hub::busy_workers() { return server::busy_workers(); }

ApiError Hub::store_failure(const store::Status& st) { return server::store_failure("", st); }

HubHealth Hub::health() const {
  HubHealth h;
  h.store = writes_.health();
  h.ai = ai_.pool_stats();
  h.work_queued = work_.pending();
  h.work_capacity = work_.capacity();
  h.live_games = live_games();
  h.legal = legal_.stats();
  h.abandoned = expiry_.closed();
  h.draining = draining_;
  return h;
}

Result<std::vector<std::string>> Hub::load() {
  // Before the games are read: a change made after this is heard, one made before is read.
  if (Status heard = sync_.listen(); !heard) return make_error(heard.error());
  store::GameFilter filter;
  filter.status = store::GameStatus::kPlaying;
  filter.limit = std::numeric_limits<int>::max();
  if (expiry_.enabled()) {
    expiry_.close_due();
    writes_.flush();  // so that the listing below sees them closed
  }
  auto rows = store_->list_games(filter);  // newest first
  if (!rows) return make_error(rows.error());
  std::vector<std::string> skipped;
  std::size_t loaded = 0;
  for (const auto& row : *rows) {
    if (loaded < options_.max_live_games) {
      auto g = registry_.find(row);
      if (!g) {
        skipped.push_back(g.error().message);
        continue;
      }
      ++loaded;
      std::unique_lock lock((*g)->mu);
      ai_.maybe_start_locked(*g, true);
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
      flags_.schedule(row.updated_ms + least + clocks::kLagAllowanceMs, row.id);
    }
    const bool has_ai = std::any_of(row.seats.begin(), row.seats.end(),
                                    [](const auto& s) { return s.kind == store::SeatKind::kAi; });
    if (has_ai) ai_.queue_unloaded(row.id);
  }
  lobby_.resync();  // the seeks and the listed games being played, from the store
  return skipped;
}

void Hub::create(const NewGame& request, std::string client, Reply<Seated> done) {
  creation_.create(request, std::move(client), std::move(done));
}

void Hub::move(std::string_view id, const accounts::Caller& caller, std::string_view text,
               std::optional<int> ply, std::string client, Reply<GameViewPtr> done) {
  sync_.rereading(
      std::string(id),
      [this, id = std::string(id), caller, text = std::string(text), ply,
       client = std::move(client)](Reply<GameViewPtr> reply) {
        moves_.move(id, caller, text, ply, client, std::move(reply));
      },
      std::move(done));
}

void Hub::join(std::string_view id, int seat, const accounts::Caller& caller, Reply<Seated> done) {
  moves_.join(id, seat, caller, std::move(done));
}

void Hub::resign(std::string_view id, const accounts::Caller& caller, std::optional<int> seat,
                 Reply<GameViewPtr> done) {
  sync_.rereading(
      std::string(id),
      [this, id = std::string(id), caller, seat](Reply<GameViewPtr> reply) {
        endings_.resign(id, caller, seat, std::move(reply));
      },
      std::move(done));
}

void Hub::abort(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done) {
  sync_.rereading(
      std::string(id),
      [this, id = std::string(id), caller](Reply<GameViewPtr> reply) {
        endings_.abort(id, caller, std::move(reply));
      },
      std::move(done));
}

void Hub::undo(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done) {
  moves_.undo(id, caller, std::move(done));
}

void Hub::rematch(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done) {
  creation_.rematch(id, caller, std::move(done));
}

void Hub::draw(std::string_view id, const accounts::Caller& caller, DrawAction action,
               Reply<GameViewPtr> done) {
  sync_.rereading(
      std::string(id),
      [this, id = std::string(id), caller, action](Reply<GameViewPtr> reply) {
        offers_.draw(id, caller, action, std::move(reply));
      },
      std::move(done));
}

void Hub::takeback(std::string_view id, const accounts::Caller& caller, TakebackAction action,
                   Reply<GameViewPtr> done) {
  sync_.rereading(
      std::string(id),
      [this, id = std::string(id), caller, action](Reply<GameViewPtr> reply) {
        offers_.takeback(id, caller, action, std::move(reply));
      },
      std::move(done));
}

void Hub::claim(std::string_view id, const accounts::Caller& caller, bool draw,
                Reply<GameViewPtr> done) {
  sync_.rereading(
      std::string(id),
      [this, id = std::string(id), caller, draw](Reply<GameViewPtr> reply) {
        endings_.claim(id, caller, draw, std::move(reply));
      },
      std::move(done));
}

}  // namespace arbiter::server
