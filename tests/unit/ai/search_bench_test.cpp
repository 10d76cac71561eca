#include "ai/search_bench.h"

#include <gtest/gtest.h>

namespace arbiter::ai {
namespace {

#ifdef NDEBUG
// The signature changes only when search behaviour (or move generation) changes; update the
// number here, and say why, when it does. Last change: Trap's trapped movers cost more each
// (TrapWeights::trapped), which changes the Trap searches; Traverse and Travelers are unchanged.
TEST(SearchBench, SignatureIsStable) {
  std::string lines;
  const auto totals = search_bench(&lines);
  EXPECT_EQ(totals.signature, 0xd95eb9eaa6eae86bULL) << lines;
  EXPECT_NE(lines.find("nodes/s"), std::string::npos);
}
#endif

}  // namespace
}  // namespace arbiter::ai
