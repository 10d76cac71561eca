#include <iostream>

#include "cli/command.h"
#include "core/text.h"
#include "games/registry.h"

namespace arbiter::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"play", "play a game in the terminal (hot-seat)", setup_play},
      {"moves", "list the legal moves of a position, one per line, sorted", setup_moves},
      {"perft", "count the leaf positions of the legal-move tree", setup_perft},
      {"show", "replay and validate a game record", setup_show},
      {"bench", "run the fixed perft suite of each game; prints nodes, nodes/s, signature",
       setup_bench},
      {"match", "play an engine match; prints W/D/L, Elo and the SPRT state", setup_match},
      {"engine", "speak the engine text protocol on stdin/stdout (docs/protocol.md)", setup_engine},
      {"serve", "serve the web UI and the HTTP + WebSocket API (docs/api.md)", setup_serve},
  };
  return table;
}

int fail(const std::string& message) {
  std::cerr << "arbiter: " << message << "\n";
  return kExitBadInput;
}

void add_position_options(CLI::App& sub, PositionOptions& o) {
  sub.add_option("game", o.game, "the game: " + game_names())->required();
  sub.add_option("params", o.params, "game parameters, key=value ...");
  sub.add_option("--position", o.position, "start from this position text");
  sub.add_option("--moves", o.moves, "play these moves first (space separated)");
}

Result<std::unique_ptr<GameState>> build_state(const PositionOptions& o) {
  const Game* game = find_game(o.game);
  if (!game) return make_error("unknown game " + quote(o.game) + " (known: " + game_names() + ")");
  auto params = ParamMap::parse(o.params);
  if (!params) return make_error(params.error());
  auto state =
      o.position.empty() ? game->new_state(*params) : game->parse_state(*params, o.position);
  if (!state) return make_error(state.error());
  int n = 0;
  for (auto m : split(o.moves)) {
    ++n;
    auto st = (*state)->apply(m);
    if (!st)
      return make_error("--moves: move " + std::to_string(n) + " " + quote(m) + ": " + st.error());
  }
  return state;
}

}  // namespace arbiter::cli
