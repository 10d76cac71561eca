#include "server/analysis/analysis_line.h"

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "records/record.h"
#include "server/accounts/tokens.h"
#include "server/play/game_queries.h"
#include "server/play/hub.h"
#include "server/play/live_game.h"

namespace arbiter::server {
namespace {

using nlohmann::json;

Outcome<std::string> text_field(const json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return std::string();
  if (!it->is_string()) return bad_request(std::string(key) + ": expected a string");
  return it->get<std::string>();
}

// Plays `moves` on `state`, naming the first that is not legal (`first` is its number in the
// line, from 1).
Outcome<bool> play(GameState& state, const std::vector<std::string>& moves, std::size_t first,
                   const char* field) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (auto st = state.apply(moves[i]); !st) {
      return bad_request(std::string(field) + ": move " + std::to_string(first + i) + " " +
                         quote(moves[i]) + ": " + st.error());
    }
  }
  return true;
}

}  // namespace

Outcome<LineRequest> read_line_request(const json& body) {
  if (!body.is_object()) return bad_request("expected a JSON object");
  LineRequest out;
  for (auto [key, field] :
       {std::pair{"id", &out.id}, std::pair{"record", &out.record}, std::pair{"game", &out.game},
        std::pair{"params", &out.params}, std::pair{"position", &out.start}}) {
    auto value = text_field(body, key);
    if (!value) return value.error();
    *field = std::move(*value);
  }
  if (auto it = body.find("ply"); it != body.end() && !it->is_null()) {
    if (!it->is_number_integer() || it->get<int64_t>() < 0 ||
        it->get<int64_t>() > static_cast<int64_t>(kMaxLineMoves)) {
      return bad_request("ply: expected a whole number from 0 to " + std::to_string(kMaxLineMoves));
    }
    out.ply = static_cast<int>(it->get<int64_t>());
  }
  if (auto it = body.find("moves"); it != body.end() && !it->is_null()) {
    if (!it->is_array()) return bad_request("moves: expected an array of move texts");
    if (it->size() > kMaxLineMoves) {
      return bad_request("moves: at most " + std::to_string(kMaxLineMoves));
    }
    for (std::size_t i = 0; i < it->size(); ++i) {
      if (!(*it)[i].is_string()) {
        return bad_request("moves[" + std::to_string(i) + "]: expected a string");
      }
      out.moves.push_back((*it)[i].get<std::string>());
    }
  }
  const int sources = !out.id.empty() + !out.record.empty() + !out.game.empty();
  if (sources != 1) return bad_request("expected one of id, record or game");
  return out;
}

Outcome<Line> resolve_line(Hub& hub, const LineRequest& r) {
  Line line;
  std::size_t base = 0;  // moves before r.moves
  if (!r.id.empty()) {
    if (!valid_game_id(r.id)) return not_found("no such game: " + quote(r.id));
    auto game = hub.get(r.id);
    if (!game) return game.error();
    const GameView& g = **game;
    auto start = start_state(g.game, g.params, g.start_position);
    if (!start) return internal_error("game " + r.id + ": " + start.error().message);
    if (static_cast<std::size_t>(r.ply) > g.moves.size()) {
      return bad_request("ply: game " + r.id + " has " + std::to_string(g.moves.size()) + " moves");
    }
    line.start = std::move(*start);
    line.end = line.start->clone();
    const std::vector<std::string> played(g.moves.begin(), g.moves.begin() + r.ply);
    if (auto ok = play(*line.end, played, 1, "id"); !ok) return ok.error();
    line.id = r.id;
    line.game_playing = g.status == store::GameStatus::kPlaying;
    base = played.size();
  } else if (!r.record.empty()) {
    auto record = parse_record(r.record);
    if (!record) return bad_request("record: " + record.error());
    auto replay = replay_record(*record);
    if (!replay) return bad_request("record: " + replay.error());
    line.start = std::move(replay->start);
    line.end = std::move(replay->final);
    base = line.end->history().size() - line.start->history().size();
  } else {
    auto start = start_state(r.game, r.params, r.start);
    if (!start) return start.error();
    line.start = std::move(*start);
    line.end = line.start->clone();
  }
  if (base + r.moves.size() > kMaxLineMoves) {
    return bad_request("moves: a line has at most " + std::to_string(kMaxLineMoves) + " moves");
  }
  if (auto ok = play(*line.end, r.moves, base + 1, "moves"); !ok) return ok.error();
  return line;
}

GameView line_view(const Line& line) {
  const GameState& s = *line.end;
  GameView v;
  v.id = line.id;
  v.game = std::string(s.game().name());
  v.params = s.params_text();
  v.position = s.to_text();
  v.start_position = line.start->to_text();
  const auto& history = s.history();
  v.moves.assign(history.begin() + static_cast<std::ptrdiff_t>(line.start->history().size()),
                 history.end());
  auto scratch = s.clone();  // describe_last_move takes the move back and replays it
  v.last_move = describe_last_move(*scratch);
  v.ply = static_cast<int>(v.moves.size());
  const bool finished = s.is_terminal();
  v.to_move = finished ? -1 : s.to_move();
  v.status = finished ? store::GameStatus::kFinished : store::GameStatus::kPlaying;
  v.result = finished ? s.result_text() : "";
  v.returns = s.returns();
  v.board = s.view();
  v.legal_count = finished ? 0 : s.num_legal_moves();
  return v;
}

}  // namespace arbiter::server
