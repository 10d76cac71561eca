// The hub's changes: move, join, resign, undo, rematch (hub.h). Each is checked under the game's
// lock, written by the store thread, and applied, broadcast and answered once stored; on a
// failed write the game is left as it was.
#include <algorithm>
#include <cassert>

#include "core/text.h"
#include "server/accounts/caller.h"
#include "server/accounts/tokens.h"
#include "server/play/game_start.h"
#include "server/play/hub.h"

namespace arbiter::server {
namespace {

ApiError game_over(const LiveGame& g) {
  return conflict("game " + g.row.id + " is over: " + g.row.result);
}

ApiError busy_store() {
  return {503, "busy: the store has too many writes waiting; try again shortly"};
}

ApiError busy_game(const std::string& id) {
  return {503, "busy: too many changes of game " + id + " waiting; try again shortly"};
}

ApiError busy_ai() { return {503, "busy: too many AI moves waiting; try again shortly"}; }

std::string seat_list(const GameState& s, const std::vector<int>& seats) {
  std::string out;
  for (int seat : seats) out += (out.empty() ? "" : ", ") + s.player_name(seat);
  return out;
}

}  // namespace

void Hub::seated_change(std::string_view id, std::string_view token,
                        std::function<void(const ApiError&)> fail,
                        std::function<void(const GamePtr&, const std::vector<int>&)> action) {
  with_game(
      id,
      [this, token = std::string(token), fail, action](const GamePtr& g) {
        change(
            g,
            [this, g, token, fail, action] {
              auto held = held_seats(*g, token);
              if (!held) return fail(held.error());
              action(g, *held);
            },
            [fail, id = g->row.id] { fail(busy_game(id)); });
      },
      fail);
}

void Hub::play_locked(const GamePtr& gp, int seat, std::string_view text, bool by_person,
                      Reply<GameViewPtr> done) {
  LiveGame& g = *gp;
  GameState& s = *g.state;
  const int64_t now = this->now();
  // A move after the seat's flag is refused, and the game ends on time at once if the flag
  // scheduler has not ended it yet.
  int64_t charged = std::max<int64_t>(0, now - g.turn_started_ms);
  if (g.clock_running()) {
    clocks::SeatClocks trial = g.clocks;
    auto charge = trial.charge_move(seat, g.turn_started_ms, now);
    if (!charge) {
      const std::string why = "game " + g.row.id + ": " + s.player_name(seat) + "'s " +
                              charge.error().substr(charge.error().find("time is up"));
      return flag_locked(gp, [done, why](Outcome<GameViewPtr>) { done(conflict(why)); });
    }
    charged = *charge;
  } else if (g.clocks.control().limited()) {
    charged = 0;  // no clock runs while a seat is open
  }
  if (Status st = s.apply(text); !st) return done(bad_request(st.error()));
  // The state goes back at once: it shows only what is stored. The move is played again once
  // its write has committed.
  store::GameRow row = g.row;
  row.seats[static_cast<std::size_t>(seat)].time_used_ms += charged;
  row.updated_ms = now;
  row.draw_offer = row.takeback_request = -1;  // offers go with the next move
  const bool terminal = s.is_terminal();
  if (terminal) {
    row.status = store::GameStatus::kFinished;
    row.result = s.result_text();
  }
  const bool ai_next =
      !terminal && row.seats[static_cast<std::size_t>(s.to_move())].kind == store::SeatKind::kAi;
  store::MoveRow move{g.ply() - 1, s.history().back(), seat, now, charged};
  auto ai_job = remote_ai_job_locked(g);  // the AI turn it leaves, stored with it (hub_ai.cpp)
  [[maybe_unused]] const bool undone = s.undo();
  assert(undone);
  if (by_person && ai_next && !pool_.has_room() && !pool_.queued(g.row.id)) {
    return done(busy_ai());
  }
  store::Write write{store::Write::Kind::kAppendMove, row, move, 0};
  write.ai_job = std::move(ai_job);
  const bool queued =
      write_locked(gp, std::move(write),
                   [this, gp, row = std::move(row), move, done](const store::Status& st) mutable {
                     if (!st) return done(store_failure(st));
                     LiveGame& g = *gp;
                     [[maybe_unused]] const Status replayed = g.state->apply(move.text);
                     assert(replayed.ok());
                     g.row = std::move(row);
                     g.plies.push_back({move.seat, move.elapsed_ms});
                     credit_move(g.clocks, move.seat, move.elapsed_ms);
                     g.turn_started_ms = move.at_ms;
                     g.last_move = describe_last_move(*g.state);
                     g.thinking.reset();
                     ++g.generation;
                     if (!g.playing()) game_over_locked(g);
                     broadcast_state(g);
                     maybe_start_ai_locked(gp);
                     done(g.view());
                   });
  if (!queued) done(busy_store());
}

void Hub::cancel_ai_locked(LiveGame& g) {
  ++g.generation;
  if (g.engine) g.engine->stop();
  g.thinking.reset();
}

void Hub::game_over_locked(LiveGame& g) {
  if (rateable_locked(g)) ratings_.game_over(g.row, game_returns(g));
  engines_.drop(g.row.id);
  legal_.drop(g.row.id);
  g.flag_scheduled_ms = INT64_MAX;
}

void Hub::finish_locked(const GamePtr& g, store::GameRow row, Reply<GameViewPtr> done) {
  abort_if_unplayed(*g, row);
  row.status = store::GameStatus::kFinished;
  row.updated_ms = now();
  row.draw_offer = row.takeback_request = -1;
  store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
  const bool queued =
      write_locked(g, std::move(write), [this, g, row, done](const store::Status& st) mutable {
        if (!st) return done(store_failure(st));
        g->row = std::move(row);
        cancel_ai_locked(*g);
        game_over_locked(*g);
        broadcast_state(*g);
        done(g->view());
      });
  if (!queued) done(busy_store());
}

void Hub::rereading(const std::string& id, std::function<void(Reply<GameViewPtr>)> attempt,
                    Reply<GameViewPtr> done) {
  if (options_.shared_store_url.empty()) return attempt(std::move(done));
  attempt([this, id, attempt, done](Outcome<GameViewPtr> out) {
    const int status = out ? 200 : out.error().status;
    if (status != 401 && status != 403 && status != 409) return done(std::move(out));
    const bool queued = work_.submit([this, id, attempt, done] {
      refresh_fully(id);
      attempt(done);
    });
    if (!queued) done(std::move(out));
  });
}

void Hub::move(std::string_view id, std::string_view token, std::string_view text,
               std::optional<int> ply, std::string client, Reply<GameViewPtr> done) {
  rereading(
      std::string(id),
      [this, id = std::string(id), token = std::string(token), text = std::string(text), ply,
       client = std::move(client)](Reply<GameViewPtr> reply) {
        move_now(id, token, text, ply, client, std::move(reply));
      },
      std::move(done));
}

void Hub::move_now(const std::string& id, const std::string& token, const std::string& text,
                   std::optional<int> ply, const std::string& client, Reply<GameViewPtr> done) {
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, ply, text, client, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        if (ply && *ply != g->ply()) {
          return done(conflict("stale ply " + std::to_string(*ply) + ": game " + g->row.id +
                               " is at ply " + std::to_string(g->ply())));
        }
        const int seat = g->state->to_move();
        if (!holds(held, seat)) {
          return done(forbidden("it is " + g->state->player_name(seat) +
                                "'s turn; the token is for " + seat_list(*g->state, held)));
        }
        if (!client.empty()) g->client = client;
        play_locked(g, seat, text, true, done);
      });
}

