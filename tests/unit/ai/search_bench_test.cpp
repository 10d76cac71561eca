#include "engine/search_bench.h"

#include <gtest/gtest.h>

namespace arbiter::engine {
namespace {

// The signature changes only when search behaviour (or move generation) changes; update the
// number here, and say why, when it does. Last change: Trap's evaluation counts free steps only
// for the searching side's own movers while it is ahead, and hunts a lone enemy mover with walls
// still in the pile; Traverse and Travelers are unchanged. The bench is node-counted, so Debug and
// sanitizer builds give the same signature, only slower.
TEST(SearchBench, SignatureIsStable) {
  std::string lines;
  const auto totals = search_bench(&lines);
  EXPECT_EQ(totals.signature, 0xb29ff1f310add867ULL) << lines;
  EXPECT_NE(lines.find("nodes/s"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::engine
