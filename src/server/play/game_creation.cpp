#include "server/play/game_creation.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "server/accounts/tokens.h"
#include "server/play/refusals.h"

namespace arbiter::server {
namespace {

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

GameCreation::GameCreation(const PlayParts& parts, AiSeats& ai) : parts_(parts), ai_(ai) {}

void GameCreation::create(const NewGame& request, std::string client, Reply<Seated> done) {
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
  row.created_ms = row.updated_ms = parts_.clock.now();

  auto made = replay_game(row, {});
  if (!made) return done(internal_error(made.error()));
  GamePtr live = std::move(*made);
  live->client = std::move(client);
  if (AiSeats::to_move_locked(*live) && !ai_.has_room()) return done(busy_ai());
  const bool queued = parts_.changes.create_row(
      std::move(row), 0,
      [this, live, out, done](Outcome<store::GameRow> stored) mutable {
        if (!stored) return done(stored.error());
        live->row.id = stored->id;
        GamePtr g = parts_.registry.insert(live);
        std::unique_lock lock(g->mu);
        parts_.broadcast.went_live_locked(*g);
        out.game = g->view();
        ai_.maybe_start_locked(g);
        done(std::move(out));
      },
      ai_.remote_job_locked(*live));
  if (!queued) done(busy_store());
}

void GameCreation::rematch(std::string_view id, const accounts::Caller& caller,
                           Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
      [this, done](const GamePtr& g, const std::vector<int>& held) {
        if (g->playing()) return done(conflict("game " + g->row.id + " is still being played"));
        if (!g->row.rematch_id.empty()) return done(g->view());
        store::GameRow row = g->row;
        for (int seat : held) row.seats[static_cast<std::size_t>(seat)].rematch = true;
        row.updated_ms = parts_.clock.now();
        const bool all = std::all_of(
            row.seats.begin(), row.seats.end(),
            [](const store::SeatRow& s) { return s.kind != store::SeatKind::kHuman || s.rematch; });
        // Stores the game's row (with the rematch's id when there is one), then shows it.
        auto update = [this, g, done](store::GameRow row, GamePtr next) {
          store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
          const bool queued = parts_.changes.write_locked(
              g, std::move(write), [this, g, row, next, done](const store::Status& st) mutable {
                if (!st) return done(write_failure(st));
                g->row = std::move(row);
                parts_.broadcast.state_locked(*g);
                if (next) {
                  next = parts_.registry.insert(std::move(next));
                  std::unique_lock next_lock(next->mu);
                  parts_.broadcast.went_live_locked(*next);
                  ai_.maybe_start_locked(next);
                }
                done(g->view());
              });
          if (!queued) done(busy_store());
        };
        if (!all) return update(std::move(row), nullptr);
        // Seats rotate by one (the second player moves first now); each keeps its kind and token.
        store::GameRow fresh;
        fresh.game = row.game;
        fresh.params = row.params;
        fresh.position = row.position;
        fresh.listed = row.listed;
        fresh.time_control = row.time_control;
        fresh.rated = row.rated;
        const std::size_t n = row.seats.size();
        for (std::size_t i = 0; i < n; ++i) {
          store::SeatRow seat = row.seats[(i + 1) % n];
          seat.time_used_ms = 0;
          seat.rematch = false;
          fresh.seats.push_back(std::move(seat));
        }
        fresh.status = store::GameStatus::kPlaying;
        fresh.created_ms = fresh.updated_ms = row.updated_ms;
        fresh.rematch_of = row.id;
        auto live = replay_game(fresh, {});
        if (!live) return done(internal_error(live.error()));
        GamePtr next = std::move(*live);
        next->client = g->client;
        // The game's other changes wait until both writes are done.
        g->writing = true;
        const bool queued = parts_.changes.create_row(
            std::move(fresh), 0,
            [g, row, next, update, done](Outcome<store::GameRow> stored) mutable {
              std::unique_lock lock(g->mu);
              g->writing = false;
              if (!stored) {
                done(stored.error());
              } else {
                next->row.id = stored->id;
                row.rematch_id = stored->id;
                update(std::move(row), std::move(next));
              }
              GameChanges::run_waiting_locked(*g);
            },
            ai_.remote_job_locked(*next));
        if (!queued) {
          g->writing = false;
          done(busy_store());
        }
      });
}

}  // namespace arbiter::server
