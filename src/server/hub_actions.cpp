// The hub's changes: move, join, resign, undo, rematch (hub.h). Each runs under the game's lock
// and writes the store before it broadcasts; on a failed write the game is left as it was.
#include <algorithm>

#include "core/text.h"
#include "server/hub.h"
#include "server/tokens.h"

namespace arbiter::server {
namespace {

bool holds(const std::vector<int>& held, int seat) {
  return std::find(held.begin(), held.end(), seat) != held.end();
}

ApiError store_error(const store::Status& st) {
  return st.is(store::ErrorCode::kConflict) ? conflict(st.error()) : internal_error(st.error());
}

ApiError game_over(const LiveGame& g) {
  return conflict("game " + g.row.id + " is over: " + g.row.result);
}

std::string seat_list(const GameState& s, const std::vector<int>& seats) {
  std::string out;
  for (int seat : seats) out += (out.empty() ? "" : ", ") + s.player_name(seat);
  return out;
}

}  // namespace

Outcome<GameViewPtr> Hub::play_locked(LiveGame& g, int seat, std::string_view text) {
  GameState& s = *g.state;
  if (Status st = s.apply(text); !st) return bad_request(st.error());
  const int64_t now = now_ms();
  const int64_t elapsed = std::max<int64_t>(0, now - g.turn_started_ms);
  store::GameRow row = g.row;
  row.seats[static_cast<std::size_t>(seat)].time_used_ms += elapsed;
  row.updated_ms = now;
  if (s.is_terminal()) {
    row.status = store::GameStatus::kFinished;
    row.result = s.result_text();
  }
  const store::MoveRow move{g.ply() - 1, s.history().back(), seat, now, elapsed};
  if (store::Status st = store_->append_move(row, move); !st) {
    s.undo();
    return store_error(st);
  }
  g.row = std::move(row);
  g.plies.push_back({seat, elapsed});
  g.turn_started_ms = now;
  g.last_move = describe_last_move(s);
  g.thinking.reset();
  ++g.generation;
  if (!g.playing()) game_over_locked(g);
  broadcast_state(g);
  maybe_start_ai_locked(g.shared_from_this());
  return g.view();
}

void Hub::cancel_ai_locked(LiveGame& g) {
  ++g.generation;
  if (g.engine) g.engine->stop();
  g.thinking.reset();
}

void Hub::game_over_locked(LiveGame& g) { engines_.drop(g.row.id); }

Outcome<GameViewPtr> Hub::move(std::string_view id, std::string_view token, std::string_view text,
                               std::optional<int> ply) {
  return with_held_seats(
      id, token, [&](LiveGame& g, const std::vector<int>& held) -> Outcome<GameViewPtr> {
        if (!g.playing()) return game_over(g);
        if (ply && *ply != g.ply()) {
          return conflict("stale ply " + std::to_string(*ply) + ": game " + g.row.id +
                          " is at ply " + std::to_string(g.ply()));
        }
        const int seat = g.state->to_move();
        if (!holds(held, seat)) {
          return forbidden("it is " + g.state->player_name(seat) + "'s turn; the token is for " +
                           seat_list(*g.state, held));
        }
        return play_locked(g, seat, text);
      });
}

Outcome<Seated> Hub::join(std::string_view id, int seat, std::string_view token) {
  auto found = find(id);
  if (!found) return found.error();
  LiveGame& g = **found;
  Lock lock(g.mu);
  if (!g.playing()) return game_over(g);
  const int n = static_cast<int>(g.row.seats.size());
  if (seat < 0 || seat >= n) {
    return bad_request("seat: " + std::to_string(seat) + " is out of range (0.." +
                       std::to_string(n - 1) + ")");
  }
  if (g.row.seats[static_cast<std::size_t>(seat)].kind != store::SeatKind::kOpen) {
    return conflict("seat " + std::to_string(seat) + " (" + g.state->player_name(seat) +
                    ") is not open");
  }
  // A caller already seated in this game keeps one token for all its seats (undo needs that).
  std::string plain = token.empty() || !held_seats(g, token) ? new_token() : std::string(token);
  store::GameRow row = g.row;
  row.seats[static_cast<std::size_t>(seat)].kind = store::SeatKind::kHuman;
  row.seats[static_cast<std::size_t>(seat)].token_hash = hash_token(plain);
  row.updated_ms = now_ms();
  if (store::Status st = store_->update_game(row); !st) return store_error(st);
  g.row = std::move(row);
  // An open seat's clock starts when someone takes it.
  if (g.state->to_move() == seat) g.turn_started_ms = g.row.updated_ms;
  broadcast_state(g);
  Seated out;
  out.game = g.view();
  out.tokens[seat] = std::move(plain);
  return out;
}

Outcome<GameViewPtr> Hub::resign(std::string_view id, std::string_view token,
                                 std::optional<int> seat) {
  return with_held_seats(
      id, token, [&](LiveGame& g, const std::vector<int>& held) -> Outcome<GameViewPtr> {
        if (!g.playing()) return game_over(g);
        int who = holds(held, g.state->to_move()) ? g.state->to_move() : held.front();
        if (seat) {
          if (!holds(held, *seat)) {
            return forbidden("seat " + std::to_string(*seat) + " is not held by this token");
          }
          who = *seat;
        }
        store::GameRow row = g.row;
        row.status = store::GameStatus::kFinished;
        row.result = resigned_text(*g.state, who);
        row.resigned = who;
        row.updated_ms = now_ms();
        if (store::Status st = store_->update_game(row); !st) return store_error(st);
        g.row = std::move(row);
        cancel_ai_locked(g);
        game_over_locked(g);
        broadcast_state(g);
        return g.view();
      });
}

Outcome<GameViewPtr> Hub::undo(std::string_view id, std::string_view token) {
  return with_held_seats(
      id, token, [&](LiveGame& g, const std::vector<int>& held) -> Outcome<GameViewPtr> {
        if (!g.playing()) return game_over(g);
        for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
          if (!holds(held, static_cast<int>(i)) && g.row.seats[i].kind != store::SeatKind::kAi) {
            return forbidden("undo needs every other seat to be an AI or held by the same token");
          }
        }
        // Back to the holder's previous turn: their last move and everything after it go.
        int from = g.ply() - 1;
        while (from >= 0 && !holds(held, g.plies[static_cast<std::size_t>(from)].seat)) --from;
        if (from < 0) return conflict("nothing to undo: no move of yours in game " + g.row.id);
        store::GameRow row = g.row;
        for (std::size_t p = static_cast<std::size_t>(from); p < g.plies.size(); ++p) {
          row.seats[static_cast<std::size_t>(g.plies[p].seat)].time_used_ms -=
              g.plies[p].elapsed_ms;
        }
        row.updated_ms = now_ms();
        if (store::Status st = store_->truncate_moves(row, from); !st) return store_error(st);
        while (g.ply() > from) g.state->undo();
        g.plies.resize(static_cast<std::size_t>(from));
        g.row = std::move(row);
        g.last_move = describe_last_move(*g.state);
        g.turn_started_ms = g.row.updated_ms;
        cancel_ai_locked(g);
        broadcast_state(g);
        maybe_start_ai_locked(g.shared_from_this());
        return g.view();
      });
}

