// RepetitionTable (core/repetition.h): the counts of a line of play, as apply and undo move
// along it, against a plain map.
#include "core/repetition.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <vector>

#include "core/rng.h"

namespace arbiter {
namespace {

std::map<uint64_t, int> contents(const RepetitionTable& table) {
  std::map<uint64_t, int> out;
  table.for_each([&](uint64_t key, int count) {
    EXPECT_EQ(out.count(key), 0u) << "for_each gave key " << key << " twice";
    out[key] = count;
  });
  return out;
}

TEST(RepetitionTable, CountsOccurrencesAndTakesThemBack) {
  RepetitionTable table;
  EXPECT_EQ(table.increment(42), 1);
  EXPECT_EQ(table.increment(7), 1);
  EXPECT_EQ(table.increment(42), 2);
  EXPECT_EQ(table.increment(42), 3);
  EXPECT_EQ(table.count(42), 3);
  EXPECT_EQ(table.count(7), 1);
  EXPECT_EQ(table.count(8), 0);
  table.decrement(42);
  EXPECT_EQ(table.count(42), 2);
  table.decrement(42);
  table.decrement(42);
  EXPECT_EQ(table.count(42), 0);
  EXPECT_EQ(contents(table), (std::map<uint64_t, int>{{7, 1}}));
}

// expect() makes the table grow at once to the size a long line needs (a Traverse game expects
// its ply limit); the counts are those of any table.
TEST(RepetitionTable, GrowingToTheExpectedSizeKeepsTheCounts) {
  RepetitionTable table;
  Rng rng(5);
  std::map<uint64_t, int> expected;
  for (int i = 0; i < 200; ++i) {
    const uint64_t key = rng.next() % 150 + 1;
    EXPECT_EQ(table.increment(key), ++expected[key]);
  }
  table.expect(5000);
  EXPECT_EQ(contents(table), expected);
  for (int i = 0; i < 5000; ++i) {
    const uint64_t key = rng.next();
    EXPECT_EQ(table.increment(key), ++expected[key]);
  }
  EXPECT_EQ(contents(table), expected);
}

// 0 marks an empty slot inside the table, yet it is a key like any other.
TEST(RepetitionTable, TheKeyZeroIsCounted) {
  RepetitionTable table;
  EXPECT_EQ(table.count(0), 0);
  EXPECT_EQ(table.increment(0), 1);
  EXPECT_EQ(table.increment(0), 2);
  EXPECT_EQ(contents(table), (std::map<uint64_t, int>{{0, 2}}));
  table.decrement(0);
  EXPECT_EQ(table.count(0), 1);
  table.clear();
  EXPECT_EQ(table.count(0), 0);
}

// A long random line, growing the table many times, with repeats drawn from a small pool and
// walks back: every count matches the map's after every change.
TEST(RepetitionTable, ALongLineMatchesAMap) {
  RepetitionTable table;
  std::map<uint64_t, int> model;
  std::vector<uint64_t> line;
  Rng rng(5);
  for (int step = 0; step < 20000; ++step) {
    if (!line.empty() && rng.below(3) == 0) {
      const uint64_t key = line.back();
      line.pop_back();
      table.decrement(key);
      if (--model[key] == 0) model.erase(key);
      ASSERT_EQ(table.count(key), model.count(key) ? model[key] : 0) << "after undo " << step;
      continue;
    }
    // A quarter of the keys come from a pool of 50 (repeats), the rest are fresh.
    const uint64_t key = rng.below(4) == 0 ? rng.below(50) * 0x9e3779b97f4a7c15ULL : rng.next();
    line.push_back(key);
    ASSERT_EQ(table.increment(key), ++model[key]) << "at step " << step;
  }
  EXPECT_EQ(contents(table), model);
  for (const auto& [key, count] : model) ASSERT_EQ(table.count(key), count);
  while (!line.empty()) {
    table.decrement(line.back());
    line.pop_back();
  }
  EXPECT_TRUE(contents(table).empty());
}

}  // namespace
}  // namespace arbiter
