#include "server/play/live_game.h"

#include <algorithm>

#include "server/play/game_start.h"
#include "server/play/views.h"

namespace arbiter::server {
namespace {

// The game object of `g` with the position `s` and its last move: the current position, or an
// earlier one for replay (then the moves, ply and board are those of `s`; the rest is the game's).
GameViewPtr make_view(const LiveGame& g, const GameState& s, std::optional<LastMove> last_move,
                      int64_t now) {
  // An earlier position of a finished game still shows whose turn it was.
  const bool playing = !s.is_terminal() && (g.playing() || &s != g.state.get());
  auto v = std::make_shared<GameView>();
  v->id = g.row.id;
  v->game = g.row.game;
  v->params = g.row.params;
  v->position = s.to_text();
  v->start_position = g.row.position;
  v->moves = s.history();
  v->last_move = std::move(last_move);
  v->ply = static_cast<int>(s.history().size());
  v->to_move = playing ? s.to_move() : -1;
  v->status = g.row.status;
  v->result = g.row.result;
  v->aborted = is_aborted(g.row);
  v->abortable = abortable(g, v->ply);
  v->returns = game_returns(g);
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    const store::SeatRow& seat = g.row.seats[i];
    SeatView& shown = v->seats.emplace_back();
    shown.player = s.player_name(static_cast<int>(i));
    shown.kind = seat.kind;
    shown.level = seat.level;
    shown.time_used_ms = seat.time_used_ms;
    shown.rematch = seat.rematch;
    shown.account = seat.account_name;
  }
  // The clocks are the game's now, also in a replayed position.
  const bool running = g.clock_running();
  for (std::size_t i = 0; i < v->seats.size(); ++i) {
    if (!g.clocks.control().limited()) break;
    const int seat = static_cast<int>(i);
    SeatView& sv = v->seats[i];
    if (running && seat == g.state->to_move()) {
      sv.clock_ms = std::max<int64_t>(0, g.clocks.remaining_ms(seat, g.turn_started_ms, now));
      sv.flag_at_ms = g.flag_at_ms();
    } else {
      sv.clock_ms = g.clocks.banked_ms(seat);
    }
  }
  v->board = s.view();
  v->legal_count = playing ? s.num_legal_moves() : 0;
  v->thinking = g.thinking;
  v->rematch_of = g.row.rematch_of;
  v->rematch_id = g.row.rematch_id;
  v->created_ms = g.row.created_ms;
  v->updated_ms = g.row.updated_ms;
  v->time_control = g.clocks.control().text();
  v->rated = g.row.rated;
  v->now_ms = now;
  // Offers are open only while the game is played (an ending clears them).
  if (g.playing() && g.row.draw_offer >= 0) v->draw_offer = g.row.draw_offer;
  if (g.playing() && g.row.takeback_request >= 0) v->takeback_request = g.row.takeback_request;
  v->claim_at_ms = g.claim_at_ms();
  return v;
}

void add_unique(std::vector<std::string>& out, const std::string& name) {
  if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

}  // namespace

bool LiveGame::seat_present(int seat) const {
  return std::any_of(present.begin(), present.end(), [seat](const Presence& p) {
    return !p.alive.expired() && std::find(p.seats.begin(), p.seats.end(), seat) != p.seats.end();
  });
}

std::optional<int64_t> LiveGame::claim_at_ms() const {
  if (!clock_running() || clocks.control().kind != clocks::TimeControl::Kind::kRealTime) {
    return std::nullopt;
  }
  const int seat = state->to_move();
  if (row.seats[static_cast<std::size_t>(seat)].kind != store::SeatKind::kHuman ||
      seat_present(seat) || static_cast<std::size_t>(seat) >= away_since_ms.size()) {
    return std::nullopt;
  }
  return away_since_ms[static_cast<std::size_t>(seat)] + disconnect_grace_ms;
}

GameViewPtr LiveGame::view() {
  const int64_t t = now();
  if (view_cache && (view_cache->now_ms == t || !clock_running())) return view_cache;
  view_cache = make_view(*this, *state, last_move, t);
  return view_cache;
}

GameViewPtr LiveGame::view_at(int at) {
  if (at >= ply()) return view();
  const std::vector<std::string>& moves = state->history();
  // The nearest snapshot at or before `at` whose moves are still the game's first moves.
  const auto still_played = [&](const GameState& snapshot) {
    const auto& played = snapshot.history();
    return played.size() <= moves.size() && std::equal(played.begin(), played.end(), moves.begin());
  };
  std::size_t from = std::min(snapshots.size(), static_cast<std::size_t>(at / kSnapshotEvery));
  while (from > 0 && !still_played(*snapshots[from - 1])) --from;
  auto s = from == 0 ? start->clone() : snapshots[from - 1]->clone();
  for (int i = static_cast<int>(from) * kSnapshotEvery; i < at; ++i) {
    [[maybe_unused]] const Status replayed = s->apply(moves[static_cast<std::size_t>(i)]);
    assert(replayed.ok());
    if ((i + 1) % kSnapshotEvery != 0) continue;
    const std::size_t slot = static_cast<std::size_t>((i + 1) / kSnapshotEvery - 1);
    if (slot < snapshots.size()) {
      snapshots[slot] = s->clone();
    } else {
      snapshots.push_back(s->clone());
    }
  }
  return make_view(*this, *s, describe_last_move(*s), now());
}

void LiveGame::changed() { view_cache.reset(); }

std::optional<LastMove> describe_last_move(GameState& state) {
  if (state.history().empty()) return std::nullopt;
  const std::string text = state.history().back();
  state.undo();
  MoveParts parts = move_parts_of(state, text);
  [[maybe_unused]] const Status replayed = state.apply(text);
  assert(replayed.ok());
  LastMove m;
  m.text = text;
  m.path = std::move(parts.path);
  if (!parts.clicks.empty()) {
    for (const auto& c : parts.clicks.front()) add_unique(m.cells, c);
  }
  for (const auto& c : m.path) add_unique(m.cells, c);
  return m;
}

std::string on_time_text(const GameState& state, int flagged) {
  if (state.num_players() == 2) return state.player_name(1 - flagged) + " wins on time";
  return state.player_name(flagged) + " lost on time";
}

std::string draw_agreed_text() { return "draw: agreed"; }

std::string claimed_text(const GameState& state, int away, bool draw) {
  const std::string left = state.player_name(away) + " left the game";
  if (draw) return "draw: " + left;
  if (state.num_players() == 2) return state.player_name(1 - away) + " wins: " + left;
  return left + " and lost";
}

std::vector<double> game_returns(const LiveGame& g) {
  const GameState& s = *g.state;
  if (s.is_terminal()) return s.returns();
  std::vector<double> r(static_cast<std::size_t>(s.num_players()), 0.0);
  const int loser = g.playing() ? -1 : g.row.resigned;
  if (loser < 0 || loser >= s.num_players() || r.size() < 2) return r;
  for (std::size_t p = 0; p < r.size(); ++p) {
    r[p] = static_cast<int>(p) == loser ? -1.0 : 1.0 / static_cast<double>(r.size() - 1);
  }
  return r;
}

Result<std::shared_ptr<LiveGame>> replay_game(const store::GameRow& row,
                                              const std::vector<store::MoveRow>& moves) {
  auto g = std::make_shared<LiveGame>();
  if (auto st = replay::replay_stored(*g, row, moves); !st) return make_error(st.error());
  g->last_move = describe_last_move(*g->state);
  g->away_since_ms.assign(g->row.seats.size(), g->turn_started_ms);
  return g;
}

}  // namespace arbiter::server
