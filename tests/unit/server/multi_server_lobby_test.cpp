// The lobby and the offers across servers sharing one PostgreSQL database: a seek posted on A
// reaches B's lobby (a seek notice on the change feed), the author watching B's lobby is told of
// the game its seek became when it is accepted on A, a listed game started and ended on A comes
// and goes in B's lobby, and a draw offered on A is seen, and accepted, on B.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "multi_server_fixture.h"
#include "server/play/hub.h"

namespace arbiter::server::test {
namespace {

class MultiServerLobbyTest : public MultiServerFixture<2> {
 protected:
  std::string join_as(const std::string& name) {
    HttpReply r = post(0, "/api/accounts", {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  // A lobby watcher on `server`, past the lobby as it stands. It subscribes once the lobby has
  // read the store as the server started (before, it would be sent the lobby again after).
  std::unique_ptr<WsClient> lobby(int server, const std::string& session = "") {
    servers_[server]->hub().lobby().flush();
    auto ws = std::make_unique<WsClient>(ports_[server], "/api/lobby/ws",
                                         session.empty() ? "" : "arbiter_session=" + session);
    EXPECT_TRUE(ws->connected());
    auto first = ws->read();
    EXPECT_TRUE(first && (*first)["type"] == "lobby");
    return ws;
  }
  static auto of_type(const std::string& type) {
    return [type](const json& m) { return m["type"] == type; };
  }
};

// Item "lobby live", several servers: the seeks cross by their own notices.
TEST_F(MultiServerLobbyTest, SeekPostedOnAReachesTheLobbyOnB) {
  const std::string alice = join_as("alice");
  auto on_b = lobby(1);
  HttpReply posted = post(0, "/api/seeks", {{"game", "trap"}, {"time_control", "3+2"}}, alice);
  ASSERT_EQ(posted.status, 201) << posted.body;
  const int64_t id = posted.parsed()["seek"]["id"];
  auto added = on_b->read_until(of_type("seek_added"));
  ASSERT_TRUE(added) << "B's lobby did not hear of A's seek";
  EXPECT_EQ((*added)["seek"]["id"], id);
  EXPECT_EQ((*added)["seek"]["username"], "alice");
  ASSERT_EQ(http(ports_[0], "DELETE", "/api/seeks/" + std::to_string(id), "", alice).status, 200);
  auto removed = on_b->read_until(of_type("seek_removed"));
  ASSERT_TRUE(removed);
  EXPECT_EQ((*removed)["id"], id);
}

// Item "the server names the game a seek became", several servers: the author watches B's
// lobby, the seek is accepted on A, and B tells the author the game and its seat (the game row
// names its seek).
TEST_F(MultiServerLobbyTest, AuthorOnBIsToldOfTheGameAcceptedOnA) {
  const std::string alice = join_as("alice");
  const std::string bob = join_as("bob");
  auto alices = lobby(1, alice);
  auto guest = lobby(1);
  HttpReply posted = post(1, "/api/seeks", {{"game", "travelers"}, {"time_control", "5+3"}}, alice);
  ASSERT_EQ(posted.status, 201) << posted.body;
  const int64_t seek = posted.parsed()["seek"]["id"];
  ASSERT_TRUE(alices->read_until(of_type("seek_added")));
  HttpReply accepted =
      post(0, "/api/seeks/" + std::to_string(seek) + "/accept", json::object(), bob);
  ASSERT_EQ(accepted.status, 201) << accepted.body;
  const json g = accepted.parsed()["game"];
  const int alice_seat = g["seats"][0]["account"] == "alice" ? 0 : 1;
  ASSERT_EQ(g["seats"][alice_seat]["account"], "alice");
  auto taken = alices->read_until(of_type("seek_taken"));
  ASSERT_TRUE(taken) << "the author on B was not told";
  EXPECT_EQ((*taken)["game"], g["id"]);
  EXPECT_EQ((*taken)["seat"], alice_seat);
  // The game is listed on B's lobby too, once both seats are taken.
  auto playing = guest->read_until([&](const json& m) {
    return (m["type"] == "game_added" || m["type"] == "game_changed") &&
           m["game"]["id"] == g["id"] && m["game"]["waiting"] == false;
  });
  ASSERT_TRUE(playing) << "B's lobby did not list the game made on A";
}

// Item "games being played now", several servers: a listed game made, joined and resigned on A
// comes and goes in B's lobby (B does not hold it in memory).
TEST_F(MultiServerLobbyTest, GameStartedAndEndedOnAComesAndGoesOnB) {
  auto on_b = lobby(1);
  HttpReply made =
      post(0, "/api/games", {{"game", "trap"}, {"seats", {"human", "open"}}, {"public", true}});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.parsed()["game"]["id"];
  auto added = on_b->read_until(of_type("game_added"));
  ASSERT_TRUE(added);
  EXPECT_EQ((*added)["game"]["id"], id);
  EXPECT_EQ((*added)["game"]["waiting"], true);
  ASSERT_EQ(post(0, "/api/games/" + id + "/join", {{"seat", 1}}).status, 200);
  auto started = on_b->read_until(of_type("game_changed"));
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game"]["waiting"], false);
  ASSERT_EQ(post(0, "/api/games/" + id + "/resign", json::object(),
                 made.parsed()["tokens"]["0"].get<std::string>())
                .status,
            200);
  auto ended = on_b->read_until(of_type("game_removed"));
  ASSERT_TRUE(ended);
  EXPECT_EQ((*ended)["id"], id);
}

// Item "offers across instances": a draw offered on A reaches B's watchers (stored, then noticed)
// and is accepted on B.
TEST_F(MultiServerLobbyTest, DrawOfferedOnAIsSeenAndAcceptedOnB) {
  HttpReply made = post(0, "/api/games", {{"game", "travelers"}, {"seats", {"human", "open"}}});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.parsed()["game"]["id"];
  const std::string first = made.parsed()["tokens"]["0"];
  HttpReply joined = post(1, "/api/games/" + id + "/join", {{"seat", 1}});
  ASSERT_EQ(joined.status, 200) << joined.body;
  const std::string second = joined.parsed()["tokens"]["1"];
  WsClient watcher(ports_[1], "/api/games/" + id + "/ws");
  ASSERT_TRUE(watcher.connected());
  // A has heard of the join (an offer made from an older copy is refused, 409, and reread).
  for (int i = 0; i < 200; ++i) {
    if (http(ports_[0], "GET", "/api/games/" + id).parsed()["seats"][1]["kind"] == "human") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // A move each first: a game ended before every seat has moved ends aborted.
  for (const std::string& token : {first, second}) {
    const json legal = http(ports_[0], "GET", "/api/games/" + id + "/legal?prefix=").parsed();
    ASSERT_EQ(post(0, "/api/games/" + id + "/moves", {{"move", legal["moves"][0]}}, token).status,
              200);
  }
  ASSERT_EQ(post(0, "/api/games/" + id + "/draw", {{"action", "offer"}}, first).status, 200);
  auto offered = watcher.read_until(
      [](const json& m) { return m["type"] == "state" && m["game"]["offers"]["draw"] == 0; });
  ASSERT_TRUE(offered) << "B's watcher did not see A's offer";
  HttpReply accepted = post(1, "/api/games/" + id + "/draw", {{"action", "accept"}}, second);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(accepted.parsed()["result"], "draw: agreed");
}

}  // namespace
}  // namespace arbiter::server::test
