#include "vector_env.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>  // SSSE3 (the build's baseline) and AVX2 (core/cpu.h) mask writing
#endif

#include "core/bits.h"
#include "core/cpu.h"
#include "heap_pages.h"

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

// The bits [at, at + 16) of a bitset as the low bits of a word.
uint64_t sixteen_bits(std::span<const uint64_t> bits, std::size_t at) {
  const std::size_t w = at / 64, shift = at % 64;
  uint64_t v = bits[w] >> shift;
  if (shift > 48) v |= bits[w + 1] << (64 - shift);
  return v & 0xffff;
}

#ifdef ARBITER_AVX2_PATHS
// The mask bytes of `words` whole words of a bitset, thirty-two at a time: each 128-bit lane
// of a shuffle spreads its own two bytes of the word (copied to both lanes) over sixteen.
// Returns how many bits of the words are set.
__attribute__((target("avx2"))) int whole_words_avx2(const uint64_t* bits, uint8_t* mask,
                                                     std::size_t words) {
  int count = 0;
  const __m256i select = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ULL));
  const __m256i ones = _mm256_set1_epi8(1);
  const __m256i low = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,  //
                                       2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
  const __m256i high = _mm256_setr_epi8(4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5,  //
                                        6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7);
  for (std::size_t w = 0; w < words; ++w) {
    count += std::popcount(bits[w]);
    const __m256i word = _mm256_set1_epi64x(static_cast<long long>(bits[w]));
    const __m256i first = _mm256_and_si256(_mm256_shuffle_epi8(word, low), select);
    const __m256i second = _mm256_and_si256(_mm256_shuffle_epi8(word, high), select);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(mask + 64 * w), _mm256_min_epu8(first, ones));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(mask + 64 * w + 32),
                        _mm256_min_epu8(second, ones));
  }
  return count;
}
#endif

// Writes the n mask bytes (0 or 1) of the bitset `bits`, lowest bit first, and returns how many
// are 1. Every byte is written: the same work whatever the legal actions are, where a store
// per legal action ends its loop at a point the processor cannot predict. Nothing from
// mask + n on is touched: the next row may be another thread's.
// The set bits are counted with the words' writing; `bits` has the words of n bits, no more.
int write_mask(std::span<const uint64_t> bits, uint8_t* mask, std::size_t n) {
  assert(bits.size() == (n + 63) / 64);
  const std::size_t whole = n / 64;
  int count = 0;      // of the whole words written
  std::size_t a = 0;  // mask[0, a) written
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) {
    count = whole_words_avx2(bits.data(), mask, whole);
    a = whole * 64;
  }
#endif
#if defined(__SSSE3__)
  // Sixteen bytes from two bytes of a word: each byte copied to eight lanes, each lane keeps
  // its own bit, and a lane not zero becomes 1.
  const __m128i select = _mm_set1_epi64x(static_cast<long long>(0x8040201008040201ULL));
  const __m128i ones = _mm_set1_epi8(1);
  const __m128i spread[4] = {_mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1),
                             _mm_setr_epi8(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3),
                             _mm_setr_epi8(4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5),
                             _mm_setr_epi8(6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7)};
  const auto sixteen = [&](__m128i word, int q, uint8_t* to) {
    const __m128i lanes = _mm_and_si128(_mm_shuffle_epi8(word, spread[q]), select);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to), _mm_min_epu8(lanes, ones));
  };
  for (; a + 64 <= n; a += 64) {
    count += std::popcount(bits[a / 64]);
    const __m128i word = _mm_cvtsi64_si128(static_cast<long long>(bits[a / 64]));
    for (int q = 0; q < 4; ++q) sixteen(word, q, mask + a + 16 * q);
  }
  if (a < n && n >= 16) {
    const __m128i word = _mm_cvtsi64_si128(static_cast<long long>(bits[a / 64]));
    for (int q = 0; a + 16 <= n; ++q, a += 16) sixteen(word, q, mask + a);
    // The last bytes as the last sixteen of the row, over some already written.
    if (a < n) {
      const __m128i last = _mm_cvtsi64_si128(static_cast<long long>(sixteen_bits(bits, n - 16)));
      sixteen(last, 0, mask + n - 16);
      a = n;
    }
  }
#else
  for (std::size_t w = a / 64; w < whole; ++w) count += std::popcount(bits[w]);
#endif
  if (whole < bits.size()) count += std::popcount(bits[whole]);  // the last, partial word
  for (; a + 8 <= n; a += 8) {
    std::memcpy(mask + a, kMaskBytes[(bits[a / 64] >> (a % 64)) & 0xff].data(), 8);
  }
  for (; a < n; ++a) mask[a] = (bits[a / 64] >> (a % 64)) & 1;
  return count;
}

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
  rngs_.resize(b, Rng(0));
  EnvBuffers& out = *buffers_;
  out.observations.assign(b * obs_size_, 0.0f);
  out.final_observations.assign(b * obs_size_, 0.0f);
  out.masks.assign(b * num_actions_, 0);
  out.rewards.assign(b * players_, 0.0f);
  out.terminated.assign(b, 0);
  out.players.assign(b, 0);
  out.random_actions.assign(b, 0);
  reset({}, seed);
  // The games now hold their memory (a game that ends restarts in place, in the same memory).
  std::vector<const void*> games;
  for (const auto& s : states_) games.push_back(s.get());
  advise_huge_pages(games);
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
  const std::span<const uint64_t> legal = s.legal_actions_bits();
  const int count = write_mask(legal, out.masks.data() + std::size_t(i) * num_actions_,
                               static_cast<std::size_t>(num_actions_));
  out.random_actions[i] = count == 0 ? -1 : kth_legal(legal, rngs_[i].below(count));
}

void VectorEnv::reset(std::span<const uint8_t> rows, std::optional<uint64_t> seed) {
  pool_.run(batch_, [&](int, int begin, int end) {
    for (int i = begin; i < end; ++i) {
      if (!rows.empty() && rows[i] == 0) continue;
      // Generators far apart in seed space: SplitMix64 of (seed, index) gives unrelated streams.
      if (seed) rngs_[i] = Rng(SplitMix64(*seed * 0x9e3779b97f4a7c15ULL + i).next());
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
    refused_.store(true, std::memory_order_relaxed);
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
  if (!refused_.exchange(false)) return {};  // the run's end ordered every store before
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
