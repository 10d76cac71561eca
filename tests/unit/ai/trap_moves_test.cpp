// The turns a Trap search considers (games/trap/ai.h): every movement turn and the wall turns next
// to enemy free movers that have a step, cut to the kTrapMaxSearchMoves best by trap_move_hint().
// Checked against the legal-turn list on positions along random games of several field sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <vector>

#include "core/rng.h"
#include "test_util.h"

namespace arbiter::ai {
namespace {

using trap::Move;
using trap::MoveKind;

// Whether a wall in `slot` would stand beside one of the enemy's free movers that has a step
// (one without is trapped at the end of this turn anyway, P9).
bool touches_enemy_mover(const trap::State& s, int slot) {
  for (int cell : s.geo().slot_cells[slot]) {
    int side = 0, index = 0;
    if (s.mover_at(cell, &side, &index) && side != s.to_move() && !s.mover_trapped(side, index) &&
        s.has_step(cell)) {
      return true;
    }
  }
  return false;
}

bool is_candidate(const trap::State& s, const Move& m) {
  switch (m.kind) {
    case MoveKind::kStepWall:
      return touches_enemy_mover(s, m.c);
    case MoveKind::kWalls:
      return touches_enemy_mover(s, m.a) && touches_enemy_mover(s, m.b);
    default:
      return true;
  }
}

uint64_t key(const Move& m) { return std::bit_cast<uint64_t>(m); }

void expect_best_candidates(const trap::State& s, int ply) {
  std::vector<Move> candidates;
  s.for_each_move([&](const Move& m) {
    if (is_candidate(s, m)) candidates.push_back(m);
    return true;
  });
  std::vector<Move> searched;
  trap_search_moves(s, searched);
  if (candidates.empty()) {  // nothing near: a share of the legal turns, or `pass`
    EXPECT_LE(searched.size(), kTrapMaxSearchMoves) << "ply " << ply;
    return;
  }
  ASSERT_EQ(searched.size(), std::min(candidates.size(), kTrapMaxSearchMoves)) << "ply " << ply;
  std::map<uint64_t, int> hint_of;
  for (const Move& m : candidates) hint_of[key(m)] = trap_move_hint(s, m);
  std::map<uint64_t, int> kept;
  int lowest_kept = 1 << 30;
  for (const Move& m : searched) {
    ASSERT_TRUE(hint_of.count(key(m))) << "ply " << ply << ": not a candidate turn";
    EXPECT_EQ(++kept[key(m)], 1) << "ply " << ply << ": listed twice";
    lowest_kept = std::min(lowest_kept, hint_of[key(m)]);
  }
  for (const Move& m : candidates) {
    if (!kept.count(key(m))) {
      EXPECT_LE(hint_of[key(m)], lowest_kept) << "ply " << ply << ": a better turn was left out";
    }
  }
}

TEST(TrapSearchMoves, KeepTheBestCandidatesByHint) {
  for (const char* params :
       {"", "size=3", "size=4 walls=20", "size=7", "size=8 walls=0 max_plies=0"}) {
    SCOPED_TRACE(params);
    auto map = ParamMap::parse(params);
    ASSERT_TRUE(map.ok());
    auto p = trap::parse_params(*map);
    ASSERT_TRUE(p.ok());
    trap::State s = trap::State::start(*p);
    Rng rng(7);
    for (int ply = 0; ply < 60 && !s.is_terminal(); ++ply) {
      expect_best_candidates(s, ply);
      s.apply(s.sample_move(rng));
    }
  }
}

}  // namespace
}  // namespace arbiter::ai