Outcome<GameViewPtr> Hub::rematch(std::string_view id, std::string_view token) {
  return with_held_seats(
      id, token, [&](LiveGame& g, const std::vector<int>& held) -> Outcome<GameViewPtr> {
        if (g.playing()) return conflict("game " + g.row.id + " is still being played");
        if (!g.row.rematch_id.empty()) return g.view();
        store::GameRow row = g.row;
        for (int seat : held) row.seats[static_cast<std::size_t>(seat)].rematch = true;
        row.updated_ms = now_ms();
        const bool all = std::all_of(
            row.seats.begin(), row.seats.end(),
            [](const store::SeatRow& s) { return s.kind != store::SeatKind::kHuman || s.rematch; });
        std::shared_ptr<LiveGame> next;
        if (all) {
          // Seats rotate by one (the second player moves first now); each keeps its kind and token.
          store::GameRow fresh;
          fresh.game = row.game;
          fresh.params = row.params;
          fresh.position = row.position;
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
          if (!live) return internal_error(live.error());
          if (store::Status st = create_row(fresh); !st) return store_error(st);
          (*live)->row.id = fresh.id;
          row.rematch_id = fresh.id;
          next = std::move(*live);
        }
        if (store::Status st = store_->update_game(row); !st) return store_error(st);
        g.row = std::move(row);
        broadcast_state(g);
        if (next) {
          next = insert(std::move(next));
          Lock next_lock(next->mu);
          maybe_start_ai_locked(next);
        }
        return g.view();
      });
}

}  // namespace arbiter::server
