#include "games/traverse/params.h"

#include <algorithm>

#include "core/rng.h"
#include "core/text.h"

namespace arbiter::traverse {
namespace {

Result<bool> parse_switch(const std::string& key, const std::string& value) {
  const std::string v = to_lower(value);
  if (v == "on" || v == "true" || v == "1" || v == "yes") return true;
  if (v == "off" || v == "false" || v == "0" || v == "no") return false;
  return make_error(key + ": expected on or off, got " + quote(value));
}

Result<Arrangement> parse_arrangement(const std::string& key, const std::string& value) {
  Arrangement a{};
  std::array<int, kKinds> count{};
  if (value.size() != 8) {
    return make_error(key + ": expected 8 letters of S D T C (two of each), got " + quote(value));
  }
  for (std::size_t i = 0; i < 8; ++i) {
    const char c = static_cast<char>(value[i] & ~0x20);
    int kind = -1;
    for (int k = 0; k < kKinds; ++k) {
      if (kind_letter(k) == c) kind = k;
    }
    if (kind < 0)
      return make_error(key + ": " + quote(value.substr(i, 1)) + " is not S, D, T or C");
    a[i] = static_cast<int8_t>(kind);
    ++count[kind];
  }
  for (int k = 0; k < kKinds; ++k) {
    if (count[k] != 2) {
      return make_error(key + ": needs exactly two of each piece, has " + std::to_string(count[k]) +
                        " " + std::string(kind_name(k)) + "s");
    }
  }
  return a;
}

struct RuleSet {
  std::string_view name;
  bool long_jumps, circle_reversal, goal_anchor, reversal_from_goal;
};
constexpr RuleSet kRuleSets[] = {
    {kRuleSetNames[0], false, false, false, false},
    {kRuleSetNames[1], true, true, true, false},
    {kRuleSetNames[2], true, true, true, true},
};
static_assert(std::size(kRuleSets) == std::size(kRuleSetNames));

std::vector<int> default_seats(int players) {
  if (players == 2) return {kSouth, kNorth};
  if (players == 3) return {kSouth, kWest, kNorth};
  return {kSouth, kWest, kNorth, kEast};
}

}  // namespace

std::array<Square, 8> start_squares(int seat) {
  std::array<Square, 8> out{};
  for (int i = 0; i < 8; ++i) {
    switch (seat) {
      case kSouth:
        out[i] = make_square(0, 1 + i);
        break;
      case kWest:
        out[i] = make_square(8 - i, 0);
        break;
      case kNorth:
        out[i] = make_square(9, 8 - i);
        break;
      default:
        out[i] = make_square(1 + i, 9);
        break;
    }
  }
  return out;
}

std::string arrangement_text(const Arrangement& a) {
  std::string out;
  for (auto k : a) out += kind_letter(k);
  return out;
}

Result<Params> parse_params(const ParamMap& map) {
  static const std::vector<std::string_view> kKnown = {"players",
                                                       "seats",
                                                       "rules",
                                                       "long_jumps",
                                                       "circle_reversal",
                                                       "goal_anchor",
                                                       "reversal_from_goal",
                                                       "max_plies",
                                                       "arrangement",
                                                       "seed",
                                                       "south",
                                                       "west",
                                                       "north",
                                                       "east"};
  if (auto st = map.check_known("traverse", kKnown); !st) return make_error(st.error());
  Params p;

  int players = 0;
  if (auto v = map.get("players")) {
    auto n = parse_int(*v, kMinPlayers, kMaxPlayers, "players");
    if (!n) return make_error(n.error());
    players = static_cast<int>(*n);
    p.seats = default_seats(players);
  }
  if (auto v = map.get("seats")) {
    std::array<bool, kSeats> used{};
    for (auto name : split(*v, ",")) {
      auto seat = parse_seat(name);
      if (!seat) return make_error("seats: " + quote(name) + " is not south, west, north or east");
      if (used[*seat]) return make_error("seats: " + std::string(seat_name(*seat)) + " twice");
      used[*seat] = true;
    }
    p.seats.clear();
    for (int s = 0; s < kSeats; ++s) {
      if (used[s]) p.seats.push_back(s);  // R3: turn order is clockwise from South
    }
    if (p.seats.size() < 2) return make_error("seats: a game needs 2 to 4 distinct seats");
    if (players && static_cast<int>(p.seats.size()) != players) {
      return make_error("seats: names " + std::to_string(p.seats.size()) +
                        " seats but players=" + std::to_string(players));
    }
  }

  if (auto v = map.get("rules")) {
    const RuleSet* found = nullptr;
    for (const auto& r : kRuleSets) {
      if (to_lower(*v) == r.name) found = &r;
    }
    if (!found) return make_error("rules: expected basic, advanced or expert, got " + quote(*v));
    p.long_jumps = found->long_jumps;
    p.circle_reversal = found->circle_reversal;
    p.goal_anchor = found->goal_anchor;
    p.reversal_from_goal = found->reversal_from_goal;
  }
  const std::pair<const char*, bool*> switches[] = {{"long_jumps", &p.long_jumps},
                                                    {"circle_reversal", &p.circle_reversal},
                                                    {"goal_anchor", &p.goal_anchor},
                                                    {"reversal_from_goal", &p.reversal_from_goal}};
  for (auto [key, field] : switches) {
    if (auto v = map.get(key)) {
      auto on = parse_switch(key, *v);
      if (!on) return make_error(on.error());
      *field = *on;
    }
  }
  if (auto v = map.get("max_plies")) {
    auto n = parse_int(*v, 0, kMaxPliesParam, "max_plies");
    if (!n) return make_error(n.error());
    p.max_plies = static_cast<int>(*n);
  }

  // R5: set-up. arrangement=random shuffles every seat from `seed`; per-seat keys override.
  const std::string mode =
      to_lower(map.get("arrangement").value_or(std::string(kArrangementModes[0])));
  if (mode != kArrangementModes[0] && mode != kArrangementModes[1]) {
    return make_error("arrangement: expected default or random, got " + quote(mode));
  }
  uint64_t seed = 0;
  if (auto v = map.get("seed")) {
    auto n = parse_int(*v, 0, INT64_MAX, "seed");
    if (!n) return make_error(n.error());
    seed = static_cast<uint64_t>(*n);
  }
  if (mode == kArrangementModes[1]) {
    Rng rng(seed);
    for (auto& a : p.arrangement) {
      for (int i = 7; i > 0; --i) std::swap(a[i], a[rng.below(i + 1)]);
    }
  }
  for (int s = 0; s < kSeats; ++s) {
    const std::string key(seat_name(s));
    if (auto v = map.get(key)) {
      auto a = parse_arrangement(key, *v);
      if (!a) return make_error(a.error());
      p.arrangement[s] = *a;
    }
  }
  return p;
}

std::string params_text(const Params& p) {
  std::string out;
  if (p.seats == default_seats(static_cast<int>(p.seats.size()))) {
    out = "players=" + std::to_string(p.seats.size());
  } else {
    out = "seats=";
    for (std::size_t i = 0; i < p.seats.size(); ++i) {
      out += (i ? "," : "") + std::string(seat_name(p.seats[i]));
    }
  }
  const RuleSet* preset = nullptr;
  for (const auto& r : kRuleSets) {
    if (r.long_jumps == p.long_jumps && r.circle_reversal == p.circle_reversal &&
        r.goal_anchor == p.goal_anchor && r.reversal_from_goal == p.reversal_from_goal) {
      preset = &r;
    }
  }
  if (preset) {
    out += " rules=" + std::string(preset->name);
  } else {
    auto sw = [](bool b) { return b ? "on" : "off"; };
    out += std::string(" long_jumps=") + sw(p.long_jumps) +
           " circle_reversal=" + sw(p.circle_reversal) + " goal_anchor=" + sw(p.goal_anchor) +
           " reversal_from_goal=" + sw(p.reversal_from_goal);
  }
  out += " max_plies=" + std::to_string(p.max_plies);
  for (int s : p.seats) {
    if (p.arrangement[s] != kDefaultArrangement) {
      out += " " + std::string(seat_name(s)) + "=" + arrangement_text(p.arrangement[s]);
    }
  }
  return out;
}

}  // namespace arbiter::traverse
