// Time controls as a player chooses them ("3+2", "0.25+0", "corr:3"), and the clocks they give:
// increments, correspondence resets, the lag allowance and the flag, on times the test supplies.
#include "clocks/time_control.h"

#include <gtest/gtest.h>

namespace arbiter::clocks {
namespace {

TEST(TimeControl, ParsesTheThreeKinds) {
  auto blitz = TimeControl::parse("3+2");
  ASSERT_TRUE(blitz.ok()) << blitz.error();
  EXPECT_EQ(blitz->kind, TimeControl::Kind::kRealTime);
  EXPECT_EQ(blitz->initial_ms, 180'000);
  EXPECT_EQ(blitz->increment_ms, 2'000);
  EXPECT_EQ(blitz->text(), "3+2");
  EXPECT_EQ(blitz->speed(), "real time");

  auto quarter = TimeControl::parse("0.25+0");
  ASSERT_TRUE(quarter.ok()) << quarter.error();
  EXPECT_EQ(quarter->initial_ms, 15'000);
  EXPECT_EQ(quarter->text(), "0.25+0");
  EXPECT_EQ(TimeControl::parse("1.5+0.5")->text(), "1.5+0.5");
  EXPECT_EQ(TimeControl::parse("0+3")->initial_ms, 0);

  auto corr = TimeControl::parse("corr:3");
  ASSERT_TRUE(corr.ok());
  EXPECT_EQ(corr->kind, TimeControl::Kind::kCorrespondence);
  EXPECT_EQ(corr->per_move_ms, 3LL * 24 * 3600 * 1000);
  EXPECT_EQ(corr->text(), "corr:3");
  EXPECT_EQ(corr->speed(), "correspondence");

  EXPECT_FALSE(TimeControl::parse("none")->limited());
  EXPECT_FALSE(TimeControl::parse("")->limited());
  EXPECT_EQ(TimeControl::parse("none")->text(), "none");
}

TEST(TimeControl, BadTextIsAOneLineError) {
  const std::pair<const char*, const char*> cases[] = {
      {"3", "expected none, MINUTES+INCREMENT"},
      {"3+", "minutes and increment are numbers"},
      {"+2", "minutes and increment are numbers"},
      {"-1+2", "minutes and increment are numbers"},
      {"3.+2", "minutes and increment are numbers"},
      {"0.0001+0", "minutes and increment are numbers"},
      {"1e3+0", "minutes and increment are numbers"},
      {"0+0", "needs some time"},
      {"0+0.5", "increment must be 1 s or more"},
      {"181+0", "at most 180 minutes"},
      {"5+181", "at most 180 s increment"},
      {"corr:0", "corr:D takes D whole days"},
      {"corr:15", "corr:D takes D whole days"},
      {"corr:1.5", "corr:D takes D whole days"},
      {"corr:", "corr:D takes D whole days"},
  };
  for (const auto& [text, why] : cases) {
    auto tc = TimeControl::parse(text);
    ASSERT_FALSE(tc.ok()) << text;
    EXPECT_NE(tc.error().find(why), std::string::npos) << text << ": " << tc.error();
    EXPECT_NE(tc.error().find(std::string("'") + text + "'"), std::string::npos) << tc.error();
  }
}

TEST(SeatClocks, RealTimeChargesElapsedLessLagAndAddsTheIncrement) {
  SeatClocks clocks(*TimeControl::parse("1+2"), 2);
  EXPECT_EQ(clocks.banked_ms(0), 60'000);
  // Seat 0 thinks 10 s: charged 10 s less the lag allowance, then 2 s added.
  auto charged = clocks.charge_move(0, 1'000, 11'000);
  ASSERT_TRUE(charged.ok());
  EXPECT_EQ(*charged, 10'000 - kLagAllowanceMs);
  EXPECT_EQ(clocks.banked_ms(0), 60'000 - (10'000 - kLagAllowanceMs) + 2'000);
  EXPECT_EQ(clocks.banked_ms(1), 60'000);  // the other clock stood still
  // A move inside the allowance costs nothing.
  EXPECT_EQ(*clocks.charge_move(1, 0, 100), 0);
  EXPECT_EQ(clocks.banked_ms(1), 62'000);
  EXPECT_EQ(clocks.remaining_ms(1, 0, 2'000), 60'000);
}

TEST(SeatClocks, FlagFallsAtTheDeadlinePlusLagAndLaterMovesAreRefused) {
  SeatClocks clocks(*TimeControl::parse("0.25+0"), 2);
  const int64_t start = 5'000;
  EXPECT_EQ(clocks.flag_at_ms(0, start), start + 15'000 + kLagAllowanceMs);
  // Just inside the allowance: played, with a millisecond left.
  SeatClocks late = clocks;
  auto charged = late.charge_move(0, start, start + 15'000 + kLagAllowanceMs - 1);
  ASSERT_TRUE(charged.ok()) << charged.error();
  EXPECT_EQ(late.banked_ms(0), 1);
  // At the flag: refused, and nothing changes.
  auto refused = clocks.charge_move(0, start, start + 15'000 + kLagAllowanceMs);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("time is up"), std::string::npos) << refused.error();
  EXPECT_EQ(clocks.banked_ms(0), 15'000);
  EXPECT_LT(clocks.remaining_ms(0, start, start + 16'000), 0);
}

TEST(SeatClocks, CorrespondenceGivesEachMoveItsDays) {
  SeatClocks clocks(*TimeControl::parse("corr:1"), 3);
  const int64_t day = 24LL * 3600 * 1000;
  ASSERT_TRUE(clocks.charge_move(2, 0, day - 1).ok());
  EXPECT_EQ(clocks.banked_ms(2), day);  // reset, not reduced
  EXPECT_EQ(clocks.flag_at_ms(2, 10), 10 + day + kLagAllowanceMs);
  EXPECT_FALSE(clocks.charge_move(2, 0, day + kLagAllowanceMs).ok());
}

TEST(SeatClocks, UnlimitedClocksOnlyCount) {
  SeatClocks clocks(TimeControl{}, 2);
  EXPECT_EQ(clocks.flag_at_ms(0, 0), INT64_MAX);
  auto charged = clocks.charge_move(0, 0, 99'000'000);
  ASSERT_TRUE(charged.ok());
  EXPECT_EQ(*charged, 99'000'000);
}

}  // namespace
}  // namespace arbiter::clocks
