#include "engine/engine.h"

#include "engine/game_module.h"

namespace arbiter::engine {

Engine::~Engine() {
  stop();
  if (thread_.joinable()) thread_.join();
}

Status Engine::set_position(const GameState& state) {
  if (running_) return make_error("the engine is searching; stop it first");
  if (thread_.joinable()) thread_.join();
  if (!searcher_ || &state.game() != game_) {
    searcher_ = make_searcher(state.game());
    game_ = &state.game();
  }
  auto st = searcher_->set_position(state);
  if (!st) return st;
  has_position_ = true;
  return {};
}

Status Engine::set_player(std::string_view spec) {
  auto r = ai::parse_player_spec(spec);
  if (!r) return make_error(r.error());
  if (auto st = check_eval(*r); !st) return st;
  recipe_ = *r;
  return {};
}

Status Engine::check_eval(const ai::Recipe& recipe) {
  if (!searcher_ || running_) return {};
  return searcher_->prepare(recipe);
}

Status Engine::go(const ai::SearchLimits& limits, ai::ProgressFn on_progress, DoneFn on_done) {
  if (running_) return make_error("the engine is already searching");
  if (!has_position_) return make_error("no position set");
  if (thread_.joinable()) thread_.join();
  stop_ = false;
  running_ = true;
  thread_ = std::thread(
      [this, limits, on_progress = std::move(on_progress), on_done = std::move(on_done)] {
        result_ = searcher_->search(recipe_, limits, stop_, on_progress);
        if (on_done) on_done(result_);
        running_ = false;
      });
  return {};
}

void Engine::stop() { stop_ = true; }

EngineResult Engine::wait() {
  if (thread_.joinable()) thread_.join();
  return result_;
}

Result<EngineResult> Engine::search(const ai::SearchLimits& limits, ai::ProgressFn on_progress) {
  auto st = go(limits, std::move(on_progress));
  if (!st) return make_error(st.error());
  return wait();
}

void Engine::clear() {
  if (searcher_ && !running_) searcher_->clear();
}

}  // namespace arbiter::engine
