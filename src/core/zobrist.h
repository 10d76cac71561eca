// Zobrist key tables, filled deterministically from a per-game seed so that hashes are
// stable across runs and machines (they appear in bench signatures and tests).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/rng.h"

namespace arbiter {

template <std::size_t N>
constexpr std::array<uint64_t, N> make_zobrist_keys(uint64_t seed) {
  std::array<uint64_t, N> keys{};
  SplitMix64 sm(seed);
  for (auto& k : keys) k = sm.next();
  return keys;
}

}  // namespace arbiter
