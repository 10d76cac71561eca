// Trap's game parameters (P1, P3, P11): `size=3..8 walls=N max_plies=N` (the descriptor's
// schema describes them).
#pragma once

#include <string>
#include <string_view>

#include "core/params.h"
#include "core/result.h"

namespace arbiter::trap {

inline constexpr int kMaxWallsParam = 100000;
inline constexpr int kMaxPliesParam = 1000000;

struct Params {
  int size = 5;         // P1: cells on each side of the hexagon
  int walls = 60;       // P3: the shared pile; 0 = unlimited
  int max_plies = 400;  // P11: draw after this many plies; 0 = no limit
  bool unlimited_walls() const { return walls == 0; }
};

Result<Params> parse_params(const ParamMap& map);
// Canonical: every key, defaults included, in the order size, walls, max_plies.
std::string params_text(const Params& params);

}  // namespace arbiter::trap
