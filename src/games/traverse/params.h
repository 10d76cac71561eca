// Traverse game parameters (docs/traverse.md lists them): seats, rule switches, set-up, ply limit.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/params.h"
#include "core/result.h"
#include "games/traverse/geometry.h"

namespace arbiter::traverse {

// A start-row set-up: the kinds of the 8 pieces as seen from behind the start row, left to right.
using Arrangement = std::array<int8_t, 8>;
// R5: square diamond triangle circle circle triangle diamond square.
inline constexpr Arrangement kDefaultArrangement = {
    kSquarePiece, kDiamond, kTriangle, kCircle, kCircle, kTriangle, kDiamond, kSquarePiece};

inline constexpr int kMinPlayers = 2;  // R3
inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxPliesParam = 1'000'000;
// The `rules` presets (R9, R14–R16 switches), in parse_params' order: basic is the default.
inline constexpr std::string_view kRuleSetNames[] = {"basic", "advanced", "expert"};
inline constexpr std::string_view kArrangementModes[] = {"default", "random"};  // R5

struct Params {
  std::vector<int> seats = {kSouth, kNorth};  // R3: in turn order (clockwise from South)
  bool long_jumps = false;                    // R9
  bool circle_reversal = false;               // R15–R17
  bool goal_anchor = false;                   // R14
  bool reversal_from_goal = false;            // R16
  int max_plies = 1000;                       // R20; 0 = no limit
  std::array<Arrangement, kSeats> arrangement = {kDefaultArrangement, kDefaultArrangement,
                                                 kDefaultArrangement, kDefaultArrangement};
};

// Keys: players, seats, rules, long_jumps, circle_reversal, goal_anchor, reversal_from_goal,
// max_plies, arrangement (default|random), seed, south, west, north, east (e.g. SDTCCTDS).
Result<Params> parse_params(const ParamMap& map);
// Canonical text; parses back to the same Params (random set-ups are written out per seat).
std::string params_text(const Params& p);

// The start-row squares of a seat, from behind-left to right (the order of an Arrangement).
std::array<Square, 8> start_squares(int seat);
std::string arrangement_text(const Arrangement& a);

}  // namespace arbiter::traverse
