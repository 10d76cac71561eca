// The WebSocket: state on connect and after every change, moves sent over it, errors, ping, and
// AI seats that reply on their own (with thinking reports pushed meanwhile).
#include <string>

#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

auto state_at(int ply) {
  return [ply](const json& m) { return m["type"] == "state" && m["game"]["ply"] == ply; };
}

TEST_F(ServerTest, WebSocketPushesStates) {
  json created = create("traverse", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  WsClient ws(port_, "/api/games/" + id + "/ws");
  ASSERT_TRUE(ws.connected());
  auto hello = ws.read();
  ASSERT_TRUE(hello);
  EXPECT_EQ((*hello)["type"], "state");
  EXPECT_EQ((*hello)["game"]["ply"], 0);

  ASSERT_EQ(move(id, "c1-b2", token).status, 200);
  auto after_http = ws.read();
  ASSERT_TRUE(after_http);
  EXPECT_EQ((*after_http)["game"]["moves"], json({"c1-b2"}));
  EXPECT_TRUE((*after_http)["game"]["board"].is_object());

  ws.send({{"type", "move"}, {"move", "d10-e9"}, {"token", token}, {"ply", 1}});
  auto after_ws = ws.read();
  ASSERT_TRUE(after_ws);
  EXPECT_EQ((*after_ws)["type"], "state");
  EXPECT_EQ((*after_ws)["game"]["ply"], 2);

  ws.send({{"type", "move"}, {"move", "zz-top"}, {"token", token}});
  auto error = ws.read();
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["type"], "error");
  ws.send(std::string("{not json"));
  EXPECT_EQ((*ws.read())["type"], "error");
  ws.send({{"type", "ping"}});
  EXPECT_EQ((*ws.read())["type"], "pong");

  // A second watcher sees the same changes.
  WsClient other(port_, "/api/games/" + id + "/ws");
  ASSERT_TRUE(other.read_until(state_at(2)));
  ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), token).status, 200);
  auto resigned = other.read();
  ASSERT_TRUE(resigned);
  EXPECT_EQ((*resigned)["game"]["status"], "finished");
}

TEST_F(ServerTest, WebSocketToUnknownGameIsRefused) {
  WsClient ws(port_, "/api/games/NoSuchGame/ws");
  EXPECT_FALSE(ws.connected());
}

TEST_F(ServerTest, AiSeatsReply) {
  json created = create("traverse", {"human", "ai:2"});
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  WsClient ws(port_, "/api/games/" + id + "/ws");
  ASSERT_TRUE(ws.read_until(state_at(0)));
  ASSERT_EQ(move(id, "c1-b2", token).status, 200);
  auto reply = ws.read_until(state_at(2));
  ASSERT_TRUE(reply);
  const json& g = (*reply)["game"];
  EXPECT_EQ(g["to_move"], 0);
  EXPECT_TRUE(g["thinking"].is_null());
  EXPECT_EQ(g["last_move"]["text"], g["moves"][1]);

  // An AI in the first seat moves as soon as the game exists.
  json ai_first = create("trap", {"ai:1", "human"});
  WsClient trap(port_, "/api/games/" + ai_first["game"]["id"].get<std::string>() + "/ws");
  EXPECT_TRUE(trap.read_until(state_at(1)));
}

TEST_F(ServerTest, AiAgainstAiPlaysOn) {
  json created = create("travelers", {"ai:1", "ai:1"});
  EXPECT_TRUE(created["tokens"].empty());
  WsClient ws(port_, "/api/games/" + created["game"]["id"].get<std::string>() + "/ws");
  // The seats play without pause, so the game may be past ply 6 (or over) by the time the
  // watcher's first state arrives.
  EXPECT_TRUE(ws.read_until([](const json& m) {
    return m["type"] == "state" &&
           (m["game"]["ply"].get<int>() >= 6 || m["game"]["status"] == "finished");
  }));
}

}  // namespace
}  // namespace arbiter::server::test
