// Nim as one module (games/adapter.h says what a Descriptor is): parameters, seats, conformance
// parameter sets; no bench positions and no perft suite. The rules are state.h.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"
#include "core/text.h"
#include "games/board_view.h"
#include "games/descriptor_types.h"
#include "games/nim/state.h"

namespace arbiter::nim {

struct Descriptor {
  using State = nim::State;
  using Params = nim::Params;
  static constexpr std::string_view kName = "nim";
  static constexpr std::string_view kTitle = "Nim";
  static constexpr std::string_view kSummary = "take counters from heaps; the last counter wins";

  static constexpr ParamSpec kParams[] = {
      int_param("heaps", "3", 1, kMaxHeaps, "heaps of 1, 3, 5, ... counters"),
  };
  static constexpr SeatSpec kSeats[] = {{"first", "white"}, {"second", "black"}};
  static constexpr Seating kSeatings[] = {{2, "", kSeats}};
  static constexpr ConformanceCase kConformance[] = {{"", 20, 1}, {"heaps=6", 10, 3}};
  static constexpr std::span<const BenchPosition> kBench = {};
  static constexpr std::string_view kPerftSuite = "";

  static Result<Params> parse_params(const ParamMap& map) {
    if (auto known = map.check_known(kName, {"heaps"}); !known) return make_error(known.error());
    const auto heaps = parse_int(map.get("heaps").value_or("3"), 1, kMaxHeaps, "heaps");
    if (!heaps) return make_error(heaps.error());
    return Params{static_cast<int>(*heaps)};
  }
  static std::string params_text(const Params& p) { return "heaps=" + std::to_string(p.heaps); }
  static Result<State> new_state(const Params& p) { return State::start(p); }
  static Result<State> parse_position(const Params& p, std::string_view text) {
    return State::parse_position(p, text);
  }
  // A row of counters per heap, heap a on top; counter k of heap c is the cell c<k>.
  static BoardView view(const State& s) {
    BoardView v{"square", kMaxCounters, s.heaps(), {}, {}, -1, {}};
    for (int h = 0; h < s.heaps(); ++h) {
      for (int k = 0; k < s.heap(h); ++k) {
        const std::string name = s.move_text({uint8_t(h), uint8_t(k + 1)});
        v.cells.push_back({name, k, s.heaps() - 1 - h, "counter", -1, false, -1, -1});
      }
    }
    for (int p = 0; p < 2; ++p) {
      const bool to_move = !s.is_terminal() && s.to_move() == p;
      const std::string colour(kSeats[p].colour);
      v.players.push_back({s.player_name(p), colour, "", 0, 0, 0, to_move, ""});
    }
    return v;
  }
  // A move as written is a Move, legal or not (parse_move_text, the one reader of move text).
  static Result<Move> read_move(const State&, std::string_view move) {
    return parse_move_text(move);
  }
  // Taking k counters from heap c is pointed at as counter k of heap c: click c<k>. Every move,
  // legal or not, has one spelling, the canonical one.
  static Result<MoveParts> move_parts(const State& before, const Move& written) {
    const std::string name = before.move_text(written);
    return MoveParts{name, {{name}}, {}};
  }
};

}  // namespace arbiter::nim
