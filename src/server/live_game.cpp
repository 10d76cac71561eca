#include "server/live_game.h"

#include <algorithm>
#include <chrono>

#include "core/params.h"
#include "games/registry.h"
#include "server/views.h"

namespace arbiter::server {
namespace {

// The game object of docs/api.md, in its order; `board` only when asked.
// The game object of `g` with the position `s` and its last move: the current position, or an
// earlier one for replay (then the moves, ply and board are those of `s`; the rest is the game's).
std::string write_game(const LiveGame& g, bool with_board, const GameState& s,
                       const std::optional<LastMove>& last_move) {
  // An earlier position of a finished game still shows whose turn it was.
  const bool playing = !s.is_terminal() && (g.playing() || &s != g.state.get());
  std::string out;
  out.reserve(with_board ? 8192 : 1024);
  JsonWriter w(out);
  w.begin_object();
  w.key("id").value(g.row.id);
  w.key("game").value(g.row.game);
  w.key("params").value(g.row.params);
  w.key("position").value(s.to_text());
  w.key("start_position").value(g.row.position);
  w.key("moves").value(s.history());
  w.key("last_move");
  if (last_move) {
    w.begin_object();
    w.key("text").value(last_move->text);
    w.key("path").value(last_move->path);
    w.key("cells").value(last_move->cells);
    w.end_object();
  } else {
    w.null();
  }
  w.key("ply").value(static_cast<int>(s.history().size()));
  w.key("to_move").value(playing ? s.to_move() : -1);
  w.key("status").value(g.row.status);
  w.key("result").value(g.row.result);
  w.key("returns").begin_array();
  for (double r : game_returns(g)) w.value(r);
  w.end_array();
  w.key("seats").begin_array();
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    const store::SeatRow& seat = g.row.seats[i];
    w.begin_object();
    w.key("player").value(s.player_name(static_cast<int>(i)));
    w.key("kind").value(seat.kind);
    w.key("level").value(seat.level);
    w.key("time_used_ms").value(seat.time_used_ms);
    w.key("rematch").value(seat.rematch);
    w.end_object();
  }
  w.end_array();
  if (with_board) {
    w.key("board");
    write_board(w, s.view());
  }
  w.key("legal_count").value(static_cast<uint64_t>(playing ? s.num_legal_moves() : 0));
  w.key("thinking").raw(g.thinking.dump());
  w.key("rematch_of").value(g.row.rematch_of);
  w.key("rematch_id").value(g.row.rematch_id);
  w.key("created_ms").value(g.row.created_ms);
  w.key("updated_ms").value(g.row.updated_ms);
  w.end_object();
  return out;
}

void add_unique(std::vector<std::string>& out, const std::string& name) {
  if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

}  // namespace

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::shared_ptr<const std::string> LiveGame::game_json() {
  if (!json) json = std::make_shared<const std::string>(write_game(*this, true, *state, last_move));
  return json;
}

std::string LiveGame::list_json() const { return write_game(*this, false, *state, last_move); }

std::string LiveGame::json_at(int at) const {
  if (at >= ply()) return write_game(*this, true, *state, last_move);
  auto s = start->clone();
  for (int i = 0; i < at; ++i) {
    [[maybe_unused]] const Status replayed =
        s->apply(state->history()[static_cast<std::size_t>(i)]);
    assert(replayed.ok());
  }
  return write_game(*this, true, *s, describe_last_move(*s));
}

void LiveGame::changed() {
  json.reset();
  legal.reset();
}

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

std::string resigned_text(const GameState& state, int player) {
  return state.player_name(player) + " resigned";
}

int resigned_player(const GameState& state, std::string_view result) {
  for (int p = 0; p < state.num_players(); ++p) {
    if (result == resigned_text(state, p)) return p;
  }
  return -1;
}

std::vector<double> game_returns(const LiveGame& g) {
  const GameState& s = *g.state;
  if (s.is_terminal()) return s.returns();
  std::vector<double> r(static_cast<std::size_t>(s.num_players()), 0.0);
  const int loser = g.playing() ? -1 : resigned_player(s, g.row.result);
  if (loser < 0 || r.size() < 2) return r;
  for (std::size_t p = 0; p < r.size(); ++p) {
    r[p] = static_cast<int>(p) == loser ? -1.0 : 1.0 / static_cast<double>(r.size() - 1);
  }
  return r;
}

Result<std::shared_ptr<LiveGame>> replay_game(const store::GameRow& row,
                                              const std::vector<store::MoveRow>& moves) {
  const std::string where = "game " + row.id + ": ";
  const Game* game = find_game(row.game);
  if (!game) return make_error(where + "unknown game " + row.game);
  auto params = ParamMap::parse(row.params);
  if (!params) return make_error(where + params.error());
  auto start =
      row.position.empty() ? game->new_state(*params) : game->parse_state(*params, row.position);
  if (!start) return make_error(where + start.error());
  auto g = std::make_shared<LiveGame>();
  g->row = row;
  g->start = std::move(*start);
  g->state = g->start->clone();
  if (g->row.seats.size() != static_cast<std::size_t>(g->state->num_players())) {
    return make_error(where + "has " + std::to_string(g->row.seats.size()) + " seats for " +
                      std::to_string(g->state->num_players()) + " players");
  }
  for (const auto& m : moves) {
    auto st = g->state->apply(m.text);
    if (!st) return make_error(where + "move " + std::to_string(m.ply + 1) + ": " + st.error());
    g->plies.push_back({m.seat, m.elapsed_ms});
  }
  g->last_move = describe_last_move(*g->state);
  g->turn_started_ms = moves.empty() ? row.created_ms : moves.back().at_ms;
  return g;
}

}  // namespace arbiter::server
