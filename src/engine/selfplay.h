// Self-play for the learned evaluations (`arbiter selfplay`, docs/ai.md): the engine plays
// itself from varied openings and samples positions with the search's value for every player,
// each game's result and its features (selfplay_data.h).
//
// Game i of a run starts from `random_plies` uniformly random plies (drawn from [min, max],
// seeded by seed and i; an opening that ends the game is drawn again), then every ply is
// searched by `recipe` within `limits`, and a ply is kept with probability `sample`. With a node
// or depth limit and no time limit, game i is the same on any machine and any thread count, and
// the file is too: games are written in index order. Games i with i mod shards = shard are this
// run's. A run onto an existing file of the same game, parameters and features continues it:
// a block cut short is cut off, and the games already there are not played again.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "ai/levels.h"
#include "ai/search.h"
#include "core/params.h"
#include "core/result.h"
#include "games/game.h"

namespace arbiter::engine {

struct SelfplayOptions {
  const Game* game = nullptr;
  ParamMap params;
  ai::Recipe recipe;
  std::string recipe_spec;  // as the user wrote it, for the file's header
  ai::SearchLimits limits;
  int games = 0;
  int threads = 1;
  uint64_t seed = 0;
  int shard = 0, shards = 1;
  int random_plies_min = 2, random_plies_max = 8;
  double sample = 0.5;
  int max_plies = 600;  // a game still running after these plies ends unscored (not written)
  std::string out;
};

struct SelfplayProgress {
  int games_done = 0;  // this shard's, the ones already in the file included
  int games_total = 0;
  uint64_t positions = 0;
  double seconds = 0;
};

// Plays the shard's missing games into options.out. `progress` (may be empty) is called after
// each game written; `stop` (may be null) ends the run after the games in play.
Status run_selfplay(const SelfplayOptions& options,
                    const std::function<void(const SelfplayProgress&)>& progress = {},
                    const std::atomic<bool>* stop = nullptr);

}  // namespace arbiter::engine
