// Accounts, sessions, ratings and the lobby over HTTP against a real server (docs/api.md
// "Accounts", "Players", "Lobby"; docs/online.md).
#include <gtest/gtest.h>

#include <thread>

#include "raw_client.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

class OnlineApiTest : public ServerTest {
 protected:
  HttpReply send(const std::string& method, const std::string& target, const json& body,
                 const std::string& token = "") {
    return http(port_, method, target, body.is_null() ? "" : body.dump(), token);
  }
  // Registers `name` and returns its session.
  std::string join_as(const std::string& name) {
    HttpReply r = post("/api/accounts", {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  json player(const std::string& name) { return get("/api/players/" + name).parsed(); }
};

// Accounts: registration and login give a session (body and HttpOnly SameSite cookie) that
// works as a bearer and as a cookie; logout ends it.
TEST_F(OnlineApiTest, AccountsRegisterLogInAndOut) {
  const std::string session = join_as("Alice");
  ASSERT_TRUE(session.starts_with("s.")) << session;
  HttpReply me = send("GET", "/api/account", nullptr, session);
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_EQ(me.parsed()["username"], "Alice");

  // Logging in by another case of the name; the cookie is set as documented.
  RawConnection c(port_);
  const std::string body = R"({"username":"alice","password":"correct horse 1"})";
  c.send(
      "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  const std::string reply = c.read_all();
  ASSERT_EQ(statuses(reply), std::vector<int>{201}) << reply;
  const std::string cookie = header_value(reply, "Set-Cookie");
  EXPECT_NE(cookie.find("arbiter_session=s."), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("Path=/"), std::string::npos) << cookie;
  const std::string value = cookie.substr(0, cookie.find(';'));

  RawConnection by_cookie(port_);
  by_cookie.send("GET /api/account HTTP/1.1\r\nHost: x\r\nCookie: theme=dark; " + value +
                 "\r\nConnection: close\r\n\r\n");
  const std::string answer = by_cookie.read_all();
  ASSERT_EQ(statuses(answer), std::vector<int>{200}) << answer;
  EXPECT_NE(answer.find("\"Alice\""), std::string::npos);
  // GET /api/sessions says the same, and answers 200 with nobody too.
  HttpReply owner = send("GET", "/api/sessions", nullptr, session);
  ASSERT_EQ(owner.status, 200) << owner.body;
  EXPECT_EQ(owner.parsed()["username"], "Alice");

  ASSERT_EQ(send("DELETE", "/api/sessions", nullptr, session).status, 200);
  EXPECT_EQ(send("GET", "/api/account", nullptr, session).status, 401);
  HttpReply nobody = send("GET", "/api/sessions", nullptr, session);
  ASSERT_EQ(nobody.status, 200) << nobody.body;
  EXPECT_TRUE(nobody.parsed()["username"].is_null()) << nobody.body;
  EXPECT_TRUE(send("GET", "/api/sessions", nullptr).parsed()["username"].is_null());
}

// Bad input: one-line 4xx JSON errors, nothing written.
TEST_F(OnlineApiTest, BadInputIsAOneLineError) {
  auto expect_error = [](const HttpReply& r, int status) {
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_TRUE(r.parsed().contains("error")) << r.body;
    EXPECT_EQ(r.body.find('\n'), std::string::npos);
  };
  expect_error(post("/api/accounts", {{"username", "al"}, {"password", "correct horse 1"}}), 400);
  expect_error(post("/api/accounts", {{"username", "al ice"}, {"password", "correct horse"}}), 400);
  expect_error(post("/api/accounts", {{"username", "alice"}, {"password", "short"}}), 400);
  expect_error(post("/api/accounts", {{"username", 5}, {"password", "correct horse 1"}}), 400);
  expect_error(post("/api/accounts", {{"username", "deleted"}, {"password", "correct horse"}}),
               409);
  expect_error(http(port_, "POST", "/api/accounts", "{not json"), 400);
  join_as("alice");
  expect_error(post("/api/accounts", {{"username", "ALICE"}, {"password", "correct horse 1"}}),
               409);
  expect_error(send("GET", "/api/account", nullptr), 401);
  expect_error(send("GET", "/api/account", nullptr, "s.0123456789abcdef0123456789abcdef"), 401);
  expect_error(post("/api/seeks", {{"game", "traverse"}}), 401);
  expect_error(get("/api/players/nobody"), 404);
  expect_error(get("/api/leaderboard?pool=chess"), 400);
  expect_error(get("/api/games?mine=1"), 401);
  expect_error(send("PUT", "/api/seeks", nullptr), 405);
  expect_error(get("/api/seeksx"), 404);
  const std::string s = join_as("bob_2");
  expect_error(post("/api/seeks", {{"game", "nope"}}, s), 400);
  expect_error(post("/api/seeks", {{"game", "traverse"}, {"params", "players=9"}}, s), 400);
  expect_error(post("/api/seeks", {{"game", "traverse"}, {"time_control", "soon"}}, s), 400);
  expect_error(post("/api/seeks", {{"game", "traverse"}, {"rated", true}}, s), 400);
  expect_error(post("/api/seeks", {{"game", "traverse"}, {"min_rating", -5}}, s), 400);
  expect_error(post("/api/seeks", {{"game", "traverse"}, {"challenge", "carol"}}, s), 404);
  expect_error(post("/api/seeks/99/accept", json::object(), s), 404);
  EXPECT_TRUE(get("/api/seeks").parsed()["seeks"].empty());
}

// Login never says whether a name exists, and is limited per account.
TEST_F(OnlineApiTest, LoginHidesNamesAndIsRateLimited) {
  join_as("alice");
  HttpReply unknown = post("/api/sessions", {{"username", "nobody"}, {"password", "whatever 12"}});
  HttpReply wrong = post("/api/sessions", {{"username", "alice"}, {"password", "whatever 12"}});
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.body, wrong.body);
  int status = 0;
  for (int i = 0; i < 6 && status != 429; ++i) {
    status = post("/api/sessions", {{"username", "alice"}, {"password", "whatever 12"}}).status;
  }
  EXPECT_EQ(status, 429);
}

// Passwords change (other sessions end), and a deleted account's games stay, anonymised.
TEST_F(OnlineApiTest, PasswordChangeAndDeletion) {
  const std::string first = join_as("alice");
  HttpReply second =
      post("/api/sessions", {{"username", "alice"}, {"password", "correct horse 1"}});
  ASSERT_EQ(second.status, 201);
  const std::string other = second.parsed()["session"];
  EXPECT_EQ(post("/api/account/password",
                 {{"password", "wrong password"}, {"new_password", "battery staple"}}, first)
                .status,
            403);
  ASSERT_EQ(post("/api/account/password",
                 {{"password", "correct horse 1"}, {"new_password", "battery staple"}}, first)
                .status,
            200);
  EXPECT_EQ(send("GET", "/api/account", nullptr, first).status, 200);
  EXPECT_EQ(send("GET", "/api/account", nullptr, other).status, 401);
  EXPECT_EQ(post("/api/sessions", {{"username", "alice"}, {"password", "battery staple"}}).status,
            201);

  // A game created while logged in: the seats belong to the account.
  HttpReply made = http(port_, "POST", "/api/games",
                        json({{"game", "traverse"}, {"seats", {"human", "open"}}}).dump(), first);
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.parsed()["game"]["id"];
  EXPECT_EQ(made.parsed()["game"]["seats"][0]["account"], "alice");
  auto mine = send("GET", "/api/games?mine=1", nullptr, first).parsed();
  ASSERT_EQ(mine["games"].size(), 1u) << mine.dump();

  ASSERT_EQ(post("/api/account/delete", {{"password", "battery staple"}}, first).status, 200);
  EXPECT_EQ(send("GET", "/api/account", nullptr, first).status, 401);
  EXPECT_EQ(get("/api/players/alice").status, 404);
  stop();
  start();  // the game as stored, read again
  EXPECT_EQ(game(id)["seats"][0]["account"], "deleted");
  join_as("alice");  // the name is free again
}

// The lobby and ratings: a rated seek accepted by another player makes a game between their
// accounts, each plays with the session alone, and the result updates both ratings. (Both
// accounts are seen on this test's one address: the server is told to rate them anyway.)
TEST_F(OnlineApiTest, RatedSeekToRatings) {
  stop();
  options_.rated_same_address = true;
  start();
  const std::string alice = join_as("alice");
  const std::string bob = join_as("bob");
  HttpReply seek = post(
      "/api/seeks",
      {{"game", "traverse"}, {"params", "players=2"}, {"time_control", "10+5"}, {"rated", true}},
      alice);
  ASSERT_EQ(seek.status, 201) << seek.body;
  const int64_t seek_id = seek.parsed()["seek"]["id"];
  auto listed = get("/api/seeks").parsed()["seeks"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["username"], "alice");
  EXPECT_EQ(listed[0]["rated"], true);
  const std::string accept = "/api/seeks/" + std::to_string(seek_id) + "/accept";
  EXPECT_EQ(post(accept, json::object(), alice).status, 409);  // one's own seek
  HttpReply accepted = post(accept, json::object(), bob);
  ASSERT_EQ(accepted.status, 201) << accepted.body;
  EXPECT_EQ(post(accept, json::object(), bob).status, 404);  // taken
  EXPECT_TRUE(get("/api/seeks").parsed()["seeks"].empty());
  json g = accepted.parsed()["game"];
  const std::string id = g["id"];
  EXPECT_EQ(g["time_control"], "10+5");
  EXPECT_EQ(g["rated"], true);
  std::set<std::string> names = {g["seats"][0].value("account", ""),
                                 g["seats"][1].value("account", "")};
  EXPECT_EQ(names, (std::set<std::string>{"alice", "bob"}));

  // Each plays two moves with the session (a game is rated once every seat has moved twice),
  // then Bob resigns with his session (no seat token): alice wins.
  for (const char* text : {"c1-b2", "d10-e9", "b1-b3", "c10-d9"}) {
    const json now = game(id);
    const bool alices_turn = now["seats"][now["to_move"].get<int>()]["account"] == "alice";
    ASSERT_EQ(move(id, text, alices_turn ? alice : bob).status, 200);
  }
  HttpReply resigned = post("/api/games/" + id + "/resign", json::object(), bob);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  json a, b;
  for (int i = 0; i < 100; ++i) {
    a = player("alice");
    b = player("bob");
    if (!a["ratings"].empty() && !b["ratings"].empty()) break;
    std::this_thread::sleep_for(50ms);
  }
  ASSERT_EQ(a["ratings"].size(), 1u) << a.dump();
  EXPECT_EQ(a["ratings"][0]["pool"], "traverse-2p/real-time");
  EXPECT_GT(a["ratings"][0]["rating"].get<int>(), 1500);
  EXPECT_LT(b["ratings"][0]["rating"].get<int>(), 1500);
  EXPECT_EQ(a["ratings"][0]["games"], 1);
  EXPECT_EQ(a["ratings"][0]["provisional"], true);
  ASSERT_EQ(a["games"].size(), 1u);
  EXPECT_EQ(a["games"][0]["id"], id);
  auto board = get("/api/leaderboard?pool=traverse-2p/real-time").parsed();
  ASSERT_EQ(board["players"].size(), 2u) << board.dump();
  EXPECT_EQ(board["players"][0]["username"], "alice");
  EXPECT_EQ(board["players"][0]["rank"], 1);
  auto pools = get("/api/leaderboard").parsed()["pools"];
  EXPECT_NE(std::find(pools.begin(), pools.end(), "traverse-4p/correspondence"), pools.end());
}

// A challenge names one player: only they may accept it, and only the two see it.
TEST_F(OnlineApiTest, ChallengeToANamedPlayer) {
  const std::string alice = join_as("alice");
  const std::string bob = join_as("bob");
  const std::string carol = join_as("carol");
  HttpReply seek = post("/api/seeks", {{"game", "trap"}, {"challenge", "BOB"}}, alice);
  ASSERT_EQ(seek.status, 201) << seek.body;
  const std::string path = "/api/seeks/" + std::to_string(seek.parsed()["seek"]["id"].get<int>());
  EXPECT_TRUE(send("GET", "/api/seeks", nullptr, carol).parsed()["seeks"].empty());
  EXPECT_EQ(send("GET", "/api/seeks", nullptr, bob).parsed()["seeks"].size(), 1u);
  EXPECT_EQ(post(path + "/accept", json::object(), carol).status, 403);
  EXPECT_EQ(send("DELETE", path, nullptr, bob).status, 403);  // not his to withdraw
  HttpReply ok = post(path + "/accept", json::object(), bob);
  ASSERT_EQ(ok.status, 201) << ok.body;
  EXPECT_EQ(ok.parsed()["game"]["rated"], false);
  // Bob's seat is his account's, across browsers: "my games" lists it.
  auto mine = send("GET", "/api/games?mine=1", nullptr, bob).parsed();
  ASSERT_EQ(mine["games"].size(), 1u);
}

}  // namespace
}  // namespace arbiter::server::test
