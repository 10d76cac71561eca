// The analysis board's API end to end (docs/api.md "Analysis"): lines and their legal clicks
// from a game, a record or a position; a review asked for over HTTP, refused while the game is
// played, stored once done; live analysis over /api/analysis/ws, refused to everyone for a game
// while it is played and open once it ends; the server's bound answered "busy"; a review's end
// told on the socket.
#include <string>

#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

class AnalysisApiTest : public ServerTest {
 protected:
  AnalysisApiTest() {
    options_.analysis.review_nodes = 300;
    options_.analysis.review_threads = 1;
    options_.analysis.live_slots = 2;
    options_.analysis.live_per_address = 2;
  }
  // A human game with two moves played; {"id", "token"}.
  std::pair<std::string, std::string> two_moves() {
    json created = create("traverse", {"human", "human"});
    const std::string id = created["game"]["id"], token = created["tokens"]["0"];
    EXPECT_EQ(move(id, "b1-b2", token).status, 200);
    EXPECT_EQ(move(id, "b10-b9", token).status, 200);
    return {id, token};
  }
  json analyse(const json& line, int request) {
    json m = line;
    m["type"] = "analyse";
    m["request"] = request;
    m["lines"] = 2;
    return m;
  }
  static auto reply_to(int request) {
    return [request](const json& m) { return m.contains("request") && m["request"] == request; };
  }
};

// POST /api/analysis/line: the game object of the line's end, from a stored game's first moves
// and a variation, a record, or a position; bad moves and unknown games are named.
TEST_F(AnalysisApiTest, LinesComeFromGamesRecordsAndPositions) {
  auto [id, token] = two_moves();
  HttpReply r = post("/api/analysis/line", {{"id", id}, {"ply", 1}, {"moves", {"e10-e9"}}});
  ASSERT_EQ(r.status, 200) << r.body;
  json g = r.parsed();
  EXPECT_EQ(g["id"], id);
  EXPECT_EQ(g["moves"], json({"b1-b2", "e10-e9"}));
  EXPECT_EQ(g["last_move"]["text"], "e10-e9");
  EXPECT_EQ(g["to_move"], 0);
  EXPECT_TRUE(g["board"].is_object());
  EXPECT_EQ(game(id)["ply"], 2);  // the game itself is untouched

  const std::string record = get("/api/games/" + id + "/record").body;
  json from_record = post("/api/analysis/line", {{"record", record}}).parsed();
  EXPECT_EQ(from_record["moves"], json({"b1-b2", "b10-b9"}));
  json from_position =
      post("/api/analysis/line", {{"game", "traverse"}, {"position", g["position"]}}).parsed();
  EXPECT_EQ(from_position["moves"], json::array());
  EXPECT_EQ(from_position["board"], g["board"]);

  HttpReply bad = post("/api/analysis/line", {{"game", "traverse"}, {"moves", {"b1-b9"}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.parsed()["error"].get<std::string>().find("move 1 'b1-b9'"), std::string::npos);
  EXPECT_EQ(post("/api/analysis/line", {{"id", "nosuchgame"}}).status, 404);
  EXPECT_EQ(post("/api/analysis/line", {{"id", id}, {"ply", 3}}).status, 400);
  EXPECT_EQ(post("/api/analysis/line", json::object()).status, 400);
  EXPECT_EQ(get("/api/analysis/line").status, 405);
  EXPECT_EQ(get("/api/analysis/nothing").status, 404);
}

// POST /api/analysis/legal: the legal endpoint's answer for a line's end.
TEST_F(AnalysisApiTest, LegalClicksOfALine) {
  json first = post("/api/analysis/legal", {{"game", "traverse"}, {"moves", {"b1-b2"}}}).parsed();
  EXPECT_GT(first["count"].get<int>(), 0);
  ASSERT_FALSE(first["next"].empty());
  json after =
      post("/api/analysis/legal", {{"game", "traverse"}, {"moves", {"b1-b2"}}, {"clicks", {"b10"}}})
          .parsed();
  EXPECT_FALSE(after["next"].empty());
  EXPECT_LT(after["count"].get<int>(), first["count"].get<int>());
}

// POST/GET /api/games/{id}/review: 409 while played; queued (202) once finished, done with a
// report; asked again, answered as it stands (200).
TEST_F(AnalysisApiTest, AReviewIsAskedForOverHttpAndStored) {
  auto [id, token] = two_moves();
  EXPECT_EQ(post("/api/games/" + id + "/review", json::object()).status, 409);
  EXPECT_EQ(get("/api/games/" + id + "/review").parsed()["status"], "none");
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  HttpReply queued = post("/api/games/" + id + "/review", json::object());
  ASSERT_EQ(queued.status, 202) << queued.body;
  json state;
  for (int i = 0; i < 300; ++i) {
    state = get("/api/games/" + id + "/review").parsed();
    if (state["status"] == "done") break;
    std::this_thread::sleep_for(20ms);
  }
  ASSERT_EQ(state["status"], "done") << state.dump();
  EXPECT_EQ(state["report"]["moves"].size(), 2u);
  EXPECT_EQ(state["report"]["positions"].size(), 3u);
  EXPECT_EQ(post("/api/games/" + id + "/review", json::object()).status, 200);
  EXPECT_EQ(get("/api/games/nosuchgame/review").status, 404);
}

// Item D7: live analysis of a game being played is refused to everyone by its id, a seat holder
// without its token or a watcher as much as one sending its token (the token was the only way
// told apart, and withholding it gave a player engine lines for the game in play); the same
// position typed in is analysed; once the game ends its id is analysed too.
TEST_F(AnalysisApiTest, NoOneAnalysesAGameBeingPlayedUntilItEnds) {
  auto [id, token] = two_moves();
  WsClient ws(port_, "/api/analysis/ws");
  ASSERT_TRUE(ws.connected());
  ws.send(analyse({{"id", id}, {"ply", 2}}, 1));
  auto watcher = ws.read_until(reply_to(1));
  ASSERT_TRUE(watcher);
  EXPECT_EQ((*watcher)["type"], "error") << watcher->dump();
  EXPECT_NE((*watcher)["error"].get<std::string>().find("is being played"), std::string::npos)
      << watcher->dump();

  ws.send(analyse({{"id", id}, {"ply", 2}, {"tokens", {token}}}, 2));
  auto player = ws.read_until(reply_to(2));
  ASSERT_TRUE(player);
  EXPECT_EQ((*player)["type"], "error") << player->dump();

  // The position typed into the board: analysed.
  ws.send(analyse({{"game", "traverse"}, {"position", game(id)["position"]}}, 3));
  auto typed = ws.read_until(reply_to(3));
  ASSERT_TRUE(typed);
  EXPECT_EQ((*typed)["type"], "info") << typed->dump();

  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  ws.send(analyse({{"id", id}, {"ply", 1}}, 4));
  auto after = ws.read_until(reply_to(4));
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)["type"], "info") << after->dump();
  ws.send(json{{"type", "stop"}});
  ws.send(json{{"type", "ping"}});
  EXPECT_TRUE(ws.read_until([](const json& m) { return m["type"] == "pong"; }));
}

