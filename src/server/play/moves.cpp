#include "server/play/moves.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "server/accounts/caller.h"
#include "server/accounts/tokens.h"
#include "server/play/move_charge.h"
#include "server/play/refusals.h"

namespace arbiter::server {
namespace {

std::string seat_list(const GameState& s, const std::vector<int>& seats) {
  std::string out;
  for (int seat : seats) out += (out.empty() ? "" : ", ") + s.player_name(seat);
  return out;
}

}  // namespace

Moves::Moves(const PlayParts& parts, AiSeats& ai, Endings& endings, const AccountSeats& accounts)
    : parts_(parts), ai_(ai), endings_(endings), accounts_(accounts) {}

void Moves::move(const std::string& id, const accounts::Caller& caller, const std::string& text,
                 std::optional<int> ply, const std::string& client, Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
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

void Moves::play_locked(const GamePtr& gp, int seat, std::string_view text, bool by_person,
                        Reply<GameViewPtr> done) {
  LiveGame& g = *gp;
  GameState& s = *g.state;
  const int64_t now = parts_.clock.now();
  // A move after the seat's flag is refused, and the game ends on time at once if the flag
  // scheduler has not ended it yet.
  const MoveCharge charge = charge_for_move(g, seat, now);
  if (charge.clock == MoveCharge::Clock::kTimeUp) {
    const std::string why =
        "game " + g.row.id + ": " + s.player_name(seat) + "'s " + charge.time_up;
    return endings_.flag_locked(gp, [done, why](Outcome<GameViewPtr>) { done(conflict(why)); });
  }
  const int64_t charged = charge.charged_ms;
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
  auto ai_job = ai_.remote_job_locked(g);  // the AI turn it leaves, stored with it (ai_seats.h)
  [[maybe_unused]] const bool undone = s.undo();
  assert(undone);
  if (by_person && ai_next && !ai_.has_room() && !ai_.queued(g.row.id)) {
    return done(busy_ai());
  }
  store::Write write{store::Write::Kind::kAppendMove, row, move, 0};
  write.ai_job = std::move(ai_job);
  const bool queued = parts_.changes.write_locked(
      gp, std::move(write),
      [this, gp, row = std::move(row), move, done](const store::Status& st) mutable {
        if (!st) return done(write_failure(st));
        LiveGame& g = *gp;
        [[maybe_unused]] const Status replayed = g.state->apply(move.text);
        assert(replayed.ok());
        g.row = std::move(row);
        g.plies.push_back({move.seat, move.elapsed_ms});
        replay::credit_move(g.clocks, move.seat, move.elapsed_ms);
        g.turn_started_ms = move.at_ms;
        g.last_move = describe_last_move(*g.state);
        g.thinking.reset();
        ++g.generation;
        if (!g.playing()) parts_.broadcast.ended_locked(g);
        parts_.broadcast.state_locked(g);
        ai_.maybe_start_locked(gp);
        done(g.view());
      });
  if (!queued) done(busy_store());
}

void Moves::join(std::string_view id, int seat, const accounts::Caller& caller,
                 Reply<Seated> done) {
  auto fail = [done](const ApiError& e) { done(e); };
  parts_.registry.with_game(
      id,
      [this, seat, caller, done, fail](const GamePtr& g) {
        parts_.changes.change(
            g,
            [this, g, seat, caller, done] {
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
              if (auto refused = accounts_.rated_join_refusal_locked(*g, caller)) {
                return done(*refused);
              }
              // A caller already seated in this game keeps one token for all its seats (undo
              // needs that).
              std::string plain =
                  caller.seat_token().empty() || !GameChanges::held_seats(*g, caller)
                      ? new_token()
                      : caller.seat_token();
              store::GameRow row = g->row;
              caller.hold(row.seats[static_cast<std::size_t>(seat)]);
              row.seats[static_cast<std::size_t>(seat)].kind = store::SeatKind::kHuman;
              row.seats[static_cast<std::size_t>(seat)].token_hash = hash_token(plain);
              row.updated_ms = parts_.clock.now();
              store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
              const bool queued = parts_.changes.write_locked(
                  g, std::move(write),
                  [this, g, seat, row, plain, done](const store::Status& st) mutable {
                    if (!st) return done(write_failure(st));
                    g->row = std::move(row);
                    // An open seat's clock starts when someone takes it; a limited
                    // clock starts when the last open seat is taken.
                    if (g->state->to_move() == seat || g->clock_running())
                      g->turn_started_ms = g->row.updated_ms;
                    g->away_since_ms[static_cast<std::size_t>(seat)] = g->row.updated_ms;
                    parts_.broadcast.state_locked(*g);
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

void Moves::undo(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
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

void Moves::take_back_locked(const GamePtr& g, const std::vector<int>& seats,
                             Reply<GameViewPtr> done) {
  // Back to the seats' previous turn: their last move and everything after it go.
  int from = g->ply() - 1;
  while (from >= 0 && !holds(seats, g->plies[static_cast<std::size_t>(from)].seat)) --from;
  if (from < 0) return done(conflict("nothing to undo: no move of yours in game " + g->row.id));
  store::GameRow row = g->row;
  for (std::size_t p = static_cast<std::size_t>(from); p < g->plies.size(); ++p) {
    row.seats[static_cast<std::size_t>(g->plies[p].seat)].time_used_ms -= g->plies[p].elapsed_ms;
  }
  row.updated_ms = parts_.clock.now();
  row.draw_offer = row.takeback_request = -1;
  store::Write write{store::Write::Kind::kTruncateMoves, row, {}, from};
  const bool queued = parts_.changes.write_locked(
      g, std::move(write), [this, g, row, from, done](const store::Status& st) mutable {
        if (!st) return done(write_failure(st));
        while (g->ply() > from) g->state->undo();
        g->plies.resize(static_cast<std::size_t>(from));
        g->row = std::move(row);
        g->clocks = replay::clocks_after(g->clocks.control(), g->state->num_players(), g->plies);
        g->last_move = describe_last_move(*g->state);
        g->turn_started_ms = g->row.updated_ms;
        AiSeats::cancel_locked(*g);
        parts_.broadcast.state_locked(*g);
        ai_.maybe_start_locked(g);
        done(g->view());
      });
  if (!queued) done(busy_store());
}

}  // namespace arbiter::server
