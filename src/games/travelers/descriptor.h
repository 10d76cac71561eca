// The Travelers as one module (games/adapter.h says what a Descriptor is; src/games/README.md
// names its members): its parameters, seats, conformance parameter sets and bench positions, and
// the functions the runtime Game is made of. The rules are docs/travelers.md and state.h.
//
// Parameters (one `key=value` list):
//   max_plies=N   the game is drawn once it has N plies in all, counted from move 1 of the
//                 position's move number (0, the default: no limit; the 100-ply no-capture rule
//                 of V13 always applies).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "games/descriptor_types.h"
#include "games/travelers/actions.h"
#include "games/travelers/observation.h"
#include "games/travelers/params.h"
#include "games/travelers/snapshot.h"
#include "games/travelers/state.h"
#include "games/travelers/view.h"

namespace arbiter::travelers {

struct Descriptor {
  using State = travelers::State;
  using Params = travelers::Params;
  using Actions = travelers::Actions;  // the research face: actions.h, observation.h, snapshot.h
  using Observation = travelers::Observation;
  using Snapshot = travelers::Snapshot;
  static constexpr std::string_view kName = "travelers";
  static constexpr std::string_view kTitle = "The Travelers";
  static constexpr std::string_view kSummary =
      "The Travelers (Lavieri, 2006): 9x9, bring both Travelers to the last rank";

  static constexpr ParamSpec kParams[] = {
      int_param("max_plies", "0", 0, 1'000'000, "draw after N plies in all; 0 = no limit"),
  };

  static constexpr SeatSpec kSeats[] = {{"white", "white"}, {"black", "black"}};  // V1
  static constexpr Seating kSeatings[] = {{2, "", kSeats}};

  // The pieces (V2) of the board views (view.h): White's letters upper case, Black's lower.
  static constexpr GlyphSpec kGlyphs[] = {
      {"traveler", "", "T/t", false, "Traveler: must reach the far rank"},
      {"displacer", "", "D/d", false, "Displacer: slides any distance, displaces"},
      {"block", "", "B/b", false, "Block: never captured or displaced"},
      {"ace", "", "A/a", false, "Ace: captures at distance 1"},
      {"deuce", "", "W/w", false, "Deuce: captures at distance 2"},
      {"trey", "", "R/r", false, "Trey: captures at distance 3"},
  };
  static constexpr Legend kLegend = {
      kGlyphs, {}, "T Traveler D Displacer B Block A Ace W Deuce R Trey; White upper, Black lower"};

  static constexpr ConformanceCase kConformance[] = {
      {"", 12, 7},
      {"max_plies=60", 10, 5},
  };

  static constexpr BenchPosition kBench[] = {
      alphabeta_position("", 0, 6),
      alphabeta_position("", 9, 6),
      alphabeta_position("", 24, 6),
  };
  // Fitted by scripts/winprob_fit.py on analysis/winprob/ (docs/analysis.md).
  static constexpr WinModel kWinModels[] = {{2, 0.00156027, 0}};
  static constexpr bool kHasDraws = true;
  static constexpr std::string_view kPerftSuite = "travelers";

  static Result<Params> parse_params(const ParamMap& map) { return travelers::parse_params(map); }
  static std::string params_text(const Params& p) { return travelers::params_text(p); }
  static BoardView view(const State& s) { return travelers::view(s); }
  static Result<WrittenMove> read_move(const State&, std::string_view move) {
    return State::read_move(move);
  }
  static Result<MoveParts> move_parts(const State& before, const WrittenMove& written) {
    return travelers::move_parts(before, written);
  }
};

}  // namespace arbiter::travelers
