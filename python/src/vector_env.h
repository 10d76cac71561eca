// VectorEnv: a batch of games stepped together, one decision each per step, with the
// observations and legal-action masks of the player to decide written into flat arrays that
// stay in place for the environment's life (Python sees them as numpy views). Stepping and
// feature extraction run on a WorkerPool, without Python: the binding releases the GIL.
// A game that ends is started again at once; what it ended with (rewards, the last
// observation) stays in the step's outputs.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "handles.h"
#include "huge_pages.h"
#include "worker_pool.h"

namespace arbiter::python {

// The arrays one step writes. Shared with the numpy views, which may outlive the environment.
struct EnvBuffers {
  template <class T>
  using Array = std::vector<T, HugePageAllocator<T>>;
  Array<float> observations;        // (B, C, H, W): the player to decide in each game
  Array<float> final_observations;  // (B, C, H, W): rows of games that ended this step
  Array<uint8_t> masks;             // (B, A): legal actions (numpy bool)
  std::vector<float> rewards;       // (B, N): returns of games that ended this step
  std::vector<uint8_t> terminated;  // (B,)
  std::vector<int32_t> players;     // (B,): the player to decide
  // (B,): a uniformly random legal action per game, drawn with the masks from the game's own
  // generator (seeded from the environment's seed and the game's index); -1 never appears.
  std::vector<int64_t> random_actions;
};

class VectorEnv {
 public:
  VectorEnv(GamePtr game, int batch, int threads, uint64_t seed);

  const GameHandle& game() const { return *game_; }
  const GamePtr& game_ptr() const { return game_; }
  int batch() const { return batch_; }
  int threads() const { return pool_.threads(); }
  const std::shared_ptr<EnvBuffers>& buffers() const { return buffers_; }

  // Games back to their start, observations, masks and players written: every game, or with
  // `rows` (one entry per game) those whose entry is nonzero. A seed re-seeds the generators
  // of the games reset as the constructor seeds them, so reset(seed) replays the constructor's
  // games for that seed.
  void reset(std::span<const uint8_t> rows = {}, std::optional<uint64_t> seed = std::nullopt);
  // One decision in every game, actions[i] in game i. Each must be legal (the caller checks
  // against the masks, check_actions()); rewards, terminated and final observations are
  // written, games that ended restart, then observations, masks and players are written.
  // An error (an action the game refused) names the first game concerned.
  Status step(std::span<const int64_t> actions);
  // An error naming the first game whose action is not legal by the current masks.
  Status check_actions(std::span<const int64_t> actions) const;

  // A copy of game i as it stands.
  std::unique_ptr<GameState> state(int i) const { return states_[i]->clone(); }
  // Game i itself, valid until the next step or reset.
  const GameState& game_state(int i) const { return *states_[i]; }
  uint64_t games_finished() const { return games_finished_; }

 private:
  // Game i's decision `action` (errors_[i] when refused), its restart if that ended it (true),
  // then its features.
  bool step_game(int i, int action);
  // Observation, mask, player and random action of game i.
  void write_features(int i);

  GamePtr game_;
  int batch_;
  int obs_size_;
  int num_actions_;
  int players_;
  std::vector<std::unique_ptr<GameState>> states_;
  std::vector<Rng> rngs_;
  std::vector<std::string> errors_;   // per game, from the last step
  std::atomic<bool> refused_{false};  // some game of the step under way refused its action
  // Per game: what its observation in its row of observations wrote (observe_over()).
  std::vector<ObservationOut::Record> written_;
  std::shared_ptr<EnvBuffers> buffers_;
  uint64_t games_finished_ = 0;
  WorkerPool pool_;
};

}  // namespace arbiter::python