// The server's bound: with every slot held (by two addresses: one holds at most half), another
// connection is told "busy"; a socket that closes frees its slot.
TEST_F(AnalysisApiTest, PastTheSlotsAnAnalysisIsBusy) {
  const json line = {{"game", "traverse"}};
  auto a = std::make_unique<WsClient>(port_, "/api/analysis/ws");
  WsClient b(port_, "/api/analysis/ws", "", "127.0.0.2"),
      c(port_, "/api/analysis/ws", "", "127.0.0.3");
  a->send(analyse(line, 1));
  ASSERT_TRUE(a->read_until(reply_to(1)));
  b.send(analyse(line, 1));
  ASSERT_TRUE(b.read_until(reply_to(1)));
  c.send(analyse(line, 1));
  auto busy = c.read_until(reply_to(1));
  ASSERT_TRUE(busy);
  EXPECT_EQ((*busy)["type"], "busy") << busy->dump();
  a.reset();  // disconnects: its analysis stops
  bool started = false;
  for (int i = 0; i < 50 && !started; ++i) {
    std::this_thread::sleep_for(20ms);
    c.send(analyse(line, 2 + i));
    auto reply = c.read_until(reply_to(2 + i));
    started = reply && (*reply)["type"] == "info";
  }
  EXPECT_TRUE(started);
}

// A socket watching a review is told when it is done.
TEST_F(AnalysisApiTest, TheSocketHearsAReviewEnd) {
  auto [id, token] = two_moves();
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  WsClient ws(port_, "/api/analysis/ws");
  ws.send(json{{"type", "review"}, {"id", id}});
  auto none = ws.read_until([](const json& m) { return m["type"] == "review"; });
  ASSERT_TRUE(none);
  EXPECT_EQ((*none)["status"], "none");
  ASSERT_EQ(post("/api/games/" + id + "/review", json::object()).status, 202);
  auto done =
      ws.read_until([](const json& m) { return m["type"] == "review" && m["status"] == "done"; });
  ASSERT_TRUE(done);
  EXPECT_EQ((*done)["game"], id);
}

}  // namespace
}  // namespace arbiter::server::test
