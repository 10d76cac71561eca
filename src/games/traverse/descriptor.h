// Traverse as one module (games/adapter.h says what a Descriptor is; src/games/README.md names
// its members): its parameters, seats, conformance parameter sets and bench positions, and the
// functions the runtime Game is made of. The rules are docs/traverse.md and state.h.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "games/descriptor_types.h"
#include "games/traverse/actions.h"
#include "games/traverse/observation.h"
#include "games/traverse/params.h"
#include "games/traverse/snapshot.h"
#include "games/traverse/state.h"
#include "games/traverse/view.h"

namespace arbiter::traverse {

struct Descriptor {
  using State = traverse::State;
  using Params = traverse::Params;
  using Actions = traverse::Actions;  // the research face: actions.h, observation.h, snapshot.h
  using Observation = traverse::Observation;
  using Snapshot = traverse::Snapshot;
  static constexpr std::string_view kName = "traverse";
  static constexpr std::string_view kTitle = "Traverse";
  static constexpr std::string_view kSummary =
      "2-4 players race 8 pieces across a 10x10 board by steps and chains of jumps (Taifho)";

  static constexpr ParamSpec kParams[] = {
      int_param("players", "2", kMinPlayers, kMaxPlayers,
                "R3: seats South,North / South,West,North / all four"),
      text_param("seats", "", "S,W,N,E", "any 2-4 distinct seats instead of players="),
      choice_param("rules", kRuleSetNames[0], kRuleSetNames,
                   "rule set: a preset of the four switches below"),
      bool_param("long_jumps", "off", "R9: long jumps over a distant piece; rules= sets it"),
      bool_param("circle_reversal", "off",
                 "R15: jumped opponent circles are lifted and placed; rules= sets it"),
      bool_param("goal_anchor", "off", "R14: a piece on its destination row stays; rules= sets it"),
      bool_param("reversal_from_goal", "off",
                 "R16: circles on their destination row are lifted too; rules= sets it"),
      int_param("max_plies", "1000", 0, kMaxPliesParam,
                "R20: ply limit, then adjudication; 0 = none"),
      choice_param("arrangement", kArrangementModes[0], kArrangementModes,
                   "R5: set-up of every start row; random draws it from seed="),
      int_param("seed", "0", 0, INT64_MAX, "seed of arrangement=random"),
      text_param("south", "SDTCCTDS", "SDTCCTDS",
                 "South's set-up, left to right from behind: two each of S D T C"),
      text_param("west", "SDTCCTDS", "SDTCCTDS", "West's set-up"),
      text_param("north", "SDTCCTDS", "SDTCCTDS", "North's set-up"),
      text_param("east", "SDTCCTDS", "SDTCCTDS", "East's set-up"),
  };

  // R4: the seats' colours; R3: the seats of each player count, in turn order.
  static constexpr SeatSpec kSouthSeat = {"south", "green"};
  static constexpr SeatSpec kWestSeat = {"west", "pink"};
  static constexpr SeatSpec kNorthSeat = {"north", "orange"};
  static constexpr SeatSpec kEastSeat = {"east", "yellow"};
  static constexpr SeatSpec kTwoSeats[] = {kSouthSeat, kNorthSeat};
  static constexpr SeatSpec kThreeSeats[] = {kSouthSeat, kWestSeat, kNorthSeat};
  static constexpr SeatSpec kFourSeats[] = {kSouthSeat, kWestSeat, kNorthSeat, kEastSeat};
  static constexpr Seating kSeatings[] = {
      {2, "players=2", kTwoSeats},
      {3, "players=3", kThreeSeats},
      {4, "players=4", kFourSeats},
  };

  // The pieces (R5, R6) and rows (R2) of the board views (view.h), as the terminal draws them.
  static constexpr GlyphSpec kGlyphs[] = {
      {"square", "", "S{owner}", false, "square: the 4 straight directions"},
      {"diamond", "", "D{owner}", false, "diamond: the 4 diagonals"},
      {"triangle", "", "T{owner}", false, "triangle: the 2 forward diagonals and straight back"},
      {"circle", "", "C{owner}", false, "circle: all 8 directions"},
  };
  static constexpr ZoneSpec kZones[] = {
      {"start", ':', false, "start row: where a player's pieces begin"},
      {"goal", ':', true, "destination row: where a player's pieces must arrive"},
  };
  static constexpr Legend kLegend = {
      kGlyphs, kZones,
      "S square D diamond T triangle C circle, then the seat s w n e; : start/goal rows"};

  static constexpr ConformanceCase kConformance[] = {
      {"players=2 rules=basic max_plies=300", 12, 7},
      {"players=2 rules=advanced max_plies=300", 12, 7},
      {"players=2 rules=expert max_plies=300", 4, 11},
      {"players=3 rules=basic max_plies=300", 8, 7},
      {"players=4 rules=basic max_plies=300", 8, 7},
      {"players=4 rules=expert max_plies=200", 3, 17},
      {"seats=west,east rules=advanced arrangement=random seed=7 max_plies=200", 6, 7},
      {"players=4 long_jumps=on circle_reversal=on max_plies=200", 3, 13},
      {"players=2 max_plies=40", 20, 5},
  };

  static constexpr BenchPosition kBench[] = {
      alphabeta_position("", 0, 9),
      alphabeta_position("", 9, 9),
      alphabeta_position("", 24, 9),
      mcts_position("", 30'000),
  };
  static constexpr std::string_view kPerftSuite = "traverse";
  // R19, R20: every game ends with a winner.
  static constexpr bool kHasDraws = false;
  // Fitted by scripts/winprob_fit.py on analysis/winprob/ (docs/analysis.md).
  static constexpr WinModel kWinModels[] = {
      {2, 0.00324038, 0},
      {3, 0.000393751, -0.636915},
      {4, 0.00114085, -0.800645},
  };

  static Result<Params> parse_params(const ParamMap& map) { return traverse::parse_params(map); }
  static std::string params_text(const Params& p) { return traverse::params_text(p); }
  static BoardView view(const State& s) { return traverse::view(s); }
  static Result<WrittenMove> read_move(const State&, std::string_view move) {
    return State::read_move(move);
  }
  static Result<MoveParts> move_parts(const State& before, const WrittenMove& written) {
    return traverse::move_parts(before, written);
  }
};

}  // namespace arbiter::traverse
