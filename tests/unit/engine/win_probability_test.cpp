// The win-probability models (engine/win_probability.h): the compiled-in figures are what
// scripts/winprob_fit.py fits on the checked-in data (analysis/winprob/), and the model maps
// scores to expected results as documented.
#include "engine/win_probability.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

#include "ai/search.h"

namespace arbiter::engine {
namespace {

TEST(WinProbability, CompiledInModelsAreTheFitOfTheCheckedInData) {
  const std::string command = std::string("/usr/bin/python3 ") + ARBITER_SOURCE_DIR +
                              "/scripts/winprob_fit.py " + ARBITER_SOURCE_DIR +
                              "/analysis/winprob 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe)) output += buf;
  ASSERT_EQ(pclose(pipe), 0) << output;
  std::istringstream in(output);
  std::string game;
  int players = 0;
  double scale = 0, offset = 0;
  int positions = 0;
  int fitted = 0;
  while (in >> game >> players >> scale >> offset >> positions) {
    const auto model = win_model(game, players);
    ASSERT_TRUE(model.has_value()) << game << " " << players;
    EXPECT_NEAR(model->scale, scale, 1e-3 * scale) << game << " " << players;
    EXPECT_NEAR(model->offset, offset, 1e-3) << game << " " << players;
    EXPECT_GT(positions, 500) << game << " " << players;
    ++fitted;
  }
  EXPECT_EQ(fitted, static_cast<int>(win_models().size())) << output;
}

TEST(WinProbability, ExpectedResultsFromScores) {
  for (const auto& e : win_models()) {
    EXPECT_GT(e.model.scale, 0) << e.game;
    EXPECT_EQ(expected_result(e.model, ai::kWin - 3), 1.0);
    EXPECT_EQ(expected_result(e.model, -ai::kWin + 3), 0.0);
    EXPECT_LT(expected_result(e.model, -100), expected_result(e.model, 100));
    if (e.players == 2) {
      EXPECT_DOUBLE_EQ(expected_result(e.model, 0), 0.5);
      EXPECT_NEAR(expected_result(e.model, 250) + expected_result(e.model, -250), 1.0, 1e-12);
    } else {
      // At an even score a player of 3-4 expects less than half.
      EXPECT_LT(expected_result(e.model, 0), 0.5) << e.game << " " << e.players;
    }
  }
  EXPECT_FALSE(win_model("traverse", 5).has_value());
}

}  // namespace
}  // namespace arbiter::engine
