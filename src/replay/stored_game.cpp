#include "replay/stored_game.h"

#include <algorithm>

#include "ai/levels.h"
#include "core/params.h"
#include "games/registry.h"

namespace arbiter::replay {
namespace {

// The seat a schema-1 row's result text names as resigned (replay_stored), or -1.
int legacy_resigned_seat(const GameState& state, std::string_view result) {
  for (int p = 0; p < state.num_players(); ++p) {
    if (result == resigned_text(state, p)) return p;
  }
  return -1;
}

}  // namespace

bool StoredGame::clock_running() const {
  if (!playing() || !clocks.control().limited() || state->is_terminal()) return false;
  return std::none_of(row.seats.begin(), row.seats.end(),
                      [](const store::SeatRow& s) { return s.kind == store::SeatKind::kOpen; });
}

int64_t StoredGame::flag_at_ms() const {
  return clock_running() ? clocks.flag_at_ms(state->to_move(), turn_started_ms) : INT64_MAX;
}

void credit_move(clocks::SeatClocks& c, int seat, int64_t charged_ms) {
  const clocks::TimeControl& tc = c.control();
  switch (tc.kind) {
    case clocks::TimeControl::Kind::kNone:
      return;
    case clocks::TimeControl::Kind::kCorrespondence:
      c.set_banked_ms(seat, tc.per_move_ms);
      return;
    case clocks::TimeControl::Kind::kRealTime:
      c.set_banked_ms(seat, std::max<int64_t>(0, c.banked_ms(seat) - charged_ms) + tc.increment_ms);
      return;
  }
}

clocks::SeatClocks clocks_after(const clocks::TimeControl& control, int seats,
                                const std::vector<PlyInfo>& plies) {
  clocks::SeatClocks c(control, seats);
  for (const PlyInfo& p : plies) {
    if (p.seat >= 0 && p.seat < seats) credit_move(c, p.seat, p.elapsed_ms);
  }
  return c;
}

std::string resigned_text(const GameState& state, int player) {
  return state.player_name(player) + " resigned";
}

Status replay_stored(StoredGame& g, const store::GameRow& row,
                     const std::vector<store::MoveRow>& moves) {
  const std::string where = "game " + row.id + ": ";
  const Game* game = find_game(row.game);
  if (!game) return make_error(where + "unknown game " + row.game);
  auto params = ParamMap::parse(row.params);
  if (!params) return make_error(where + params.error());
  auto start =
      row.position.empty() ? game->new_state(*params) : game->parse_state(*params, row.position);
  if (!start) return make_error(where + start.error());
  g.row = row;
  g.start = std::move(*start);
  g.state = g.start->clone();
  g.plies.clear();
  if (g.row.seats.size() != static_cast<std::size_t>(g.state->num_players())) {
    return make_error(where + "has " + std::to_string(g.row.seats.size()) + " seats for " +
                      std::to_string(g.state->num_players()) + " players");
  }
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    const store::SeatRow& seat = g.row.seats[i];
    if (seat.kind == store::SeatKind::kAi &&
        (seat.level < ai::kMinLevel || seat.level > ai::kMaxLevel)) {
      return make_error(where + "seat " + std::to_string(i) + " has AI level " +
                        std::to_string(seat.level) + " (levels are " +
                        std::to_string(ai::kMinLevel) + "-" + std::to_string(ai::kMaxLevel) + ")");
    }
  }
  for (const auto& m : moves) {
    auto st = g.state->apply(m.text);
    if (!st) return make_error(where + "move " + std::to_string(m.ply + 1) + ": " + st.error());
    g.plies.push_back({m.seat, m.elapsed_ms});
  }
  g.turn_started_ms = moves.empty() ? row.created_ms : moves.back().at_ms;
  auto control = clocks::TimeControl::parse(row.time_control);
  if (!control) return make_error(where + control.error());
  g.clocks = clocks_after(*control, g.state->num_players(), g.plies);
  // A limited clock's turn starts at the game's last stored change (a move, the join that
  // filled the last open seat, a takeback), so a deadline after a restart is the one before.
  if (control->limited()) g.turn_started_ms = std::max(g.turn_started_ms, row.updated_ms);
  if (!g.playing() && !g.state->is_terminal() && g.row.resigned < 0) {
    g.row.resigned = legacy_resigned_seat(*g.state, g.row.result);
  }
  return {};
}

}  // namespace arbiter::replay
