// The search bench: fixed positions of every game searched by alpha-beta to a fixed depth on one
// thread, with a fixed transposition-table size, and a fixed number of MCTS playouts from the
// Traverse start. Node counts (and the visits of MCTS's move) are deterministic, so their
// signature changes only when search behaviour (or move generation) changes; a unit test pins it.
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::ai {

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

}  // namespace arbiter::ai
