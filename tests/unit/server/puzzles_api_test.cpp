// Puzzles over HTTP against a real server (docs/api.md "Puzzles"): the next puzzle near the
// solver's rating without its solution, an attempt move by move (the reply played, the clicks of
// the next position), success and failure changing both ratings once, the guest's browser
// cookie, bad input as one-line 4xx errors, and the attempt rate limit.
#include <gtest/gtest.h>

#include <cmath>

#include "raw_client.h"
#include "server/play/hub.h"
#include "server/ratings/glicko2.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

// South to move steps home at once (i9-i10); any other move lets North win.
constexpr const char* kOneMove =
    "1SsDsTsCsCsTsDs2/8Ss1/10/10/10/10/10/10/8Sn1/1SnDnTnCnCnTnDn2 s 40";
// A move earlier: i8-i9, North's i3-i2, then i9-i10.
constexpr const char* kTwoMoves =
    "1SsDsTsCsCsTsDs2/10/8Ss1/10/10/10/10/8Sn1/10/1SnDnTnCnCnTnDn2 s 40";

class PuzzlesApiTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    one_ = add(kOneMove, "i9-i10", 1400);
    two_ = add(kTwoMoves, "i8-i9 i3-i2 i9-i10", 1550);
  }
  int64_t add(const char* position, const char* solution, double rating) {
    store::PuzzleRow p;
    p.game = "traverse";
    p.params = "players=2 rules=basic max_plies=1000";
    p.position = position;
    p.solution = solution;
    p.source = "test";
    p.rating = rating;
    auto id = server_->hub().store()->add_puzzle(p);
    EXPECT_TRUE(id.ok() && *id);
    return id.ok() && *id ? **id : 0;
  }
  std::string join_as(const std::string& name) {
    HttpReply r = post("/api/accounts", {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  HttpReply attempt(int64_t id, const json& moves, const std::string& session) {
    return post("/api/puzzles/" + std::to_string(id) + "/attempt", {{"moves", moves}}, session);
  }
  HttpReply as(const std::string& target, const std::string& session) {
    return http(port_, "GET", target, "", session);
  }
  int64_t one_ = 0, two_ = 0;
};

// The next puzzle is the one nearest the solver's rating (1500 for a new solver), shown without
// its solution; solving it moves both ratings once, and the next one is another.
TEST_F(PuzzlesApiTest, SolvingAPuzzleMoveByMoveRatesItOnce) {
  const std::string alice = join_as("alice");
  HttpReply next = as("/api/puzzles/next?game=traverse", alice);
  ASSERT_EQ(next.status, 200) << next.body;
  json p = next.parsed()["puzzle"];
  EXPECT_EQ(p["id"], two_);  // 1550 is nearer 1500 than 1400
  EXPECT_EQ(p["position"], kTwoMoves);
  EXPECT_EQ(p["solver"], 0);
  EXPECT_EQ(p["player"], "south");
  EXPECT_EQ(p["moves"], 2);
  EXPECT_TRUE(p["board"].is_object());
  EXPECT_EQ(next.body.find("i9-i10"), std::string::npos) << "the solution leaked";
  EXPECT_EQ(next.parsed()["rating"]["rating"], 1500);

  // The first move: right; North's reply comes back with its route, the solver to move again.
  HttpReply first = attempt(two_, {"i8-i9"}, alice);
  ASSERT_EQ(first.status, 200) << first.body;
  json a = first.parsed();
  EXPECT_EQ(a["result"], "continue");
  EXPECT_EQ(a["played"], json({"i8-i9", "i3-i2"}));
  ASSERT_EQ(a["replies"].size(), 1u);
  EXPECT_EQ(a["replies"][0]["text"], "i3-i2");
  EXPECT_EQ(a["replies"][0]["path"], json({"i3", "i2"}));
  EXPECT_EQ(a["to_move"], 0);
  EXPECT_FALSE(a.contains("solution"));

  // The clicks of the position the line has reached; none for a line that is not the puzzle's.
  HttpReply legal =
      as("/api/puzzles/" + std::to_string(two_) + "/legal?moves=i8-i9,i3-i2&clicks=i9", alice);
  ASSERT_EQ(legal.status, 200) << legal.body;
  bool home = false;
  const json clicks = legal.parsed();
  for (const auto& n : clicks["next"]) home = home || n["click"] == "i10";
  EXPECT_TRUE(home) << legal.body;
  EXPECT_EQ(as("/api/puzzles/" + std::to_string(two_) + "/legal?moves=i8-i9,i3-i4", alice).status,
            400);
  EXPECT_EQ(as("/api/puzzles/" + std::to_string(two_) + "/legal?moves=i8-i9", alice).status, 400);

  HttpReply done = attempt(two_, {"i8-i9", "i9-i10"}, alice);
  ASSERT_EQ(done.status, 200) << done.body;
  a = done.parsed();
  EXPECT_EQ(a["result"], "solved");
  EXPECT_EQ(a["solution"], json({"i8-i9", "i3-i2", "i9-i10"}));
  EXPECT_EQ(a["rated"], true);
  EXPECT_GT(a["rating_change"].get<int>(), 0);
  EXPECT_EQ(a["rating"]["solved"], 1);
  EXPECT_LT(a["puzzle_rating"].get<int>(), 1550);
  const int after = a["rating"]["rating"];

  // Once: solving it again changes nothing.
  HttpReply again = attempt(two_, {"i8-i9", "i9-i10"}, alice);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.parsed()["rated"], false);
  EXPECT_EQ(again.parsed()["rating_change"], 0);
  json mine = as("/api/puzzles/rating", alice).parsed()["rating"];
  EXPECT_EQ(mine["rating"], after);
  EXPECT_EQ(mine["solved"], 1);
  EXPECT_EQ(mine["solver"], "account");
  HttpReply puzzle = get("/api/puzzles/" + std::to_string(two_));
  ASSERT_EQ(puzzle.status, 200);
  EXPECT_EQ(puzzle.parsed()["puzzle"]["plays"], 1);

  // Not the one just solved.
  EXPECT_EQ(as("/api/puzzles/next?game=traverse", alice).parsed()["puzzle"]["id"], one_);
}

// A wrong move fails the attempt: the solution and the move expected are shown, the solver's
// rating goes down and the puzzle's up.
TEST_F(PuzzlesApiTest, AWrongMoveFailsAndShowsTheSolution) {
  const std::string bob = join_as("bob");
  HttpReply r = attempt(one_, {"b10-b9"}, bob);
  ASSERT_EQ(r.status, 200) << r.body;
  json a = r.parsed();
  EXPECT_EQ(a["result"], "failed");
  EXPECT_EQ(a["expected"], "i9-i10");
  EXPECT_EQ(a["solution"], json({"i9-i10"}));
  EXPECT_EQ(a["rated"], true);
  EXPECT_LT(a["rating_change"].get<int>(), 0);
  // The puzzle's rating is provisional (RD 350): the new solver goes 0.3 of Glicko-2's way.
  const double raw = ratings::update({}, {{{1400, 350, 0.06}, 0.0}}).rating;
  EXPECT_NEAR(a["rating_change"].get<int>(), std::lround(1500 + 0.3 * (raw - 1500)) - 1500, 1);
  EXPECT_EQ(a["rating"]["failed"], 1);
  EXPECT_GT(a["puzzle_rating"].get<int>(), 1400);
  // A two-move line failed at its second move.
  r = attempt(two_, {"i8-i9", "b10-b9"}, bob);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.parsed()["result"], "failed");
  EXPECT_EQ(r.parsed()["expected"], "i9-i10");
}

