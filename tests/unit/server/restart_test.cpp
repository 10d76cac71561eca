// After a stop (or a crash: every move is stored before it is broadcast) a new server on the
// same database has every game back: moves, seats, clocks and tokens; AI seats think again.
#include <string>

#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

TEST_F(ServerTest, GamesSurviveARestart) {
  json created = create("traverse", {"human", "open"});
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  const std::string north =
      post("/api/games/" + id + "/join", {{"seat", 1}}).parsed()["tokens"]["1"];
  ASSERT_EQ(move(id, "c1-b2", south).status, 200);
  ASSERT_EQ(move(id, "d10-e9", north).status, 200);
  ASSERT_EQ(move(id, "b1-b3", south).status, 200);
  const json before = game(id);
  json finished = create("trap", {"human", "human"});
  ASSERT_EQ(post("/api/games/" + finished["game"]["id"].get<std::string>() + "/resign",
                 json::object(), finished["tokens"]["0"].get<std::string>())
                .status,
            200);

  start();
  const json after = game(id);
  EXPECT_EQ(after["moves"], before["moves"]);
  EXPECT_EQ(after["position"], before["position"]);
  EXPECT_EQ(after["seats"], before["seats"]);
  EXPECT_EQ(after["last_move"], before["last_move"]);
  EXPECT_EQ(after["created_ms"], before["created_ms"]);
  EXPECT_EQ(move(id, "e10-f9", south).status, 403);
  EXPECT_EQ(move(id, "c10-d9", north).status, 200);
  const json resigned = game(finished["game"]["id"]);
  EXPECT_EQ(resigned["status"], "finished");
  EXPECT_EQ(resigned["result"], "red resigned");
}

TEST_F(ServerTest, AiToMoveThinksAgainAfterARestart) {
  stop();
  options_.ai_movetime = 5;  // the first server never gets to play its move
  options_.ai_workers = 1;
  start();
  json created = create("traverse", {"human", "ai:10"});
  const std::string id = created["game"]["id"];
  ASSERT_EQ(move(id, "c1-b2", created["tokens"]["0"].get<std::string>()).status, 200);
  stop();
  options_.ai_movetime = 0.05;
  start();
  WsClient ws(port_, "/api/games/" + id + "/ws");
  EXPECT_TRUE(
      ws.read_until([](const json& m) { return m["type"] == "state" && m["game"]["ply"] == 2; }));
}

}  // namespace
}  // namespace arbiter::server::test