void Hub::join(std::string_view id, int seat, std::string_view token, Reply<Seated> done) {
  auto fail = [done](const ApiError& e) { done(e); };
  with_game(
      id,
      [this, seat, token = std::string(token), done, fail](const GamePtr& g) {
        change(
            g,
            [this, g, seat, token, done] {
              if (!g->playing()) return done(game_over(*g));
              const int n = static_cast<int>(g->row.seats.size());
              if (seat < 0 || seat >= n) {
                return done(bad_request("seat: " + std::to_string(seat) + " is out of range (0.." +
                                        std::to_string(n - 1) + ")"));
              }
              if (g->row.seats[static_cast<std::size_t>(seat)].kind != store::SeatKind::kOpen) {
                return done(conflict("seat " + std::to_string(seat) + " (" +
                                     g->state->player_name(seat) + ") is not open"));
              }
              if (auto refused = rated_join_refusal_locked(*g, token)) return done(*refused);
              // A caller already seated in this game keeps one token for all its seats (undo
              // needs that).
              std::string plain =
                  token.empty() || accounts::is_account_caller(token) || !held_seats(*g, token)
                      ? new_token()
                      : token;
              store::GameRow row = g->row;
              accounts::hold_seat(row.seats[static_cast<std::size_t>(seat)], token);
              row.seats[static_cast<std::size_t>(seat)].kind = store::SeatKind::kHuman;
              row.seats[static_cast<std::size_t>(seat)].token_hash = hash_token(plain);
              row.updated_ms = now();
              store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
              const bool queued = write_locked(
                  g, std::move(write),
                  [this, g, seat, row, plain, done](const store::Status& st) mutable {
                    if (!st) return done(store_failure(st));
                    g->row = std::move(row);
                    // An open seat's clock starts when someone takes it; a limited
                    // clock starts when the last open seat is taken.
                    if (g->state->to_move() == seat || g->clock_running())
                      g->turn_started_ms = g->row.updated_ms;
                    g->away_since_ms[static_cast<std::size_t>(seat)] = g->row.updated_ms;
                    broadcast_state(*g);
                    Seated out;
                    out.game = g->view();
                    out.tokens[seat] = std::move(plain);
                    done(std::move(out));
                  });
              if (!queued) done(busy_store());
            },
            [fail, id = g->row.id] { fail(busy_game(id)); });
      },
      fail);
}

