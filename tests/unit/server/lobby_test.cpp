// The lobby over its WebSocket against a real server (docs/api.md "Lobby WebSocket"): the seeks
// and the listed games being played, pushed on subscribe and as they change; a challenge seen
// only by its two players; the seek's author told which game its seek became, and with which
// seat; the acceptor answered with the game and a seat token of its own.
#include <gtest/gtest.h>

#include <string>

#include "server/play/hub.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

class LobbyTest : public ServerTest {
 protected:
  // Registers `name` and returns its session.
  std::string join_as(const std::string& name) {
    HttpReply r = post("/api/accounts", {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  static std::string cookie(const std::string& session) { return "arbiter_session=" + session; }
  // A lobby watcher logged in as `session` ("" for a guest), past its first message (the lobby
  // as it stands), which goes to `first`.
  // It subscribes once the lobby has read the store as the server started: a watcher that
  // subscribes before is sent the lobby again when that read is done, in place of the changes
  // the read already holds.
  std::unique_ptr<WsClient> lobby(const std::string& session = "", json* first = nullptr) {
    settle();
    auto ws =
        std::make_unique<WsClient>(port_, "/api/lobby/ws", session.empty() ? "" : cookie(session));
    EXPECT_TRUE(ws->connected());
    auto snapshot = ws->read();
    EXPECT_TRUE(snapshot.has_value());
    if (snapshot) {
      EXPECT_EQ((*snapshot)["type"], "lobby") << snapshot->dump();
      if (first) *first = *snapshot;
    }
    return ws;
  }
  HttpReply seek(const std::string& session, json body) {
    return post("/api/seeks", std::move(body), session);
  }
  // Waits until the lobby has done what it was handed (a watcher subscribing after this sees
  // it in the lobby as it stands; one subscribed before is sent the change).
  void settle() { server_->hub().lobby().flush(); }
  static auto of_type(const std::string& type) {
    return [type](const json& m) { return m["type"] == type; };
  }
};

// Item "lobby live": a guest's lobby gets the seeks on subscribe, then each seek added and
// removed as it happens (no polling).
TEST_F(LobbyTest, SeeksArePushedOnSubscribeAndAsTheyChange) {
  const std::string alice = join_as("alice");
  HttpReply before = seek(alice, {{"game", "trap"}, {"time_control", "3+2"}});
  ASSERT_EQ(before.status, 201) << before.body;
  settle();
  json first;
  auto guest = lobby("", &first);
  ASSERT_EQ(first["seeks"].size(), 1u) << first.dump();
  EXPECT_EQ(first["seeks"][0]["username"], "alice");
  EXPECT_EQ(first["seeks"][0]["time_control"], "3+2");
  EXPECT_TRUE(first["games"].is_array());

  HttpReply posted = seek(alice, {{"game", "travelers"}, {"time_control", "5+3"}});
  ASSERT_EQ(posted.status, 201) << posted.body;
  const int64_t id = posted.parsed()["seek"]["id"];
  auto added = guest->read_until(of_type("seek_added"));
  ASSERT_TRUE(added) << "no seek_added";
  EXPECT_EQ((*added)["seek"]["id"], id);
  EXPECT_EQ((*added)["seek"]["game"], "travelers");

  ASSERT_EQ(http(port_, "DELETE", "/api/seeks/" + std::to_string(id), "", alice).status, 200);
  auto removed = guest->read_until(of_type("seek_removed"));
  ASSERT_TRUE(removed) << "no seek_removed";
  EXPECT_EQ((*removed)["id"], id);
}

// A challenge is pushed to its two players only: a third player's lobby (logged in by its
// session cookie) sees the next open seek and never the challenge.
TEST_F(LobbyTest, ChallengeIsPushedOnlyToItsTwoPlayers) {
  const std::string alice = join_as("alice");
  const std::string bob = join_as("bob");
  const std::string carol = join_as("carol");
  auto bobs = lobby(bob);
  auto carols = lobby(carol);
  settle();  // both are subscribed under their accounts
  ASSERT_EQ(seek(alice, {{"game", "trap"}, {"challenge", "bob"}}).status, 201);
  ASSERT_EQ(seek(alice, {{"game", "travelers"}}).status, 201);
  auto to_bob = bobs->read_until(of_type("seek_added"));
  ASSERT_TRUE(to_bob);
  EXPECT_EQ((*to_bob)["seek"]["challenge"], "bob");
  auto to_carol = carols->read_until(of_type("seek_added"));
  ASSERT_TRUE(to_carol);
  EXPECT_EQ((*to_carol)["seek"]["game"], "travelers");  // the challenge was not sent
  EXPECT_TRUE((*to_carol)["seek"]["challenge"].is_null());
  // The lobby as it stands follows the same rule.
  json first;
  auto again = lobby(carol, &first);
  ASSERT_EQ(first["seeks"].size(), 1u) << first.dump();
  EXPECT_EQ(first["seeks"][0]["game"], "travelers");
}

// Item "the server names the game a seek became": the acceptor is answered with the game and its
// own seat token; the seek's author, watching the lobby, is told the game's id and its seat
// without asking (no guessing from its list of games).
TEST_F(LobbyTest, AuthorIsToldTheGameItsSeekBecameAndItsSeat) {
  stop();
  options_.rated_same_address = true;  // both accounts are seen on this test's one address
  start();
  const std::string alice = join_as("alice");
  const std::string bob = join_as("bob");
  auto alices = lobby(alice);
  auto guest = lobby();
  settle();
  HttpReply posted = seek(alice, {{"game", "traverse"}, {"time_control", "10+5"}, {"rated", true}});
  ASSERT_EQ(posted.status, 201) << posted.body;
  const int64_t seek_id = posted.parsed()["seek"]["id"];
  HttpReply accepted =
      post("/api/seeks/" + std::to_string(seek_id) + "/accept", json::object(), bob);
  ASSERT_EQ(accepted.status, 201) << accepted.body;
  const json answer = accepted.parsed();
  const std::string game_id = answer["game"]["id"];
  ASSERT_EQ(answer["tokens"].size(), 1u) << answer.dump();
  const int bob_seat = std::stoi(answer["tokens"].begin().key());
  EXPECT_EQ(answer["game"]["seats"][bob_seat]["account"], "bob");
  const int alice_seat = 1 - bob_seat;
  EXPECT_EQ(answer["game"]["seats"][alice_seat]["account"], "alice");

  auto taken = alices->read_until(of_type("seek_taken"));
  ASSERT_TRUE(taken) << "the author was not told";
  EXPECT_EQ((*taken)["seek"], seek_id);
  EXPECT_EQ((*taken)["game"], game_id);
  EXPECT_EQ((*taken)["seat"], alice_seat);

  // Nobody else is told: the guest's next message about it is the game, not a seek_taken.
  auto seen = guest->read_until([&](const json& m) {
    return m["type"] == "seek_taken" || (m["type"] == "game_changed" && m["game"]["id"] == game_id);
  });
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["type"], "game_changed");
  EXPECT_EQ((*seen)["game"]["seek"], seek_id);

  // The acceptor's seat token is its seat's: it resigns that seat and no other (before anyone
  // has moved, which aborts the game).
  const std::string bobs = answer["tokens"][std::to_string(bob_seat)];
  EXPECT_EQ(post("/api/games/" + game_id + "/resign", {{"seat", alice_seat}}, bobs).status, 403);
  HttpReply resigned = post("/api/games/" + game_id + "/resign", {{"seat", bob_seat}}, bobs);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(resigned.parsed()["aborted"], true);
}

// Item "games being played now": a listed game is pushed when it is made (waiting for a player),
// when its seats fill (with the players' accounts, ratings and time control), and when it ends;
// an unlisted game never is.
TEST_F(LobbyTest, ListedGamesArePushedWhenTheyStartChangeAndEnd) {
  auto guest = lobby();
  HttpReply hidden = post("/api/games", {{"game", "trap"}, {"seats", {"human", "open"}}});
  ASSERT_EQ(hidden.status, 201) << hidden.body;
  HttpReply made = post(
      "/api/games",
      {{"game", "trap"}, {"seats", {"human", "open"}}, {"public", true}, {"time_control", "3+2"}});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.parsed()["game"]["id"];
  auto added = guest->read_until(of_type("game_added"));
  ASSERT_TRUE(added);
  EXPECT_EQ((*added)["game"]["id"], id);  // not the unlisted one, made first
  EXPECT_EQ((*added)["game"]["waiting"], true);
  EXPECT_EQ((*added)["game"]["time_control"], "3+2");
  EXPECT_EQ((*added)["game"]["seats"][1]["kind"], "open");

  const std::string bob = join_as("bob");
  HttpReply joined = post("/api/games/" + id + "/join", {{"seat", 1}}, bob);
  ASSERT_EQ(joined.status, 200) << joined.body;
  auto started = guest->read_until(of_type("game_changed"));
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game"]["waiting"], false);
  EXPECT_EQ((*started)["game"]["seats"][1]["account"], "bob");
  EXPECT_EQ((*started)["game"]["seats"][1]["rating"], 1500);  // new to trap/real-time
  EXPECT_EQ((*started)["game"]["seats"][1]["provisional"], true);
  EXPECT_TRUE((*started)["game"]["seats"][0]["rating"].is_null());  // a guest's seat

  // A new watcher finds it in the lobby as it stands.
  json first;
  auto later = lobby("", &first);
  ASSERT_EQ(first["games"].size(), 1u) << first.dump();
  EXPECT_EQ(first["games"][0]["id"], id);

  const std::string creator = made.parsed()["tokens"]["0"];
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), creator).status, 200);
  auto ended = guest->read_until(of_type("game_removed"));
  ASSERT_TRUE(ended);
  EXPECT_EQ((*ended)["id"], id);
  EXPECT_EQ((*ended)["result"], "aborted");  // between two people, before anyone moved
}

