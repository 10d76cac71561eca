// An AI worker's search progress as a notice (store/thinking_notice.h): what is written is read
// back the same; a line too long for PostgreSQL's notices loses its last moves, not the notice;
// and anything else on the channel (any process on the database may send there) is refused,
// never half read. Heard through a real PostgreSQL: store_contract_test.cpp.
#include "store/thinking_notice.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arbiter::store {
namespace {

ThinkingNotice sample() {
  return ThinkingNotice{"g-42", 17, 1, 9, -35, 123456789, 2500000, {"d1-d3", "e9-e7", "c1-c3"}};
}

void expect_same(const ThinkingNotice& a, const ThinkingNotice& b) {
  EXPECT_EQ(a.game_id, b.game_id);
  EXPECT_EQ(a.ply, b.ply);
  EXPECT_EQ(a.seat, b.seat);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.nps, b.nps);
  EXPECT_EQ(a.pv, b.pv);
}

TEST(ThinkingNotice, RoundTrips) {
  const auto read = read_thinking_notice(write_thinking_notice(sample()));
  ASSERT_TRUE(read.has_value());
  expect_same(*read, sample());
  // Move texts with spaces and quotes (a Trap turn is two actions) survive.
  ThinkingNotice trap = sample();
  trap.pv = {"c3-c4 c4|c5", "say \"hi\""};
  expect_same(*read_thinking_notice(write_thinking_notice(trap)), trap);
}

TEST(ThinkingNotice, ALongLineLosesItsLastMoves) {
  ThinkingNotice n = sample();
  n.pv.assign(2000, "a10-j10");
  const std::string text = write_thinking_notice(n);
  EXPECT_LE(text.size(), kMaxThinkingNoticeBytes);
  const auto read = read_thinking_notice(text);
  ASSERT_TRUE(read.has_value());
  EXPECT_GT(read->pv.size(), 100u);
  EXPECT_LT(read->pv.size(), n.pv.size());
  EXPECT_EQ(read->pv.front(), "a10-j10");
  EXPECT_EQ(read->depth, n.depth);
}

TEST(ThinkingNotice, AnythingElseIsRefused) {
  for (const char* text : {
           "",
           "not json",
           "[1, 2]",
           "\"g-42 17\"",
           R"({"ply":1,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",  // no game
           R"({"game":"","ply":1,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",
           R"({"game":"g","seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",  // no ply
           R"({"game":"g","ply":-1,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",
           R"({"game":"g","ply":1.5,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",
           R"({"game":"g","ply":1,"seat":64,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",
           R"({"game":"g","ply":1,"seat":0,"depth":"1","score":0,"nodes":1,"nps":1,"pv":[]})",
           R"({"game":"g","ply":1,"seat":0,"depth":1,"score":1e99,"nodes":1,"nps":1,"pv":[]})",
           R"({"game":"g","ply":1,"seat":0,"depth":1,"score":0,"nodes":-1,"nps":1,"pv":[]})",
           R"({"game":"g","ply":1,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":"d1-d3"})",
           R"({"game":"g","ply":1,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[7]})",
           R"({"game":7,"ply":1,"seat":0,"depth":1,"score":0,"nodes":1,"nps":1,"pv":[]})",
       }) {
    EXPECT_FALSE(read_thinking_notice(text).has_value()) << text;
  }
}

}  // namespace
}  // namespace arbiter::store