// A guest solves as its browser: an HttpOnly cookie handed out on its first request, then kept.
TEST_F(PuzzlesApiTest, AGuestIsRatedByABrowserCookie) {
  RawConnection c(port_);
  c.send("GET /api/puzzles/rating HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const std::string reply = c.read_all();
  ASSERT_EQ(statuses(reply), std::vector<int>{200}) << reply;
  const std::string cookie = header_value(reply, "Set-Cookie");
  EXPECT_EQ(cookie.rfind("arbiter_browser=", 0), 0u) << cookie;
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(body_of(reply).find("\"solver\":\"browser\""), std::string::npos);
  const std::string value = cookie.substr(0, cookie.find(';'));
  // Without the cookie (and no session) an attempt has no solver to rate.
  HttpReply anonymous =
      post("/api/puzzles/" + std::to_string(one_) + "/attempt", {{"moves", {"i9-i10"}}});
  EXPECT_EQ(anonymous.status, 401) << anonymous.body;

  auto send = [&](const std::string& head, const std::string& body = "") {
    RawConnection k(port_);
    // A browser's page on this server: its Origin names the Host it addressed (cross_site.h).
    k.send(head + "Host: x\r\nOrigin: http://x\r\nCookie: " + value + "\r\nConnection: close\r\n" +
           (body.empty() ? ""
                         : "Content-Type: application/json\r\nContent-Length: " +
                               std::to_string(body.size()) + "\r\n") +
           "\r\n" + body);
    return k.read_all();
  };
  const std::string solved =
      send("POST /api/puzzles/" + std::to_string(one_) + "/attempt HTTP/1.1\r\n",
           R"({"moves":["i9-i10"]})");
  ASSERT_EQ(statuses(solved), std::vector<int>{200}) << solved;
  EXPECT_EQ(header_value(solved, "Set-Cookie"), "");  // the browser keeps its id
  const std::string rating = send("GET /api/puzzles/rating HTTP/1.1\r\n");
  EXPECT_NE(body_of(rating).find("\"solved\":1"), std::string::npos) << rating;
}

TEST_F(PuzzlesApiTest, BadInputIsAOneLineError) {
  const std::string eve = join_as("eve");
  auto expect_error = [](const HttpReply& r, int status) {
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_TRUE(r.parsed().contains("error")) << r.body;
    EXPECT_EQ(r.body.find('\n'), std::string::npos);
  };
  expect_error(get("/api/puzzles/next"), 400);
  expect_error(get("/api/puzzles/next?game=chess"), 400);
  expect_error(get("/api/puzzles/next?game=trap"), 404);  // none stored
  expect_error(get("/api/puzzles/999"), 404);
  expect_error(get("/api/puzzles/abc"), 404);
  expect_error(get("/api/puzzles"), 404);
  expect_error(http(port_, "DELETE", "/api/puzzles/1"), 405);
  const std::string path = "/api/puzzles/" + std::to_string(two_) + "/attempt";
  expect_error(post(path, json::object(), eve), 400);                    // no moves
  expect_error(post(path, {{"moves", "i8-i9"}}, eve), 400);              // not an array
  expect_error(post(path, {{"moves", json::array()}}, eve), 400);        // none
  expect_error(post(path, {{"moves", {1}}}, eve), 400);                  // not a text
  expect_error(post(path, {{"moves", {"z9-z10"}}}, eve), 400);           // illegal
  expect_error(post(path, {{"moves", {"b10-b9", "i8-i9"}}}, eve), 400);  // past the end
  expect_error(http(port_, "POST", path, "{not json", eve), 400);
  expect_error(http(port_, "POST", "/api/puzzles/999/attempt", R"({"moves":["a"]})", eve), 404);
  // Nothing of that was rated.
  EXPECT_EQ(as("/api/puzzles/rating", eve).parsed()["rating"]["failed"], 0);
}

// Attempts are limited per address: a burst of 20, then two a second.
TEST_F(PuzzlesApiTest, AttemptsAreRateLimited) {
  const std::string mallory = join_as("mallory");
  int limited = 0;
  for (int i = 0; i < 30; ++i) {
    HttpReply r = attempt(one_, {"i9-i10"}, mallory);
    if (r.status == 429) ++limited;
  }
  EXPECT_GT(limited, 0);
}

}  // namespace
}  // namespace arbiter::server::test