// The lobby's listed games come from the store after a restart.
TEST_F(LobbyTest, GamesBeingPlayedSurviveARestart) {
  HttpReply made =
      post("/api/games", {{"game", "travelers"}, {"seats", {"human", "human"}}, {"public", true}});
  ASSERT_EQ(made.status, 201);
  start();
  settle();  // it reads the store as the server starts
  json first;
  auto guest = lobby("", &first);
  ASSERT_EQ(first["games"].size(), 1u) << first.dump();
  const std::string id = made.parsed()["game"]["id"];
  EXPECT_EQ(first["games"][0]["id"], id);

  // The game read from the store is the one its changes name: it ends once, and a watcher
  // arriving after finds it gone, not twice over.
  const std::string token = made.parsed()["tokens"]["0"];
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  auto ended = guest->read_until(of_type("game_removed"));
  ASSERT_TRUE(ended) << "the restored game was not removed when it ended";
  EXPECT_EQ((*ended)["id"], id);
  settle();
  json after;
  auto late = lobby("", &after);
  EXPECT_TRUE(after["games"].empty()) << after.dump();
}

// The lobby's WebSocket takes pings; anything else is a one-line error.
TEST_F(LobbyTest, LobbySocketTakesOnlyPing) {
  auto guest = lobby();
  // The lobby may push its state again at any time (a resync); those are skipped.
  auto answer = [&] {
    auto m = guest->read();
    while (m && (*m)["type"] == "lobby") m = guest->read();
    return m;
  };
  guest->send(json{{"type", "ping"}});
  auto pong = answer();
  ASSERT_TRUE(pong);
  EXPECT_EQ((*pong)["type"], "pong");
  guest->send(json{{"type", "hello"}, {"token", "abc"}});
  auto error = answer();
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["type"], "error");
  EXPECT_NE((*error)["error"].get<std::string>().find("only ping"), std::string::npos);
  guest->send(std::string("not json"));
  error = answer();
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["type"], "error");
}

}  // namespace
}  // namespace arbiter::server::test
