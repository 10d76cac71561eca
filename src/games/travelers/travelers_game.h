// The Travelers as a runtime Game (games/game.h): the Traits that GameAdapter wraps.
//
// Parameters (one `key=value` list):
//   max_plies=N   the game is drawn once it has N plies in all, counted from move 1 of the
//                 position's move number (0, the default: no limit; the 100-ply no-capture rule
//                 of V13 always applies).
#pragma once

#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "games/adapter.h"
#include "games/travelers/state.h"
#include "games/travelers/view.h"

namespace arbiter::travelers {

struct Traits {
  using State = travelers::State;
  using Params = travelers::Params;
  static constexpr std::string_view kName = "travelers";
  static constexpr std::string_view kSummary =
      "The Travelers (Lavieri, 2006): 9x9, bring both Travelers to the last rank";
  static constexpr std::string_view kParamsHelp =
      "max_plies=N  draw after N plies in all (0 = no limit, the default)";

  static Result<Params> parse_params(const ParamMap& map);  // params.cpp
  static std::string params_text(const Params& p);          // params.cpp
  static Result<State> new_state(const Params& p) { return State::start(p); }
  static Result<State> parse_position(const Params& p, std::string_view text) {
    return State::from_text(p, text);
  }
  static BoardView view(const State& s) { return travelers::view(s); }
  static Result<MoveParts> move_parts(const State& s, std::string_view move) {
    return travelers::move_parts(s, move);
  }
};

const Game& game();

}  // namespace arbiter::travelers
