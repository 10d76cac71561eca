// `setoption name MultiPV value N` (docs/protocol.md): each search reports its best N root moves
// as `info ... multipv K ...` lines; MultiPV 1 reports as before; bad values are errors.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "protocol/session.h"

namespace arbiter::protocol {
namespace {

std::vector<std::string> run(const std::vector<std::string>& commands) {
  std::ostringstream out;
  {
    Session session(out);
    for (const auto& c : commands) session.handle(c);
    session.finish();
  }
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

TEST(SessionMultiPv, ReportsTheBestNMovesEveryIteration) {
  const auto lines = run({"newgame traverse", "setoption name Player value level=10 threads=1",
                          "setoption name MultiPV value 2", "go depth 2", "wait"});
  std::vector<std::string> infos;
  for (const auto& l : lines) {
    if (l.starts_with("info ")) infos.push_back(l);
  }
  ASSERT_EQ(infos.size(), 4u);
  EXPECT_TRUE(infos[0].starts_with("info depth 1 multipv 1 score ")) << infos[0];
  EXPECT_TRUE(infos[1].starts_with("info depth 1 multipv 2 score ")) << infos[1];
  EXPECT_TRUE(infos[3].starts_with("info depth 2 multipv 2 score ")) << infos[3];
  EXPECT_TRUE(lines.back().starts_with("bestmove ")) << lines.back();
  // The best move is the first line's.
  const auto pv = infos[2].substr(infos[2].find(" pv ") + 4);
  EXPECT_EQ(lines.back(), "bestmove " + pv.substr(0, pv.find(' ')));
}

TEST(SessionMultiPv, OneLineKeepsTheOldReport) {
  const auto lines = run({"newgame traverse", "setoption name Player value level=10 threads=1",
                          "setoption name MultiPV value 1", "go depth 2", "wait"});
  for (const auto& l : lines) EXPECT_EQ(l.find("multipv"), std::string::npos) << l;
}

TEST(SessionMultiPv, BadValuesAreErrors) {
  const auto lines = run({"setoption name MultiPV value 0", "setoption name MultiPV value x"});
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].starts_with("error MultiPV")) << lines[0];
  EXPECT_TRUE(lines[1].starts_with("error MultiPV")) << lines[1];
}

TEST(SessionMultiPv, ProvenWinsAreReportedAsMate) {
  const auto lines =
      run({"newgame traverse", "setoption name Player value level=10 threads=1",
           "position 1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40",
           "go depth 2", "wait"});
  bool mate = false;
  for (const auto& l : lines) mate |= l.find(" score 999999 mate 1 ") != std::string::npos;
  EXPECT_TRUE(mate);
}

}  // namespace
}  // namespace arbiter::protocol
