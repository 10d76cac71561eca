// The legal endpoint's `change`: what each click offered does to the board drawn while a move is
// made (MoveParts::changes), so the web previews a move from data rather than from each game's
// rules (docs/api.md).
#include <string>

#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

// The entry of `click` in the answer's `next`; fails the test when there is none.
json next_entry(const json& legal, const std::string& click) {
  for (const json& n : legal["next"]) {
    if (n["click"] == click) return n;
  }
  ADD_FAILURE() << click << " is not offered";
  return json::object();
}

// Traverse: picking a piece up changes nothing; its destination moves it there.
TEST_F(ServerTest, LegalNextSaysWhatTheClickMoves) {
  const std::string id = create("traverse", {"human", "human"})["game"]["id"];
  const json first = get("/api/games/" + id + "/legal").parsed();
  EXPECT_TRUE(next_entry(first, "c1")["change"].is_null());
  const json after = get("/api/games/" + id + "/legal?clicks=c1").parsed();
  EXPECT_EQ(next_entry(after, "b2")["change"], json({{"from", "c1"}, {"to", "b2"}}));
}

// Trap: a slot clicked gets a wall (`from` empty); a mover's step moves it.
TEST_F(ServerTest, LegalNextPlacesWallsAndSteps) {
  const std::string id = create("trap", {"human", "human"}, "size=3")["game"]["id"];
  const json first = get("/api/games/" + id + "/legal").parsed();
  EXPECT_EQ(next_entry(first, "a1|a2")["change"], json({{"from", ""}, {"to", "a1|a2"}}));
  EXPECT_TRUE(next_entry(first, "b2")["change"].is_null());
  const json step = get("/api/games/" + id + "/legal?clicks=b2").parsed();
  EXPECT_EQ(next_entry(step, "a1")["change"], json({{"from", "b2"}, {"to", "a1"}}));
}

}  // namespace
}  // namespace arbiter::server::test
