// The search bench: each registered game's bench positions (Game::bench_positions(),
// games/descriptor_types.h) searched on one thread with fresh, fixed-size tables: alpha-beta to a
// fixed depth, and a fixed number of MCTS playouts. Node counts (and the visits of MCTS's move)
// are deterministic, so their signature changes only when search behaviour (or move generation)
// changes; a unit test pins it.
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::engine {

struct SearchBenchTotals {
  uint64_t nodes = 0;  // alpha-beta nodes
  double seconds = 0;
  uint64_t signature = 0;
};

// Runs the bench; `lines` (may be null) receives one printable line per position and per game
// plus a total line.
SearchBenchTotals search_bench(std::string* lines);
// The printable lines (for `arbiter bench`), total nodes, nodes/s and signature included.
std::string run_search_bench();

}  // namespace arbiter::engine
