// Engine: one AI player that knows no protocol (design.md). It holds a copy of a runtime
// position and a player recipe (levels.h), searches asynchronously on its own thread and reports
// progress through callbacks; the terminal, the text protocol, the web server and the match tool
// all drive it the same way.
//
//   Engine e;
//   e.set_position(state);             // any GameState; its history is kept for repetition
//   e.set_player("level=7");
//   e.go(limits, on_progress, on_done); // returns at once
//   e.stop();                           // asks the search to end; returns at once
//   EngineResult r = e.wait();          // best move text, score, depth, nodes, pv
//
// Callbacks run on the search thread. One search at a time: go() while searching is an error.
// stop() only raises a flag (the search ends within a few milliseconds); wait() returns once the
// search thread has finished, on_done included, so stop() then wait() is "stop and report". The
// caller of wait() must not hold a lock that on_done takes, and on_done must not call wait().
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "ai/levels.h"
#include "engine/searcher.h"

namespace arbiter::engine {

class Engine {
 public:
  using DoneFn = std::function<void(const EngineResult&)>;

  Engine() = default;
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Copies the position (its concrete State, history included) into its game's searcher
  // (make_searcher(), engine/game_module.h, kept while the game stays the same).
  Status set_position(const GameState& state);
  void set_recipe(const ai::Recipe& recipe) { recipe_ = recipe; }
  Status set_player(std::string_view spec);  // parse_player_spec()
  // Whether `recipe`'s evaluation fits the position set last (Searcher::prepare); no position
  // yet is no error (the search checks it then, and falls back to the hand evaluation).
  Status check_eval(const ai::Recipe& recipe);
  const ai::Recipe& recipe() const { return recipe_; }

  // Starts a search; an error while one runs or without a position.
  Status go(const ai::SearchLimits& limits, ai::ProgressFn on_progress = {}, DoneFn on_done = {});
  void stop();
  // Waits for the running search (if any), including its on_done callback, and returns its
  // result (of the last search).
  EngineResult wait();
  bool searching() const { return running_.load(); }

  // Synchronous search: go() then wait().
  Result<EngineResult> search(const ai::SearchLimits& limits, ai::ProgressFn on_progress = {});

  // Forgets what earlier searches learned.
  void clear();

 private:
  const Game* game_ = nullptr;  // whose searcher searcher_ is
  std::unique_ptr<Searcher> searcher_;
  ai::Recipe recipe_ = ai::level_recipe(ai::kMaxLevel);
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> running_{false};
  EngineResult result_;
  bool has_position_ = false;
};

}  // namespace arbiter::engine
