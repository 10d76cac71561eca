// Where `arbiter puzzles generate` finds games to mine (docs/analysis.md "Puzzles"): seeded
// self-play between engines, the finished games of a store, and record files. Each game comes
// as its start and final positions with the words naming it in a puzzle's source.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/levels.h"
#include "core/params.h"
#include "core/result.h"
#include "games/game.h"

namespace arbiter::cli::puzzles {

struct MinedGame {
  std::unique_ptr<GameState> start;
  std::unique_ptr<GameState> final;
  std::string source;  // "selfplay trap seed=1 game=2", "game ID", "record PATH"
};
// Called once per game, in order; an error stops the mining.
using GameSink = std::function<Status(MinedGame)>;

struct SelfPlay {
  const Game* game = nullptr;
  ParamMap params;
  int games = 0;
  ai::Recipe player;  // both seats; a node or depth budget, so games repeat everywhere
  uint64_t seed = 1;
  int random_plies = 4;  // random opening moves before the engines take over
};
Status self_play_games(const SelfPlay& setup, const GameSink& sink);

// The finished games of `game` stored at `db_url`, oldest first.
Status stored_games(const std::string& db_url, const Game& game, const GameSink& sink);

// Each record file (a game of `game`).
Status record_games(const std::vector<std::string>& paths, const Game& game, const GameSink& sink);

}  // namespace arbiter::cli::puzzles
