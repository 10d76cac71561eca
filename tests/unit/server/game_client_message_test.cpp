// A game WebSocket's client messages read as a function (server/play/game_client_message.h, what
// tests/fuzz/game_ws_fuzz.cpp drives): a ping, a hello naming its seat token, a move with its
// optional token and ply, or a one-line 400 naming what is wrong.
#include "server/play/game_client_message.h"

#include <gtest/gtest.h>

#include <string>

#include "server/accounts/caller.h"

namespace arbiter::server {
namespace {

std::string error_of(std::string_view text) {
  auto m = parse_game_client_message(text);
  EXPECT_FALSE(m.ok()) << text;
  if (m) return "";
  EXPECT_EQ(m.error().status, 400) << text;
  EXPECT_EQ(m.error().message.find('\n'), std::string::npos) << text;
  return m.error().message;
}

TEST(GameClientMessage, ReadsPingHelloAndMove) {
  auto ping = parse_game_client_message(R"({"type":"ping","extra":[1]})");
  ASSERT_TRUE(ping.ok());
  EXPECT_EQ(ping->kind, GameClientMessage::Kind::kPing);

  auto hello = parse_game_client_message(R"({"type":"hello","token":"seat-token"})");
  ASSERT_TRUE(hello.ok());
  EXPECT_EQ(hello->kind, GameClientMessage::Kind::kHello);
  EXPECT_EQ(hello->token, "seat-token");

  auto move = parse_game_client_message(R"({"type":"move","move":"c1-b2","token":"t","ply":4})");
  ASSERT_TRUE(move.ok());
  EXPECT_EQ(move->kind, GameClientMessage::Kind::kMove);
  EXPECT_EQ(move->move, "c1-b2");
  EXPECT_EQ(move->token, "t");
  EXPECT_EQ(move->ply, 4);

  auto bare = parse_game_client_message(R"({"type":"move","move":"c1-b2","token":null})");
  ASSERT_TRUE(bare.ok());
  EXPECT_FALSE(bare->token);
  EXPECT_FALSE(bare->ply);
}

TEST(GameClientMessage, BadFramesAreOneLineErrorsNamingWhatIsWrong) {
  EXPECT_EQ(error_of("\xff\xfe").rfind("malformed JSON: ", 0), 0u);
  EXPECT_EQ(error_of(R"({"type":"move","move":"x","ply":1e999})").rfind("malformed JSON: ", 0), 0u);
  EXPECT_EQ(error_of("[]"), "a message must be a JSON object");
  EXPECT_EQ(error_of(R"({"type":"dance"})"), "type: expected move, hello or ping, got 'dance'");
  EXPECT_EQ(error_of(R"({})"), "type: expected move, hello or ping, got ''");
  EXPECT_EQ(error_of(R"({"type":1})"), "type: expected a string");
  EXPECT_EQ(error_of(R"({"type":"hello"})"), "token: missing");
  EXPECT_EQ(error_of(R"({"type":"hello","token":5})"), "token: expected a string");
  EXPECT_EQ(error_of(R"({"type":"move"})"), "move: missing");
  const std::string account = "account:7:alice";
  EXPECT_EQ(error_of(R"({"type":"hello","token":")" + account + "\"}"), "token: not a seat token");
  EXPECT_EQ(error_of(R"({"type":"move","move":["c1-b2"]})"), "move: expected a string");
  EXPECT_EQ(error_of(R"({"type":"move","move":"c1-b2","ply":"3"})"), "ply: expected an integer");
  EXPECT_EQ(error_of(R"({"type":"move","move":"c1-b2","ply":3000000000})"),
            "ply: 3000000000 is out of range");
}

}  // namespace
}  // namespace arbiter::server
