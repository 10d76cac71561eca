// The HTTP API end to end (docs/api.md): catalog, create, get, list, legal, moves and each error
// status a client can cause.
#include <string>

#include "games/registry.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

TEST_F(ServerTest, CatalogListsEveryGameAndLevel) {
  HttpReply r = get("/api/catalog");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/json");
  json c = r.parsed();
  ASSERT_EQ(c["games"].size(), all_games().size());  // the test build adds its test games
  EXPECT_EQ(c["games"][0]["name"], "traverse");
  EXPECT_FALSE(c["games"][0]["params_help"].empty());
  EXPECT_NE(c["games"][0]["defaults"].get<std::string>().find("players=2"), std::string::npos);
  ASSERT_EQ(c["levels"].size(), 10u);
  EXPECT_EQ(c["levels"][0]["level"], 1);
  EXPECT_EQ(get("/api/health").parsed()["ok"], true);
}

TEST_F(ServerTest, CreatesEachGame) {
  for (const char* name : {"traverse", "travelers", "trap"}) {
    json created = create(name, {"human", "human"});
    const json& g = created["game"];
    EXPECT_EQ(g["game"], name);
    EXPECT_EQ(g["ply"], 0);
    EXPECT_EQ(g["status"], "playing");
    EXPECT_EQ(g["to_move"], 0);
    EXPECT_GT(g["legal_count"].get<int>(), 0);
    EXPECT_EQ(g["seats"].size(), 2u);
    EXPECT_TRUE(g["board"].is_object());
    EXPECT_TRUE(g["last_move"].is_null());
    EXPECT_TRUE(g["thinking"].is_null());
    // One token for both seats the creator holds (hot-seat).
    ASSERT_EQ(created["tokens"].size(), 2u);
    EXPECT_EQ(created["tokens"]["0"], created["tokens"]["1"]);
    EXPECT_EQ(created["tokens"]["0"].get<std::string>().size(), 32u);
  }
  json four = create("traverse", {"human", "ai:3", "open", "ai:10"}, "players=4");
  EXPECT_EQ(four["game"]["seats"].size(), 4u);
  EXPECT_EQ(four["game"]["seats"][2]["kind"], "open");
  EXPECT_EQ(four["tokens"].size(), 1u);
}

TEST_F(ServerTest, AtShowsAnEarlierPositionForReplay) {
  json created = create("traverse", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  const json start = created["game"];
  ASSERT_EQ(move(id, "b1-b2", token).status, 200);
  ASSERT_EQ(move(id, "b10-b9", token).status, 200);
  const json now = game(id);

  json first = get("/api/games/" + id + "?at=1").parsed();
  EXPECT_EQ(first["ply"], 1);
  EXPECT_EQ(first["moves"], json::array({"b1-b2"}));
  EXPECT_EQ(first["last_move"]["text"], "b1-b2");
  EXPECT_EQ(first["to_move"], 1);
  EXPECT_NE(first["position"], now["position"]);
  EXPECT_TRUE(first["board"].is_object());

  json zero = get("/api/games/" + id + "?at=0").parsed();
  EXPECT_EQ(zero["position"], start["position"]);
  EXPECT_TRUE(zero["last_move"].is_null());
  // At or past the ply: the game as it is; the game itself is unchanged by looking back.
  EXPECT_EQ(get("/api/games/" + id + "?at=9").parsed()["position"], now["position"]);
  EXPECT_EQ(game(id)["position"], now["position"]);
  EXPECT_EQ(get("/api/games/" + id + "?at=-1").status, 400);
  EXPECT_EQ(get("/api/games/" + id + "?at=x").status, 400);
}

TEST_F(ServerTest, CreateRejectsBadInput) {
  EXPECT_EQ(post("/api/games", {{"game", "chess"}}).status, 400);
  EXPECT_EQ(post("/api/games", {{"game", "traverse"}, {"params", "players=9"}}).status, 400);
  EXPECT_EQ(post("/api/games", {{"game", "traverse"}, {"position", "10/10 s 0"}}).status, 400);
  EXPECT_EQ(post("/api/games", {{"game", "traverse"}, {"seats", {"human"}}}).status, 400);
  EXPECT_EQ(post("/api/games", {{"game", "traverse"}, {"seats", {"human", "ai:11"}}}).status, 400);
  EXPECT_EQ(post("/api/games", {{"game", "traverse"}, {"seats", {"human", "robot"}}}).status, 400);
  HttpReply r = http(port_, "POST", "/api/games", "{\"game\": ");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.parsed()["error"].get<std::string>().find("malformed JSON"), std::string::npos);
  EXPECT_EQ(http(port_, "POST", "/api/games", "[1, 2]").status, 400);
}

TEST_F(ServerTest, GetsAndListsGames) {
  json a = create("traverse", {"human", "human"});
  HttpReply listed =
      post("/api/games", {{"game", "trap"}, {"seats", {"human", "open"}}, {"public", true}});
  ASSERT_EQ(listed.status, 201) << listed.body;
  json b = listed.parsed();
  const std::string ida = a["game"]["id"], idb = b["game"]["id"];
  EXPECT_EQ(game(ida)["id"], ida);

  json both = get("/api/games?ids=" + ida + "," + idb).parsed();
  ASSERT_EQ(both["games"].size(), 2u);
  EXPECT_FALSE(both["games"][0].contains("board"));
  json open = get("/api/games?open=1").parsed();
  ASSERT_EQ(open["games"].size(), 1u);
  EXPECT_EQ(open["games"][0]["id"], idb);
  EXPECT_EQ(get("/api/games?limit=1").parsed()["games"].size(), 1u);
  EXPECT_EQ(get("/api/games?limit=500").status, 400);
  EXPECT_EQ(get("/api/games?status=won").status, 400);
}

