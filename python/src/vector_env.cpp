#include "vector_env.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstring>

#include "core/bits.h"

namespace arbiter::python {

namespace {
constexpr int kPrefetchBlock = 64;

// The eight mask bytes (0 or 1) of each byte of a legal-action bitset, lowest bit first.
constexpr auto kMaskBytes = [] {
  std::array<std::array<uint8_t, 8>, 256> table{};
  for (int bits = 0; bits < 256; ++bits) {
    for (int k = 0; k < 8; ++k) table[bits][k] = (bits >> k) & 1;
  }
  return table;
}();

// The id of the k-th set bit (0-based) of a bitset; k < its count.
int64_t kth_legal(std::span<const uint64_t> bits, uint64_t k) {
  for (std::size_t w = 0;; ++w) {
    const auto here = static_cast<uint64_t>(std::popcount(bits[w]));
    if (k < here) return static_cast<int64_t>(64 * w) + select64(bits[w], static_cast<int>(k));
    k -= here;
  }
}
}  // namespace

VectorEnv::VectorEnv(GamePtr game, int batch, int threads, uint64_t seed)
    : game_(std::move(game)),
      batch_(batch),
      obs_size_(game_->space.channels * game_->space.height * game_->space.width),
      num_actions_(game_->space.num_actions),
      players_(game_->initial->num_players()),
      buffers_(std::make_shared<EnvBuffers>()),
      pool_(threads) {
  const auto b = static_cast<std::size_t>(batch_);
  states_.resize(b);
  errors_.resize(b);
  written_.resize(b);
  for (std::size_t i = 0; i < b; ++i) {
    // Generators far apart in seed space: SplitMix64 of (seed, index) gives unrelated streams.
    rngs_.emplace_back(SplitMix64(seed * 0x9e3779b97f4a7c15ULL + i).next());
  }
  EnvBuffers& out = *buffers_;
  out.observations.assign(b * obs_size_, 0.0f);
  out.final_observations.assign(b * obs_size_, 0.0f);
  out.masks.assign(b * num_actions_, 0);
  out.rewards.assign(b * players_, 0.0f);
  out.terminated.assign(b, 0);
  out.players.assign(b, 0);
  out.random_actions.assign(b, 0);
  reset();
}

void VectorEnv::write_features(int i) {
  EnvBuffers& out = *buffers_;
  const GameState& s = *states_[i];
  const int player = s.to_move();
  out.players[i] = player;
  // Over the game's previous observation in its row: only what that one wrote is zeroed. (A
  // whole row is thousands of values, an observation sets a few dozen values and planes.)
  s.observe_over(player,
                 std::span<float>(out.observations.data() + std::size_t(i) * obs_size_,
                                  static_cast<std::size_t>(obs_size_)),
                 written_[i]);
  // The mask and the random action from the legal actions as a bitset (the k-th set bit).
  // Every byte of the mask is written, eight at a time from a table: the same work whatever
  // the legal actions are, where a store per legal action ends its loop at a point the
  // processor cannot predict.
  const std::span<const uint64_t> legal = s.legal_actions_bits();
  uint8_t* mask = out.masks.data() + std::size_t(i) * num_actions_;
  const auto n = static_cast<std::size_t>(num_actions_);
  std::size_t a = 0;
  for (; a + 64 <= n; a += 64) {
    const uint64_t word = legal[a / 64];
    for (int b = 0; b < 64; b += 8)
      std::memcpy(mask + a + b, kMaskBytes[(word >> b) & 0xff].data(), 8);
  }
  if (a < n) {
    const uint64_t word = legal[a / 64];
    std::size_t b = 0;
    for (; a + b + 8 <= n; b += 8)
      std::memcpy(mask + a + b, kMaskBytes[(word >> b) & 0xff].data(), 8);
    for (; a + b < n; ++b) mask[a + b] = (word >> b) & 1;
  }
  int count = 0;
  for (const uint64_t word : legal) count += std::popcount(word);
  out.random_actions[i] = count == 0 ? -1 : kth_legal(legal, rngs_[i].below(count));
}

void VectorEnv::reset() {
  pool_.run(batch_, [this](int, int begin, int end) {
    for (int i = begin; i < end; ++i) {
      states_[i] = game_->initial->clone();
      std::fill_n(buffers_->observations.data() + std::size_t(i) * obs_size_, obs_size_, 0.0f);
      written_[i].clear();
      buffers_->terminated[i] = 0;
      std::fill_n(buffers_->rewards.data() + std::size_t(i) * players_, players_, 0.0f);
      write_features(i);
    }
  });
}

Status VectorEnv::check_actions(std::span<const int64_t> actions) const {
  if (static_cast<int>(actions.size()) != batch_) {
    return make_error("step: expected " + std::to_string(batch_) + " actions, got " +
                      std::to_string(actions.size()));
  }
  for (int i = 0; i < batch_; ++i) {
    const int64_t a = actions[i];
    if (a < 0 || a >= num_actions_ ||
        buffers_->masks[std::size_t(i) * num_actions_ + static_cast<std::size_t>(a)] == 0) {
      return make_error("step: game " + std::to_string(i) + ": action " + std::to_string(a) +
                        " is not legal there");
    }
  }
  return {};
}

bool VectorEnv::step_game(int i, int action) {
  EnvBuffers& out = *buffers_;
  GameState& s = *states_[i];
  float* rewards = out.rewards.data() + std::size_t(i) * players_;
  std::fill_n(rewards, players_, 0.0f);
  out.terminated[i] = 0;
  const int actor = s.to_move();
  if (Status ok = s.apply_action(action); !ok) {
    errors_[i] = ok.error();
    return false;
  }
  bool ended = false;
  if (s.is_terminal()) {
    const auto returns = s.returns();
    for (int p = 0; p < players_; ++p) rewards[p] = static_cast<float>(returns[p]);
    out.terminated[i] = 1;
    s.observe(actor, std::span<float>(out.final_observations.data() + std::size_t(i) * obs_size_,
                                      static_cast<std::size_t>(obs_size_)));
    s.assign(*game_->initial);  // in place: the game keeps its memory
    ended = true;
  }
  write_features(i);
  return ended;
}

Status VectorEnv::step(std::span<const int64_t> actions) {
  if (Status ok = check_actions(actions); !ok) return ok;
  std::atomic<uint64_t> finished{0};
  pool_.run(batch_, [&](int, int begin, int end) {
    uint64_t ended = 0;
    // A block of games at a time: their random reads are asked for first, so they overlap
    // instead of each game waiting for its own. A block, not the whole range, so the lines are
    // still in the cache when their games come (one thread gets the whole batch).
    for (int block = begin; block < end; block += kPrefetchBlock) {
      const int block_end = std::min(end, block + kPrefetchBlock);
      for (int i = block; i < block_end; ++i) {
        states_[i]->prefetch_decision(static_cast<int>(actions[i]));
        written_[i].prefetch();
      }
      for (int i = block; i < block_end; ++i) {
        if (step_game(i, static_cast<int>(actions[i]))) ++ended;
      }
    }
    finished += ended;
  });
  games_finished_ += finished;
  for (int i = 0; i < batch_; ++i) {
    if (!errors_[i].empty()) {
      std::string e = std::move(errors_[i]);
      for (auto& other : errors_) other.clear();
      return make_error("step: game " + std::to_string(i) + ": " + e);
    }
  }
  return {};
}

}  // namespace arbiter::python
