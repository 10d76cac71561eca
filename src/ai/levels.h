// Playing strength: levels 1–10 as one table of named recipes (levels.cpp), and the player specs
// that name a recipe or adjust one (`level=5`, `random`, `level=10,threads=2`,
// `algo=mcts,nodes=20000`). A recipe says which algorithm runs, with which budget and how much
// evaluation noise; the budget of a timed recipe is a share of the time the caller gives.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "ai/search.h"
#include "core/result.h"

namespace arbiter::ai {

enum class Algorithm : uint8_t {
  kRandom,     // a uniformly random legal move
  kAlphaBeta,  // alphabeta.h; paranoid with 3–4 players
  kMcts,       // mcts.h; max^n with 3–4 players
  kBestReply,  // best_reply.h, 3–4 players where the game can pass (else alpha-beta)
};
std::string_view algorithm_name(Algorithm a);

enum class EvalKind : uint8_t { kClassic, kNet };
std::string_view eval_name(EvalKind e);

struct Recipe {
  const char* name = "custom";
  Algorithm algorithm = Algorithm::kAlphaBeta;
  // Multi-player Traverse may use a different algorithm at the same level (the match tool
  // decides which is strongest); kRandom here means "same as `algorithm`".
  Algorithm multiplayer = Algorithm::kRandom;
  int depth = 0;          // 0 = no depth limit
  uint64_t nodes = 0;     // 0 = no node limit (MCTS: playouts)
  double time_share = 0;  // share of the caller's time (0 = ignore the caller's time)
  int noise = 0;          // evaluation noise amplitude (eval units: ~100 = a small edge)
  int threads = 1;        // search threads (root-parallel)
  uint64_t seed = 0;
  // With 3–4 players, a depth cap on top of the budget (0 = none): there search gains nothing
  // past depth 3, so the levels are told apart by depth (levels.cpp).
  int multiplayer_depth = 0;
  // The evaluation: the game's hand evaluation, or a learned one (docs/ai.md) from `evalfile`
  // (empty: the game's shipped net for its player count, engine/net_paths.h).
  EvalKind eval = EvalKind::kClassic;
  std::string evalfile;
  // With the hand evaluation: its weights from this file (ai/weights.h; empty: the game's own).
  std::string weightsfile;
};

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 10;
const std::array<Recipe, kMaxLevel>& level_table();
const Recipe& level_recipe(int level);  // level in [kMinLevel, kMaxLevel]

// The algorithm a recipe runs for a game with `players` players.
Algorithm algorithm_for(const Recipe& r, int players);

// The limits of one search in a game of `players` players: the recipe's own budget, capped by
// the caller's limits (a timed recipe takes its share of the caller's time; an untimed one
// ignores it unless it has no budget at all).
SearchLimits recipe_limits(const Recipe& r, const SearchLimits& caller, int players = 2);

// Player specs: `random`, `level=N`, or comma/space separated keys level, algo
// (random|alphabeta|ab|paranoid|mcts|brs), depth, nodes, time (share), noise, threads, seed,
// mpdepth (the depth cap with 3–4 players), eval (classic|net) and evalfile (a net file; implies
// eval=net, and is loaded and checked here).
Result<Recipe> parse_player_spec(std::string_view spec);
std::string recipe_text(const Recipe& r);

}  // namespace arbiter::ai
