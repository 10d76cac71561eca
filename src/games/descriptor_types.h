// What a game declares about itself, as plain data: its parameter schema, its seats, the
// parameter sets the conformance suite plays and the positions the search bench searches. Each
// game's descriptor (games/<game>/descriptor.h) holds these as constexpr tables; the runtime Game
// (game.h) hands them out, so the CLI, the server and the tests read them without naming a game.
// The strings and spans point into those static tables: they live as long as the program.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace arbiter {

enum class ParamType : uint8_t {
  kInt,     // a whole number in [min, max]
  kChoice,  // one of `choices`
  kBool,    // on or off
  kText,    // free text the game checks itself (`example` shows its form)
};

// One `key=value` parameter. The game's parser (Descriptor::parse_params) is the authority; the
// conformance suite checks that it accepts exactly what the schema says (defaults, bounds,
// choices).
struct ParamSpec {
  std::string_view name;
  ParamType type = ParamType::kText;
  // The value the parser assumes when the key is absent, as written ("" when it follows from
  // other keys, as Traverse's seats follow from players).
  std::string_view default_value;
  int64_t min = 0;                                 // kInt
  int64_t max = 0;                                 // kInt
  std::span<const std::string_view> choices = {};  // kChoice
  std::string_view example = {};                   // kText: what a value looks like
  std::string_view help;                           // one line
};

// Schema entries, one maker per type. `default_value` is written as the user would write it.
constexpr ParamSpec int_param(std::string_view name, std::string_view default_value, int64_t min,
                              int64_t max, std::string_view help) {
  return {name, ParamType::kInt, default_value, min, max, {}, {}, help};
}
constexpr ParamSpec choice_param(std::string_view name, std::string_view default_value,
                                 std::span<const std::string_view> choices, std::string_view help) {
  return {name, ParamType::kChoice, default_value, 0, 0, choices, {}, help};
}
constexpr ParamSpec bool_param(std::string_view name, std::string_view default_value,
                               std::string_view help) {
  return {name, ParamType::kBool, default_value, 0, 0, {}, {}, help};
}
constexpr ParamSpec text_param(std::string_view name, std::string_view default_value,
                               std::string_view example, std::string_view help) {
  return {name, ParamType::kText, default_value, 0, 0, {}, example, help};
}

// The help text of a schema: one `key=values  meaning (default ...)` line per parameter, aligned.
std::string params_help_text(std::span<const ParamSpec> specs);

// One player's seat: its name (as GameState::player_name gives it) and the colour the rules give
// it (as BoardView's ViewPlayer::colour).
struct SeatSpec {
  std::string_view name;
  std::string_view colour;
};

// The seats, in turn order, of a game with `players` players: the seating `params` gives.
struct Seating {
  int players = 2;
  std::string_view params;  // parameters that give this seating ("" = the defaults)
  std::span<const SeatSpec> seats;
};

// A parameter set of the conformance suite (tests/conformance/): `games` random playouts with
// fixed seeds; the costlier checks (undo of every move, perft 2) run every `check_every` plies.
struct ConformanceCase {
  std::string_view params;
  int games = 1;
  int check_every = 7;
};

// A position of the search bench (engine/search_bench.h): the start under `params`, advanced by
// `plies` pseudo-random moves, then searched by alpha-beta to `depth` or, when `playouts` is not
// zero, by that many MCTS playouts. Node counts are deterministic: they make the bench signature.
struct BenchPosition {
  std::string_view params;
  int plies = 0;
  int depth = 0;
  uint64_t playouts = 0;
};
constexpr BenchPosition alphabeta_position(std::string_view params, int plies, int depth) {
  return {params, plies, depth, 0};
}
constexpr BenchPosition mcts_position(std::string_view params, uint64_t playouts) {
  return {params, 0, 0, playouts};
}

}  // namespace arbiter