TEST_F(ServerTest, LegalFollowsClicks) {
  json g = create("traverse", {"human", "human"})["game"];
  const std::string id = g["id"];
  json first = get("/api/games/" + id + "/legal").parsed();
  EXPECT_EQ(first["count"], g["legal_count"]);
  EXPECT_TRUE(first["complete"].empty());
  bool has_c1 = false;
  for (const auto& n : first["next"]) has_c1 |= n["click"] == "c1";
  EXPECT_TRUE(has_c1);

  json after = get("/api/games/" + id + "/legal?clicks=c1").parsed();
  EXPECT_GT(after["count"].get<int>(), 0);
  bool has_b2 = false;
  for (const auto& n : after["next"]) {
    if (n["click"] != "b2") continue;
    has_b2 = true;
    EXPECT_EQ(n["path"], json({"c1", "b2"}));
  }
  EXPECT_TRUE(has_b2);

  json done = get("/api/games/" + id + "/legal?clicks=c1,b2").parsed();
  ASSERT_EQ(done["complete"].size(), 1u);
  EXPECT_EQ(done["complete"][0]["text"], "c1-b2");
  EXPECT_EQ(get("/api/games/" + id + "/legal?clicks=j5").parsed()["count"], 0);

  // Trap walls are clicked as slots (a1|a2 arrives percent-encoded from a browser).
  const std::string trap = create("trap", {"human", "human"})["game"]["id"];
  json slots = get("/api/games/" + trap + "/legal?clicks=a1%7Ca2").parsed();
  EXPECT_GT(slots["count"].get<int>(), 0);
}

TEST_F(ServerTest, MovesAndTheirErrors) {
  json created = create("traverse", {"human", "open"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];

  HttpReply ok = post("/api/games/" + id + "/moves", {{"move", "c1-b2"}, {"ply", 0}}, token);
  ASSERT_EQ(ok.status, 200) << ok.body;
  json g = ok.parsed();
  EXPECT_EQ(g["ply"], 1);
  EXPECT_EQ(g["moves"], json({"c1-b2"}));
  EXPECT_EQ(g["last_move"]["text"], "c1-b2");
  EXPECT_EQ(g["last_move"]["path"], json({"c1", "b2"}));

  // North's seat is open: south's token cannot move for it.
  EXPECT_EQ(move(id, "b10-b9", token).status, 403);
  EXPECT_EQ(move(id, "d10-d9", "").status, 401);
  EXPECT_EQ(move(id, "d10-d9", std::string(32, 'a')).status, 401);
  EXPECT_EQ(move(id, "d10-d9", "not-hex").status, 401);

  json joined = post("/api/games/" + id + "/join", {{"seat", 1}}).parsed();
  const std::string north = joined["tokens"]["1"];
  HttpReply illegal = move(id, "d10-d5", north);
  EXPECT_EQ(illegal.status, 400);
  EXPECT_NE(illegal.parsed()["error"].get<std::string>().find("d10-d5"), std::string::npos);
  EXPECT_EQ(game(id)["ply"], 1);  // unchanged
  EXPECT_EQ(post("/api/games/" + id + "/moves", {{"move", "d10-d9"}, {"ply", 0}}, north).status,
            409);
  EXPECT_EQ(post("/api/games/" + id + "/moves", {{"ply", 1}}, north).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/moves", {{"move", 5}}, north).status, 400);
  EXPECT_EQ(http(port_, "POST", "/api/games/" + id + "/moves", "{move:", north).status, 400);
  EXPECT_EQ(move(id, "d10-e9", north).status, 200);
  EXPECT_EQ(game(id)["ply"], 2);
}

TEST_F(ServerTest, StatusesForPathsBodiesAndGames) {
  const std::string big = "{\"move\": \"" + std::string(70 * 1024, 'x') + "\"}";
  HttpReply r = http(port_, "POST", "/api/games", big);
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(r.parsed().contains("error"));
  EXPECT_EQ(get("/api/games/NoSuchGame").status, 404);
  EXPECT_EQ(get("/api/games/bad..id").status, 404);
  EXPECT_EQ(post("/api/games/NoSuchGame/moves", {{"move", "c1-b2"}}, "x").status, 404);
  EXPECT_EQ(get("/api/nothing").status, 404);
  EXPECT_EQ(http(port_, "DELETE", "/api/games").status, 405);
  EXPECT_EQ(get("/api/games/NoSuchGame/ws").status, 400);
}

TEST_F(ServerTest, RateLimitAnswers429) {
  options_.rate_limit = 2;  // burst 4
  start();
  int limited = 0;
  for (int i = 0; i < 12; ++i) limited += get("/api/health").status == 429 ? 1 : 0;
  EXPECT_GT(limited, 0);
  EXPECT_EQ(http(port_, "GET", "/").status, 200);  // static files are not counted
}

}  // namespace
}  // namespace arbiter::server::test
