#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/command.h"
#include "core/text.h"
#include "games/registry.h"

namespace arbiter::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"play", "play a game in the terminal (hot-seat)", setup_play},
      {"moves",
       "list the legal moves of a position, one per line, sorted (none for a finished game: "
       "the result goes to stderr, exit 0)",
       setup_moves},
      {"perft", "count the leaf positions of the legal-move tree", setup_perft},
      {"show", "replay and validate a game record", setup_show},
      {"analyse", "review a game record: judge every move, print it annotated or as JSON",
       setup_analyse},
      {"bench", "run the fixed perft suite of each game; prints nodes, nodes/s, signature",
       setup_bench},
      {"match", "play an engine match; prints W/D/L, Elo and the SPRT state", setup_match},
      {"eval", "print a position's static evaluation: hand-written or a net (docs/ai.md)",
       setup_eval},
      {"selfplay", "play the engine against itself; write training data for the nets (docs/ai.md)",
       setup_selfplay},
      {"tune", "tune a game's hand evaluation on self-play data (docs/ai.md)", setup_tune},
      {"engine", "speak the engine text protocol on stdin/stdout (docs/protocol.md)", setup_engine},
      {"serve", "serve the web UI and the HTTP + WebSocket API (docs/api.md)", setup_serve},
      {"worker",
       "take AI moves from a database shared by servers run with --ai-workers 0 (docs/deploy.md)",
       setup_worker},
      {"puzzles", "find puzzles in games, import and export them (docs/analysis.md)",
       setup_puzzles},
      {"admin", "back up, restore, check and export a store (docs/deploy.md)", setup_admin},
  };
  return table;
}

int fail(const std::string& message) {
  std::cerr << "arbiter: " << message << "\n";
  return kExitBadInput;
}

namespace detail {

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

CLI::Validator number_range(long double lo, long double hi, bool whole, const std::string& lo_text,
                            const std::string& hi_text) {
  const std::string takes =
      std::string(whole ? "a whole number" : "a number") + " from " + lo_text + " to " + hi_text;
  auto check = [=](std::string& input) -> std::string {
    const std::string bad = "must be " + takes + ", got " + quote(input);
    // Plain decimal text only (no hex, inf or nan, which strtold would take).
    const std::size_t sign = lo < 0 && !input.empty() && input[0] == '-' ? 1 : 0;
    if (input.size() == sign) return bad;
    for (std::size_t i = sign; i < input.size(); ++i) {
      const char c = input[i];
      const bool digit = std::isdigit(static_cast<unsigned char>(c)) != 0;
      if (!digit && (whole || std::string_view(".eE+-").find(c) == std::string_view::npos)) {
        return bad;
      }
    }
    char* end = nullptr;
    errno = 0;
    const long double v = std::strtold(input.c_str(), &end);
    if (end != input.c_str() + input.size() || errno == ERANGE || !std::isfinite(v)) return bad;
    // A fractional option is read into a double: compared as one, so a bound written as a
    // decimal (0.001) admits its own text, which strtold reads a little below the double.
    const long double as_read = whole ? v : static_cast<long double>(static_cast<double>(v));
    if (as_read < lo || as_read > hi) return bad;
    if (whole) {  // CLI11 would read a leading 0 as octal: 08080 is 8080
      const auto first = input.find_first_not_of('0', sign);
      input.erase(sign, (first == std::string::npos ? input.size() - 1 : first) - sign);
    }
    return {};
  };
  return CLI::Validator(check, lo_text + ".." + hi_text);
}

}  // namespace detail

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
