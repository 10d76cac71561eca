// The puzzle text format (engine/puzzles/puzzle_text.h), as tests/fuzz/puzzle_fuzz.cpp checks
// it: the shipped puzzle files read and round-trip, and the inputs the fuzzer found that read
// to a puzzle whose canonical line was not canonical.
#include "engine/puzzles/puzzle_text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/text.h"

namespace arbiter::engine::puzzles {
namespace {

// A puzzle of data/puzzles/travelers.txt with its game and rating fields replaced.
std::string travelers_line(const std::string& game, const std::string& rating) {
  return game + "\tmax_plies=0\t4A1r1T/2a1b4/4T4/9/6aR1/9/2t6/1B5A1/2t1A4 b - 5 37\t" +
         "c3-c2 e7-f8 c2-b1\t" + rating + "\tselfplay travelers seed=1 game=20 ply=69";
}

// Found by puzzle_fuzz: a rating of "-0" (or "-0.0") read as negative zero, written back "-0".
TEST(PuzzleText, NegativeZeroRatingIsWrittenBackAsZero) {
  for (const char* rating : {"-0", "-0.0", "-0e3"}) {
    auto p = parse_puzzle_line(travelers_line("travelers", rating));
    ASSERT_TRUE(p.ok()) << rating << ": " << p.error();
    EXPECT_EQ(puzzle_line(*p), travelers_line("travelers", "0")) << rating;
  }
}

// Found by puzzle_fuzz: "Travelers" read (games are found whatever the case) but was kept as
// written, so the store, which looks puzzles up by the registered name, never served it.
TEST(PuzzleText, GameIsKeptByItsRegisteredName) {
  auto p = parse_puzzle_line(travelers_line("  TraVelers ", "900"));
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->game, "travelers");
  EXPECT_EQ(puzzle_line(*p), travelers_line("travelers", "900"));
  Puzzle stored = *p;
  stored.game = "TRAVELERS";
  ASSERT_TRUE(check_puzzle(stored).ok());
  EXPECT_EQ(stored.game, "travelers");
}

// puzzle_fuzz's property on the files `arbiter puzzles import` is given (its seeds come from
// them): every puzzle reads, and its canonical line reads back to itself.
TEST(PuzzleText, ShippedPuzzleFilesReadAndRoundTrip) {
  int puzzles = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(ARBITER_SOURCE_DIR) / "data/puzzles")) {
    std::ifstream in(entry.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      const std::string_view text = trim(line);
      if (text.empty() || text[0] == '#') continue;
      auto p = parse_puzzle_line(line);
      ASSERT_TRUE(p.ok()) << entry.path() << ":" << n << ": " << p.error();
      const std::string canonical = puzzle_line(*p);
      auto again = parse_puzzle_line(canonical);
      ASSERT_TRUE(again.ok()) << entry.path() << ":" << n << ": " << again.error();
      EXPECT_EQ(puzzle_line(*again), canonical) << entry.path() << ":" << n;
      ++puzzles;
    }
  }
  EXPECT_GE(puzzles, 3);
}

}  // namespace
}  // namespace arbiter::engine::puzzles
