// Trap as one module (games/adapter.h says what a Descriptor is; src/games/README.md names its
// members): its parameters, seats, conformance parameter sets and bench positions, and the
// functions the runtime Game is made of. The rules are docs/trap.md and state.h.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "games/descriptor_types.h"
#include "games/trap/actions.h"
#include "games/trap/geometry.h"
#include "games/trap/listing.h"
#include "games/trap/observation.h"
#include "games/trap/params.h"
#include "games/trap/snapshot.h"
#include "games/trap/state.h"
#include "games/trap/view.h"

namespace arbiter::trap {

struct Descriptor {
  using State = trap::State;
  using Params = trap::Params;
  using Actions = trap::Actions;  // the research face: actions.h, observation.h, snapshot.h
  using Observation = trap::Observation;
  using Snapshot = trap::Snapshot;
  static constexpr std::string_view kName = "trap";
  static constexpr std::string_view kTitle = "Trap";
  static constexpr std::string_view kSummary =
      "Trap (IDEAL 1972): movers and walls on a hex field; trap all three opposing movers";

  static constexpr ParamSpec kParams[] = {
      int_param("size", "5", kMinSize, kMaxSize,
                "P1: cells on each side of the hexagonal field; 5 has 61 cells"),
      int_param("walls", "60", 0, kMaxWallsParam, "P3: walls in the shared pile; 0 = unlimited"),
      int_param("max_plies", "400", 0, kMaxPliesParam, "P11: draw after N plies; 0 = no limit"),
  };

  static constexpr SeatSpec kSeats[] = {{"red", "red"}, {"blue", "blue"}};  // red moves first
  static constexpr Seating kSeatings[] = {{2, "", kSeats}};

  // The movers of the board views (view.h): the side's initial, lower case once trapped (P9).
  static constexpr GlyphSpec kGlyphs[] = {
      {"mover", "trapped", "{owner}", true, "a trapped mover: it never moves again"},
      {"mover", "", "{OWNER}", false, "a mover"},
  };
  static constexpr Legend kLegend = {kGlyphs, {}, "R red, B blue (r, b trapped); walls | / \\"};
  static constexpr ClickHints kHints = {
      "Click one of your movers, or a slot between two cells for a wall.",
      "Not a legal step from here."};

  static constexpr ConformanceCase kConformance[] = {
      {"size=3 max_plies=150", 6, 7},          {"size=3 walls=10", 6, 9},
      {"size=4 walls=20 max_plies=120", 2, 9}, {"size=3 walls=0 max_plies=60", 3, 11},
      {"size=5 max_plies=12", 1, 12},
  };

  static constexpr BenchPosition kBench[] = {
      alphabeta_position("", 0, 5),
      alphabeta_position("", 9, 5),
      alphabeta_position("", 24, 5),
  };
  // Fitted by scripts/winprob_fit.py on analysis/winprob/ (docs/analysis.md).
  static constexpr WinModel kWinModels[] = {{2, 0.000102803, 0}};
  static constexpr bool kHasDraws = true;
  // Turns are listed per mover (listing.h): a turn's two parts may come in either order.
  static const MoveLister* move_lister() { return trap::move_lister(); }
  static constexpr std::string_view kPerftSuite = "trap";

  static Result<Params> parse_params(const ParamMap& map) { return trap::parse_params(map); }
  static std::string params_text(const Params& p) { return trap::params_text(p); }
  static BoardView view(const State& s) { return trap::view(s); }
  static Result<WrittenMove> read_move(const State& s, std::string_view move) {
    return s.read_move(move);
  }
  static Result<MoveParts> move_parts(const State& before, const WrittenMove& written) {
    return trap::move_parts(before, written);
  }
};

}  // namespace arbiter::trap
