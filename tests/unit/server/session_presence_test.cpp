// Presence from the session cookie (docs/online.md "Fair endings"): a WebSocket on a game whose
// upgrade carries a logged-in session counts the seats that account holds as present, with no
// seat token and no hello, in every browser the player opens the game in; the disconnect grace
// and claims follow it. The server's clock is the test's (no test waits for the grace).
#include <gtest/gtest.h>

#include <string>

#include "fake_clock.h"
#include "server/play/hub.h"

namespace arbiter::server::test {
namespace {

class SessionPresenceTest : public FakeClockServerTest {
 protected:
  std::string join_as(const std::string& name) {
    HttpReply r = post("/api/accounts", {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  static std::string cookie(const std::string& session) { return "arbiter_session=" + session; }
  static bool present(const json& state) {
    return state["type"] == "state" && state["game"]["claim_at_ms"].is_null();
  }
};

// Item "seats held by an account are present from the session cookie": alice and bob play a
// real-time game made from a seek, each seat held by account. The player to move opens the game
// in two browsers with only the session cookie: the seat is present (no claim) while either is
// open, and away from the moment the last one closes; the claim follows the grace from then.
TEST_F(SessionPresenceTest, SessionCookieMarksTheAccountsSeatsPresent) {
  const std::string alice = join_as("alice");
  const std::string bob = join_as("bob");
  HttpReply seek = post("/api/seeks", {{"game", "traverse"}, {"time_control", "5+0"}}, alice);
  ASSERT_EQ(seek.status, 201) << seek.body;
  HttpReply accepted =
      post("/api/seeks/" + std::to_string(seek.parsed()["seek"]["id"].get<int64_t>()) + "/accept",
           json::object(), bob);
  ASSERT_EQ(accepted.status, 201) << accepted.body;
  const json g = accepted.parsed()["game"];
  const std::string id = g["id"];
  const int to_move = g["to_move"];
  const bool alice_moves = g["seats"][to_move]["account"] == "alice";
  const std::string mover = alice_moves ? alice : bob;
  const std::string other = alice_moves ? bob : alice;
  const std::string claim = "/api/games/" + id + "/claim";
  ASSERT_FALSE(game(id)["claim_at_ms"].is_null());  // nobody connected yet

  {
    WsClient first(port_, "/api/games/" + id + "/ws", cookie(mover));
    ASSERT_TRUE(first.connected());
    ASSERT_TRUE(first.read_until(present)) << "the session did not make the seat present";
    {
      WsClient second(port_, "/api/games/" + id + "/ws", cookie(mover));
      ASSERT_TRUE(second.connected());
      ASSERT_TRUE(second.read());
      clock_ms_ += 61'000;
      HttpReply r = post(claim, json::object(), other);
      EXPECT_EQ(r.status, 409) << r.body;
      EXPECT_NE(r.parsed()["error"].get<std::string>().find("is connected"), std::string::npos);
    }
    // One browser closed, the other still open: present.
    server_->hub().flush();
    clock_ms_ += 61'000;
    EXPECT_EQ(post(claim, json::object(), other).status, 409);
    EXPECT_TRUE(game(id)["claim_at_ms"].is_null());
  }
  // The last one closed: away from now, claimable after the grace.
  json after = game_when(id, [](const json& g) { return !g["claim_at_ms"].is_null(); });
  ASSERT_FALSE(after["claim_at_ms"].is_null());
  EXPECT_EQ(after["claim_at_ms"], clock_ms_.load() + 60'000);
  clock_ms_ += 60'000;
  HttpReply claimed = post(claim, json::object(), other);
  ASSERT_EQ(claimed.status, 200) << claimed.body;
  EXPECT_EQ(claimed.parsed()["status"], "finished");
}

// A session whose account holds no seat watches as anyone does; a guest's WebSocket without a
// cookie marks nothing.
TEST_F(SessionPresenceTest, SessionWithoutASeatOnlyWatches) {
  const std::string carol = join_as("carol");
  HttpReply made = post(
      "/api/games", {{"game", "traverse"}, {"seats", {"human", "open"}}, {"time_control", "5+0"}});
  ASSERT_EQ(made.status, 201);
  const std::string id = made.parsed()["game"]["id"];
  ASSERT_EQ(post("/api/games/" + id + "/join", {{"seat", 1}}).status, 200);
  WsClient ws(port_, "/api/games/" + id + "/ws", cookie(carol));
  ASSERT_TRUE(ws.connected());
  auto first = ws.read();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["type"], "state");
  ws.send(json{{"type", "ping"}});
  auto next = ws.read();  // no error about the session, no presence change: the pong
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["type"], "pong");
  EXPECT_FALSE(game(id)["claim_at_ms"].is_null());
}

}  // namespace
}  // namespace arbiter::server::test
