#include "ai/search_bench.h"

#include <gtest/gtest.h>

namespace arbiter::ai {
namespace {

#ifdef NDEBUG
// The signature changes only when search behaviour (or move generation) changes; update the
// number here, and say why, when it does.
TEST(SearchBench, SignatureIsStable) {
  std::string lines;
  const auto totals = search_bench(&lines);
  EXPECT_EQ(totals.signature, 0x90d428e2d87f2212ULL) << lines;
  EXPECT_NE(lines.find("nodes/s"), std::string::npos);
}
#endif

}  // namespace
}  // namespace arbiter::ai