void Hub::resign(std::string_view id, std::string_view token, std::optional<int> seat,
                 Reply<GameViewPtr> done) {
  rereading(
      std::string(id),
      [this, id = std::string(id), token = std::string(token), seat](Reply<GameViewPtr> reply) {
        resign_now(id, token, seat, std::move(reply));
      },
      std::move(done));
}

void Hub::resign_now(const std::string& id, const std::string& token, std::optional<int> seat,
                     Reply<GameViewPtr> done) {
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, seat, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        int who = holds(held, g->state->to_move()) ? g->state->to_move() : held.front();
        if (seat) {
          if (!holds(held, *seat)) {
            return done(forbidden("seat " + std::to_string(*seat) + " is not held by this token"));
          }
          who = *seat;
        }
        store::GameRow row = g->row;
        row.result = resigned_text(*g->state, who);
        row.resigned = who;
        finish_locked(g, std::move(row), done);
      });
}

void Hub::abort(std::string_view id, std::string_view token, Reply<GameViewPtr> done) {
  rereading(
      std::string(id),
      [this, id = std::string(id), token = std::string(token)](Reply<GameViewPtr> reply) {
        abort_now(id, token, std::move(reply));
      },
      std::move(done));
}

void Hub::abort_now(const std::string& id, const std::string& token, Reply<GameViewPtr> done) {
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, done](const GamePtr& g, const std::vector<int>&) {
        if (!g->playing()) return done(game_over(*g));
        if (unmoved_seat(*g) < 0) {
          return done(conflict("game " + g->row.id +
                               " cannot be aborted: every seat has moved (resign instead)"));
        }
        if (!between_people(*g)) {
          return done(conflict("game " + g->row.id +
                               " cannot be aborted: one player holds every human seat (resign "
                               "instead)"));
        }
        store::GameRow row = g->row;
        mark_aborted(row);
        finish_locked(g, std::move(row), done);
      });
}

