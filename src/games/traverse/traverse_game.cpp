#include "games/traverse/traverse_game.h"

#include "games/adapter.h"
#include "games/traverse/state.h"
#include "games/traverse/view.h"

namespace arbiter::traverse {
namespace {

struct Traits {
  using State = traverse::State;
  using Params = traverse::Params;
  static constexpr std::string_view kName = "traverse";
  static constexpr std::string_view kSummary =
      "2-4 players race 8 pieces across a 10x10 board by steps and chains of jumps (Taifho)";
  static constexpr std::string_view kParamsHelp =
      "players=2|3|4            seats South,North / South,West,North / all four (default 2)\n"
      "seats=S,W,N,E            any 2-4 distinct seats instead of players=\n"
      "rules=basic|advanced|expert  rule set (default basic)\n"
      "long_jumps=on|off  circle_reversal=on|off  goal_anchor=on|off  reversal_from_goal=on|off\n"
      "max_plies=N              ply limit, then adjudication (default 1000, 0 = none)\n"
      "arrangement=default|random  seed=N   set-up of every start row\n"
      "south=SDTCCTDS (west= north= east=)  one seat's set-up, left to right from behind\n";

  static Result<Params> parse_params(const ParamMap& map) { return traverse::parse_params(map); }
  static std::string params_text(const Params& p) { return traverse::params_text(p); }
  static Result<State> new_state(const Params& p) { return State::start(p); }
  static Result<State> parse_position(const Params& p, std::string_view text) {
    return traverse::parse_position(p, text);
  }
  static BoardView view(const State& s) { return traverse::view(s); }
  static Result<MoveParts> move_parts(const State& s, std::string_view move) {
    return traverse::move_parts(s, move);
  }
};

}  // namespace

const Game& game() {
  static const GameAdapter<Traits> instance;
  return instance;
}

}  // namespace arbiter::traverse
