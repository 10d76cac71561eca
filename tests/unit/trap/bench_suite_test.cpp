// bench/suites/trap.txt: every line parses and plays; in Release its perft values hold.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "core/text.h"
#include "games/perft.h"
#include "games/trap/state.h"
#include "test_util.h"

namespace arbiter::trap {
namespace {

// Checked against the reference of reference_perft_test.cpp. start-s3, unlimited-s3, mid-s3,
// trapped-s3 and late-s3 moved when P9 stopped a turn from trapping its own player's movers.
const std::map<std::string, uint64_t> kExpected = {
    {"start-s3", 2296135308u},     {"start-s5", 221276247u},  {"opening-s5", 194786884u},
    {"unlimited-s3", 2296135308u}, {"moves-s3", 2068251205u}, {"mid-s3", 260571544u},
    {"trapped-s3", 10415851u},     {"late-s5", 15394870u},    {"late-s5b", 10409277u},
    {"late-s4", 219657343u},       {"late-s3", 67879100u},
};

TEST(TrapBench, SuiteParsesAndMatchesPerft) {
  std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/bench/suites/trap.txt");
  ASSERT_TRUE(in) << "bench/suites/trap.txt not found";
  std::string line;
  int entries = 0;
  while (std::getline(in, line)) {
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    const auto fields = split_exact(line, ';');
    ASSERT_EQ(fields.size(), 5u) << line;
    const std::string name(trim(fields[0]));
    auto params = parse_params(*ParamMap::parse(trim(fields[1])));
    ASSERT_TRUE(params.ok()) << params.error();
    const std::string pos(trim(fields[2]));
    auto state = pos == "startpos" ? Result<State>(State::start(*params))
                                   : State::parse_position(*params, pos);
    ASSERT_TRUE(state.ok()) << state.error();
    for (auto m : split(fields[3])) test::play(*state, std::string(m));
    auto depth = parse_int(trim(fields[4]), 1, 8, "depth");
    ASSERT_TRUE(depth.ok());
    ASSERT_TRUE(kExpected.count(name)) << name;
#ifdef NDEBUG
    EXPECT_EQ(perft(*state, static_cast<int>(*depth)), kExpected.at(name)) << name;
#else
    EXPECT_GT(perft(*state, 2), 0u) << name;
#endif
    ++entries;
  }
  EXPECT_EQ(entries, static_cast<int>(kExpected.size()));
}

}  // namespace
}  // namespace arbiter::trap
