// Nim as one module (games/adapter.h says what a Descriptor is): parameters, seats, conformance
// parameter sets; no bench positions and no perft suite. The rules are state.h.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "core/text.h"
#include "games/descriptor_types.h"
#include "games/nim/actions.h"
#include "games/nim/state.h"
#include "games/nim/view.h"

namespace arbiter::nim {

struct Descriptor {
  using State = nim::State;
  using Params = nim::Params;
  using Actions = nim::Actions;  // the research face: actions.h
  using Observation = nim::Observation;
  using Snapshot = nim::Snapshot;
  static constexpr std::string_view kName = "nim";
  static constexpr std::string_view kTitle = "Nim";
  static constexpr std::string_view kSummary = "take counters from heaps; the last counter wins";

  static constexpr ParamSpec kParams[] = {
      int_param("heaps", "3", 1, kMaxHeaps, "heaps of 1, 3, 5, ... counters"),
  };
  static constexpr SeatSpec kSeats[] = {{"first", "white"}, {"second", "black"}};
  static constexpr Seating kSeatings[] = {{2, "", kSeats}};
  static constexpr GlyphSpec kGlyphs[] = {{"counter", "", "C", false, "a counter"}};
  static constexpr Legend kLegend = {kGlyphs, {}, ""};
  static constexpr ConformanceCase kConformance[] = {{"", 20, 1}, {"heaps=6", 10, 3}};
  static constexpr std::span<const BenchPosition> kBench = {};
  static constexpr bool kHasDraws = false;
  static constexpr std::string_view kPerftSuite = "";

  static Result<Params> parse_params(const ParamMap& map) {
    if (auto known = map.check_known(kName, {"heaps"}); !known) return make_error(known.error());
    const auto heaps = parse_int(map.get("heaps").value_or("3"), 1, kMaxHeaps, "heaps");
    if (!heaps) return make_error(heaps.error());
    return Params{static_cast<int>(*heaps)};
  }
  static std::string params_text(const Params& p) { return "heaps=" + std::to_string(p.heaps); }
  static BoardView view(const State& s) { return nim::view(s); }
  // A move as written is a Move, legal or not (parse_move_text, the one reader of move text).
  static Result<Move> read_move(const State&, std::string_view move) {
    return parse_move_text(move);
  }
  static Result<MoveParts> move_parts(const State& before, const Move& written) {
    return nim::move_parts(before, written);
  }
};

}  // namespace arbiter::nim
