// Joining, resigning, taking back, rematches and the record download.
#include <string>
#include <thread>

#include "records/record.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

TEST_F(ServerTest, JoinTakesAnOpenSeatOnce) {
  json created = create("travelers", {"human", "open"});
  const std::string id = created["game"]["id"];
  HttpReply first = post("/api/games/" + id + "/join", {{"seat", 1}});
  ASSERT_EQ(first.status, 200) << first.body;
  json joined = first.parsed();
  EXPECT_EQ(joined["game"]["seats"][1]["kind"], "human");
  EXPECT_NE(joined["tokens"]["1"], created["tokens"]["0"]);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"seat", 1}}).status, 409);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"seat", 0}}).status, 409);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"seat", 7}}).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/join", json::object()).status, 400);
  EXPECT_TRUE(get("/api/games?open=1").parsed()["games"].empty());
}

TEST_F(ServerTest, ResignEndsTheGame) {
  json created = create("traverse", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  EXPECT_EQ(post("/api/games/" + id + "/resign", json::object()).status, 401);
  HttpReply r = post("/api/games/" + id + "/resign", json::object(), token);
  ASSERT_EQ(r.status, 200) << r.body;
  json g = r.parsed();
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "south resigned");
  EXPECT_EQ(g["returns"], json({-1.0, 1.0}));
  EXPECT_EQ(g["to_move"], -1);
  EXPECT_EQ(move(id, "c1-b2", token).status, 409);
  EXPECT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 409);
}

TEST_F(ServerTest, UndoAgainstTheAiGoesBackToYourTurn) {
  json created = create("traverse", {"human", "ai:1"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  WsClient ws(port_, "/api/games/" + id + "/ws");
  ASSERT_TRUE(ws.connected());
  ASSERT_EQ(move(id, "c1-b2", token).status, 200);
  auto replied =
      ws.read_until([](const json& m) { return m["type"] == "state" && m["game"]["ply"] == 2; });
  ASSERT_TRUE(replied);
  HttpReply r = post("/api/games/" + id + "/undo", json::object(), token);
  ASSERT_EQ(r.status, 200) << r.body;
  json g = r.parsed();
  EXPECT_EQ(g["ply"], 0);
  EXPECT_EQ(g["to_move"], 0);
  EXPECT_EQ(g["seats"][0]["time_used_ms"], 0);
  EXPECT_EQ(g["seats"][1]["time_used_ms"], 0);
  EXPECT_EQ(post("/api/games/" + id + "/undo", json::object(), token).status, 409);

  // Against another person undo is refused.
  json versus = create("traverse", {"human", "open"});
  const std::string vid = versus["game"]["id"];
  const std::string mine = versus["tokens"]["0"];
  ASSERT_EQ(move(vid, "c1-b2", mine).status, 200);
  EXPECT_EQ(post("/api/games/" + vid + "/undo", json::object(), mine).status, 403);
}

TEST_F(ServerTest, HotSeatUndoTakesBackOneMove) {
  json created = create("trap", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  json legal = get("/api/games/" + id + "/legal?clicks=a1%7Ca2").parsed();
  ASSERT_FALSE(legal["next"].empty());
  const std::string wall = "a1|a2," + legal["next"][0]["click"].get<std::string>();
  ASSERT_EQ(move(id, wall, token).status, 200);
  json g = post("/api/games/" + id + "/undo", json::object(), token).parsed();
  EXPECT_EQ(g["ply"], 0);
}

TEST_F(ServerTest, ResignWhileTheAiThinksDiscardsItsMove) {
  stop();
  options_.ai_movetime = 0.3;
  start();
  json created = create("travelers", {"human", "ai:10"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  ASSERT_EQ(move(id, "a2-a3", token).status, 200);
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  std::this_thread::sleep_for(600ms);  // longer than the search would have run
  json g = game(id);
  EXPECT_EQ(g["ply"], 1);
  EXPECT_EQ(g["status"], "finished");
  EXPECT_TRUE(g["thinking"].is_null());
}

TEST_F(ServerTest, RematchWhenEveryHumanAsks) {
  json created = create("traverse", {"human", "open"});
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  const std::string north =
      post("/api/games/" + id + "/join", {{"seat", 1}}).parsed()["tokens"]["1"];
  EXPECT_EQ(post("/api/games/" + id + "/rematch", json::object(), south).status, 409);  // playing
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), north).status, 200);

  json half = post("/api/games/" + id + "/rematch", json::object(), south).parsed();
  EXPECT_EQ(half["seats"][0]["rematch"], true);
  EXPECT_EQ(half["rematch_id"], "");
  json both = post("/api/games/" + id + "/rematch", json::object(), north).parsed();
  const std::string next = both["rematch_id"];
  ASSERT_FALSE(next.empty());

  json g = game(next);
  EXPECT_EQ(g["rematch_of"], id);
  EXPECT_EQ(g["ply"], 0);
  // Seats rotate: the old north seat moves first now, and both tokens still work.
  EXPECT_EQ(move(next, "c1-b2", south).status, 403);
  EXPECT_EQ(move(next, "c1-b2", north).status, 200);
  EXPECT_EQ(move(next, "d10-e9", south).status, 200);
}

TEST_F(ServerTest, RecordDownloadParses) {
  json created = create("traverse", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  ASSERT_EQ(move(id, "c1-b2", token).status, 200);
  ASSERT_EQ(move(id, "d10-e9", token).status, 200);
  HttpReply r = get("/api/games/" + id + "/record");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type.rfind("text/plain", 0), 0u);
  EXPECT_NE(r.disposition.find("attachment"), std::string::npos);
  auto record = parse_record(r.body);
  ASSERT_TRUE(record.ok()) << record.error();
  EXPECT_EQ(record->tag("Game"), "traverse");
  EXPECT_EQ(record->tag("Seat.south"), "human");
  EXPECT_EQ(record->moves, (std::vector<std::string>{"c1-b2", "d10-e9"}));
  EXPECT_TRUE(replay_record(*record).ok());
}

// A resigned game's record says who won by the resignation, as `show` and the returns do: the
// Resigned tag names the player, the Result the winner.
TEST_F(ServerTest, ResignedGameRecordNamesTheWinner) {
  json created = create("traverse", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  ASSERT_EQ(move(id, "c1-b2", token).status, 200);
  ASSERT_EQ(move(id, "d10-e9", token).status, 200);
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  auto record = parse_record(get("/api/games/" + id + "/record").body);
  ASSERT_TRUE(record.ok()) << record.error();
  EXPECT_EQ(record->tag("Resigned"), "south");
  EXPECT_EQ(record->tag("Result"), "south resigned: north wins");
  EXPECT_EQ(record->tag("Termination"), "");
  auto replay = replay_record(*record);
  ASSERT_TRUE(replay.ok()) << replay.error();
  EXPECT_EQ(replay->returns(), (std::vector<double>{-1.0, 1.0}));
}

}  // namespace
}  // namespace arbiter::server::test