void Hub::undo(std::string_view id, std::string_view token, Reply<GameViewPtr> done) {
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        for (std::size_t i = 0; i < g->row.seats.size(); ++i) {
          if (!holds(held, static_cast<int>(i)) && g->row.seats[i].kind != store::SeatKind::kAi) {
            return done(
                forbidden("undo needs every other seat to be an AI or held by the same token"));
          }
        }
        take_back_locked(g, held, done);
      });
}

void Hub::take_back_locked(const GamePtr& g, const std::vector<int>& seats,
                           Reply<GameViewPtr> done) {
  // Back to the seats' previous turn: their last move and everything after it go.
  int from = g->ply() - 1;
  while (from >= 0 && !holds(seats, g->plies[static_cast<std::size_t>(from)].seat)) --from;
  if (from < 0) return done(conflict("nothing to undo: no move of yours in game " + g->row.id));
  store::GameRow row = g->row;
  for (std::size_t p = static_cast<std::size_t>(from); p < g->plies.size(); ++p) {
    row.seats[static_cast<std::size_t>(g->plies[p].seat)].time_used_ms -= g->plies[p].elapsed_ms;
  }
  row.updated_ms = now();
  row.draw_offer = row.takeback_request = -1;
  store::Write write{store::Write::Kind::kTruncateMoves, row, {}, from};
  const bool queued = write_locked(
      g, std::move(write), [this, g, row, from, done](const store::Status& st) mutable {
        if (!st) return done(store_failure(st));
        while (g->ply() > from) g->state->undo();
        g->plies.resize(static_cast<std::size_t>(from));
        g->row = std::move(row);
        g->clocks = clocks_after(g->clocks.control(), g->state->num_players(), g->plies);
        g->last_move = describe_last_move(*g->state);
        g->turn_started_ms = g->row.updated_ms;
        cancel_ai_locked(*g);
        broadcast_state(*g);
        maybe_start_ai_locked(g);
        done(g->view());
      });
  if (!queued) done(busy_store());
}

void Hub::rematch(std::string_view id, std::string_view token, Reply<GameViewPtr> done) {
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, done](const GamePtr& g, const std::vector<int>& held) {
        if (g->playing()) return done(conflict("game " + g->row.id + " is still being played"));
        if (!g->row.rematch_id.empty()) return done(g->view());
        store::GameRow row = g->row;
        for (int seat : held) row.seats[static_cast<std::size_t>(seat)].rematch = true;
        row.updated_ms = now();
        const bool all = std::all_of(
            row.seats.begin(), row.seats.end(),
            [](const store::SeatRow& s) { return s.kind != store::SeatKind::kHuman || s.rematch; });
        // Stores the game's row (with the rematch's id when there is one), then shows it.
        auto update = [this, g, done](store::GameRow row, GamePtr next) {
          store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
          const bool queued = write_locked(
              g, std::move(write), [this, g, row, next, done](const store::Status& st) mutable {
                if (!st) return done(store_failure(st));
                g->row = std::move(row);
                broadcast_state(*g);
                if (next) {
                  next = insert(std::move(next));
                  Lock next_lock(next->mu);
                  lobby_.game_changed(*next);
                  maybe_start_ai_locked(next);
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
        const bool queued = create_row(
            std::move(fresh), 0,
            [g, row, next, update, done](Outcome<store::GameRow> stored) mutable {
              Lock lock(g->mu);
              g->writing = false;
              if (!stored) {
                done(stored.error());
              } else {
                next->row.id = stored->id;
                row.rematch_id = stored->id;
                update(std::move(row), std::move(next));
              }
              run_waiting_locked(*g);
            },
            remote_ai_job_locked(*next));
        if (!queued) {
          g->writing = false;
          done(busy_store());
        }
      });
}

}  // namespace arbiter::server
