// GameAi for Traverse (game_ai.h): every legal move is searched; the evaluation
// (games/traverse/ai_eval.cpp) is a race count with named terms and weights, seat-relative for 3–4
// players.
#pragma once

#include <cstdint>

#include "ai/game_ai.h"
#include "ai/weights.h"
#include "games/traverse/features.h"
#include "games/traverse/state.h"

namespace arbiter::ai {

// Evaluation weights, in centi-rows (100 = one row nearer the destination).
struct TraverseWeights {
  int distance = 100;  // per row a piece still has to go to its destination row
  int laggard = 6;     // per squared row distance: bring the last pieces along
  int home = 40;       // per piece standing on its destination row
  int jump_lane = 25;  // per piece with a forward jump available now
  int blocked = 100;   // per piece (not home) with no forward step or jump
  int tempo = 150;     // for the player to move: about what one move gains
  int lateral = 80;    // per move a piece needs beyond its rows to reach a free home square
  int no_slot = 300;   // per diamond with no free home square of its colour left
};
inline constexpr TraverseWeights kTraverseWeights{};

// Rows piece on `s` of `seat` still has to travel (0 on its destination row).
int traverse_distance(int seat, traverse::Square s);
// The race score of one seat alone (larger = nearer to bringing every piece home).
int traverse_seat_score(const traverse::State& s, int seat, const TraverseWeights& w);
// For 2 players: own score − the opponent's; for 3–4: own score − the best opponent's.
int traverse_evaluate(const traverse::State& s, int player, const TraverseWeights& w);

template <>
struct GameAi<traverse::State> {
  using Move = traverse::Move;
  using MoveList = traverse::State::MoveList;
  static constexpr int kAspiration = 60;
  static constexpr Reductions kReductions{};
  static constexpr bool kQuiescence = false;
  static constexpr Move kPass{};  // best_reply.h: a skipped opponent (only advances the turn)

  static void search_moves(const traverse::State& s, MoveList& out) { s.generate(out); }
  static int evaluate(const traverse::State& s, int player) {
    return traverse_evaluate(s, player, kTraverseWeights);
  }
  // The evaluation's tunable weights (ai/weights.h).
  using Weights = TraverseWeights;
  static constexpr const Weights& kWeights = kTraverseWeights;
  static constexpr auto kWeightFields = std::to_array<WeightField<Weights>>({
      {"distance", [](TraverseWeights& w) -> int& { return w.distance; }},
      {"laggard", [](TraverseWeights& w) -> int& { return w.laggard; }},
      {"home", [](TraverseWeights& w) -> int& { return w.home; }},
      {"jump_lane", [](TraverseWeights& w) -> int& { return w.jump_lane; }},
      {"blocked", [](TraverseWeights& w) -> int& { return w.blocked; }},
      {"tempo", [](TraverseWeights& w) -> int& { return w.tempo; }},
      {"lateral", [](TraverseWeights& w) -> int& { return w.lateral; }},
      {"no_slot", [](TraverseWeights& w) -> int& { return w.no_slot; }},
  });
  static int evaluate_with(const traverse::State& s, int player, const Weights& w) {
    return traverse_evaluate(s, player, w);
  }
  static bool is_noisy(const traverse::State&, const Move&) { return false; }
  // Forward progress of the move, in rows.
  static int move_hint(const traverse::State& s, const Move& m) {
    if (m.is_pass()) return -100;
    const int seat = traverse::seat_of(s.at(m.from));
    return traverse_distance(seat, m.from) - traverse_distance(seat, m.to);
  }
  static uint32_t move_key(const Move& m) { return m.from * 101u + m.to; }
  // The learned evaluation's inputs (games/traverse/features.h, ai/net_eval.h).
  static constexpr std::string_view kFeatureSet = traverse::kFeatureSet;
  static int num_features(const traverse::State&) { return traverse::kNumFeatures; }
  static void features(const traverse::State& s, int player, nn::FeatureList& out) {
    traverse::features(s, player, out);
  }
};

}  // namespace arbiter::ai
