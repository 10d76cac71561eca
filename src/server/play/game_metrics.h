// The games' metrics (core/metrics.h): moves stored and games finished by game, games lost on
// time, and the games in memory by game and status, read when /metrics is rendered. An observer
// of the hub's game events (game_events.h), registered once with the hub.
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>

#include "server/play/game_events.h"

namespace arbiter::server {

class GameMetrics {
 public:
  // Registers the reading of the games being played (arbiter_live_games) until destroyed.
  GameMetrics();
  ~GameMetrics();
  GameMetrics(const GameMetrics&) = delete;
  GameMetrics& operator=(const GameMetrics&) = delete;

  // Under the game's lock (GameObservers::publish): counts the plies added since the game was
  // last seen, and an ending once.
  void observe(const GameChanged& event);

  // How a finished game ended, from its result text: "resigned", "time", "agreed", "aborted",
  // "abandoned", or "board" (by the rules: a win or a draw on the board).
  static std::string reason_of(const std::string& result);

 private:
  struct Playing {
    std::string game;  // its game's name
    int plies = 0;     // the plies last counted
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Playing> playing_;  // by id: the games seen being played
};

}  // namespace arbiter::server
