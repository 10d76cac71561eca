// What a game declares about itself, as plain data: its parameter schema, its seats, the legend
// of its board views, the parameter sets the conformance suite plays and the positions the
// search bench searches. Each
// game's descriptor (games/<game>/descriptor.h) holds these as constexpr tables; the runtime Game
// (game.h) hands them out, so the CLI, the server and the tests read them without naming a game.
// The strings and spans point into those static tables: they live as long as the program.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
// A parameter type as the catalog and the Python module spell it: "int", "choice", "bool", "text".
std::string_view param_type_name(ParamType type);

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

// One entry of a game's legend: a piece (or mark) its board views name by key (ViewCell::glyph,
// games/board_view.h), how the terminal draws it and what it is.
struct GlyphSpec {
  std::string_view key;  // as ViewCell::glyph: "square", "mover"
  // "" for every cell with the key; else only cells that carry this tag (ViewCell::tags), which
  // the entry then describes ahead of an untagged one of the same key: a "trapped" mover.
  std::string_view tag;
  // The terminal's letters: one alternative per owner (player index), separated by '/', the
  // last standing for every further owner (and none): "T/t" is White's T and Black's t. In an
  // alternative `{owner}` stands for the owner's initial (its name's first letter) in lower case
  // and `{OWNER}` in upper case: "S{owner}" is "Ss" for South's square.
  std::string_view letters;
  bool faint = false;            // drawn faint where the terminal shows colour
  std::string_view description;  // one line: "a trapped mover: it never moves again"
};

// A kind of zone a game's board views mark (BoardView::zones): "start" and "goal" rows.
struct ZoneSpec {
  std::string_view kind;         // as ViewZone::kind
  char mark = ':';               // how the terminal draws an empty cell of the zone
  bool tinted = false;           // drawn in its owner's colour where the terminal shows colour
  std::string_view description;  // one line: "destination row"
};

// What the marks on a game's boards mean: every glyph key and zone kind its views use, and the
// line the terminal prints under a board.
struct Legend {
  std::span<const GlyphSpec> glyphs;
  std::span<const ZoneSpec> zones = {};
  std::string_view line;  // "S square D diamond ...": the letters, as the terminal draws them
};

// The legend entry of a cell showing `key` with `tags`: a tagged entry whose tag the cell
// carries, else the untagged entry; null when the legend has neither.
const GlyphSpec* find_glyph(const Legend& legend, std::string_view key,
                            const std::vector<std::string>& tags);
const ZoneSpec* find_zone(const Legend& legend, std::string_view kind);
// The letters `spec` gives a piece of `owner` (-1: none) whose name is `owner_name`.
std::string glyph_letters(const GlyphSpec& spec, int owner, std::string_view owner_name);
// How many characters the widest letters of the legend take (1 at least).
int glyph_width(const Legend& legend);

// What a UI says when a click on the board is not one the game offers: the first click on a
// cell with no piece, and a later click the move cannot take. A Descriptor without `kHints` has
// the defaults.
struct ClickHints {
  std::string_view empty_cell = "Nothing to move there: click one of your pieces.";
  std::string_view bad_target = "Not a legal destination.";
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

// A game's win probability for `players` players (engine/win_probability.h): a player's expected
// result (1 a win, 1/2 a draw, 0 a loss) from a search score in its own terms,
// 1 / (1 + exp(-(scale * score + offset))), fitted on self-play by scripts/winprob_fit.py
// (docs/analysis.md). With 2 players the offset is 0.
struct WinModel {
  int players = 2;
  double scale = 0;
  double offset = 0;
};

}  // namespace arbiter
