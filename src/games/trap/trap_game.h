// Trap as a runtime Game (games/adapter.h). The rules live in state.h and docs/trap.md.
#pragma once

#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "games/game.h"
#include "games/trap/params.h"
#include "games/trap/state.h"
#include "games/trap/view.h"

namespace arbiter::trap {

struct Traits {
  using State = trap::State;
  using Params = trap::Params;
  static constexpr std::string_view kName = "trap";
  static constexpr std::string_view kSummary =
      "Trap (IDEAL 1972): movers and walls on a hex field; trap all three opposing movers";
  static constexpr std::string_view kParamsHelp = trap::kParamsHelp;

  static Result<Params> parse_params(const ParamMap& map) { return trap::parse_params(map); }
  static std::string params_text(const Params& p) { return trap::params_text(p); }
  static Result<State> new_state(const Params& p) { return State(p); }
  static Result<State> parse_position(const Params& p, std::string_view text) {
    return State::parse(p, text);
  }
  static BoardView view(const State& s) { return trap::view(s); }
  static Result<MoveParts> move_parts(const State& s, std::string_view move) {
    return trap::move_parts(s, move);
  }
};

const Game& game();

}  // namespace arbiter::trap
