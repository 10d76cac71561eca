// A game's WebSocket as a client uses it (docs/api.md): a ping is answered with a pong, a move
// with a seat token is played and answered by the state every watcher is sent, and a bad frame
// (malformed, an unknown type, an illegal move, another's turn) is answered by a one-line error
// on that socket only, changing nothing.
#include <gtest/gtest.h>

#include <string>

#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

TEST_F(ServerTest, GameSocketPlaysMovesAndAnswersBadFramesWithOneLineErrors) {
  json created = create("traverse", {"human", "human"});
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  WsClient player(port_, "/api/games/" + id + "/ws");
  WsClient watcher(port_, "/api/games/" + id + "/ws");
  ASSERT_TRUE(player.connected());
  ASSERT_TRUE(watcher.connected());
  auto of_type = [](const std::string& type) {
    return [type](const json& m) { return m["type"] == type; };
  };
  auto error_for = [&](const std::string& frame) -> std::string {
    player.send(frame);
    auto answer = player.read_until(of_type("error"));
    if (!answer) return "(no answer)";
    const std::string text = (*answer)["error"];
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    return text;
  };

  player.send(json{{"type", "ping"}});
  ASSERT_TRUE(player.read_until(of_type("pong")));
  EXPECT_EQ(error_for("{not json").rfind("malformed JSON: ", 0), 0u);
  EXPECT_EQ(error_for(R"({"type":"dance"})"), "type: expected move, hello or ping, got 'dance'");
  EXPECT_EQ(error_for(R"({"type":"move","token":")" + south + "\"}"), "move: missing");
  EXPECT_FALSE(
      error_for(json{{"type", "move"}, {"move", "c1-c9"}, {"token", south}}.dump()).empty());
  EXPECT_EQ(game(id)["ply"], 0) << "a refused frame changes nothing";

  player.send(json{{"type", "move"}, {"move", "c1-b2"}, {"token", south}, {"ply", 0}});
  auto seen = watcher.read_until(
      [](const json& m) { return m["type"] == "state" && m["game"]["ply"] == 1; });
  ASSERT_TRUE(seen) << "the watcher was not sent the move";
  EXPECT_EQ((*seen)["game"]["moves"][0], "c1-b2");
  // A South move again: it is North's turn now.
  const std::string again =
      error_for(json{{"type", "move"}, {"move", "d1-d2"}, {"token", south}}.dump());
  EXPECT_NE(again.find("north"), std::string::npos) << again;
  EXPECT_EQ(game(id)["ply"], 1);
}

}  // namespace
}  // namespace arbiter::server::test
