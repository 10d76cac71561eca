// GameAi for The Travelers (game_ai.h): every legal move is searched, captures are extended by
// quiescence; the evaluation (games/travelers/ai_eval.cpp) has named terms and weights.
#pragma once

#include <array>
#include <cstdint>

#include "ai/game_ai.h"
#include "ai/weights.h"
#include "games/travelers/features.h"
#include "games/travelers/state.h"

namespace arbiter::ai {

struct TravelersWeights {
  // Material by kind (V2 order: Traveler, Displacer, Block, Ace, Deuce, Trey); Travelers and
  // the Block can never be captured (V7), so they carry no material.
  std::array<int, travelers::kKinds> material = {0, 450, 0, 250, 300, 320};
  int progress = 40;     // per rank a Traveler has advanced
  int progress_sq = 12;  // per squared rank: the last ranks count most
  int arrived = 900;     // per Traveler on its last rank (V12 needs both)
  int safe_step = 20;    // per square a Traveler can move forward to without check (V8)
  int one_move = 500;    // a Traveler that can reach its last rank next move, safely
  int mobility = 3;      // per empty square next to a capturing piece or the Displacer
  int displacer = 60;    // own Displacer lined up next to an advanced enemy Traveler (V10)
  int tempo = 80;        // for the side to move
};
inline constexpr TravelersWeights kTravelersWeights{};

int travelers_evaluate(const travelers::State& s, int player, const TravelersWeights& w);

template <>
struct GameAi<travelers::State> {
  using Move = travelers::Move;
  using MoveList = travelers::State::MoveList;
  static constexpr int kAspiration = 50;
  static constexpr Reductions kReductions{};
  static constexpr bool kQuiescence = true;

  static void search_moves(const travelers::State& s, MoveList& out) { s.generate(out); }
  static int evaluate(const travelers::State& s, int player) {
    return travelers_evaluate(s, player, kTravelersWeights);
  }
  // The evaluation's tunable weights (ai/weights.h); material by kind, of the kinds that can
  // be captured.
  using Weights = TravelersWeights;
  static constexpr const Weights& kWeights = kTravelersWeights;
  static constexpr auto kWeightFields = std::to_array<WeightField<Weights>>({
      {"displacer_material", [](TravelersWeights& w) -> int& { return w.material[1]; }},
      {"ace", [](TravelersWeights& w) -> int& { return w.material[3]; }},
      {"deuce", [](TravelersWeights& w) -> int& { return w.material[4]; }},
      {"trey", [](TravelersWeights& w) -> int& { return w.material[5]; }},
      {"progress", [](TravelersWeights& w) -> int& { return w.progress; }},
      {"progress_sq", [](TravelersWeights& w) -> int& { return w.progress_sq; }},
      {"arrived", [](TravelersWeights& w) -> int& { return w.arrived; }},
      {"safe_step", [](TravelersWeights& w) -> int& { return w.safe_step; }},
      {"one_move", [](TravelersWeights& w) -> int& { return w.one_move; }},
      {"mobility", [](TravelersWeights& w) -> int& { return w.mobility; }},
      {"displacer", [](TravelersWeights& w) -> int& { return w.displacer; }},
      {"tempo", [](TravelersWeights& w) -> int& { return w.tempo; }},
  });
  static int evaluate_with(const travelers::State& s, int player, const Weights& w) {
    return travelers_evaluate(s, player, w);
  }
  // Captures (V6): the only forcing moves; a quiet position is one without good captures.
  static bool is_noisy(const travelers::State& s, const Move& m) {
    return s.at(m.to) != 0 && !m.displaces();
  }
  static int move_hint(const travelers::State& s, const Move& m) {
    const travelers::Piece victim = s.at(m.to);
    const int mover = travelers::kind_of(s.at(m.from));
    if (victim != 0) {
      return 1000 + kTravelersWeights.material[travelers::kind_of(victim)] -
             kTravelersWeights.material[mover] / 10;
    }
    int hint = m.displaces() ? 50 : 0;
    if (mover == travelers::kTraveler) {
      const int dr = travelers::rank_of(m.to) - travelers::rank_of(m.from);
      hint += 30 * (s.to_move() == travelers::kWhite ? dr : -dr);
    }
    return hint;
  }
  static uint32_t move_key(const Move& m) {
    return m.from * 81u + m.to + (m.displaces() ? 7000u + m.drop : 0u);
  }
  // The learned evaluation's inputs (games/travelers/features.h, ai/net_eval.h).
  static constexpr std::string_view kFeatureSet = travelers::kFeatureSet;
  static int num_features(const travelers::State&) { return travelers::kNumFeatures; }
  static void features(const travelers::State& s, int player, nn::FeatureList& out) {
    travelers::features(s, player, out);
  }
};

}  // namespace arbiter::ai
