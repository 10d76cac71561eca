// The lobby WebSocket's client messages read as a function (server/lobby/lobby_client_message.h,
// what tests/fuzz/lobby_ws_fuzz.cpp drives): a ping, the only message, or a one-line 400.
#include "server/lobby/lobby_client_message.h"

#include <gtest/gtest.h>

#include <string>

namespace arbiter::server {
namespace {

std::string lobby_error_of(std::string_view text) {
  auto m = parse_lobby_client_message(text);
  EXPECT_FALSE(m.ok()) << text;
  if (m) return "";
  EXPECT_EQ(m.error().status, 400) << text;
  EXPECT_EQ(m.error().message.find('\n'), std::string::npos) << text;
  return m.error().message;
}

TEST(LobbyClientMessage, PingIsTheOnlyMessageAndOtherKeysAreIgnored) {
  auto ping = parse_lobby_client_message(R"({"type":"ping"})");
  ASSERT_TRUE(ping.ok());
  EXPECT_EQ(*ping, LobbyClientMessage::ping);
  EXPECT_TRUE(parse_lobby_client_message(R"({"seq":3,"type":"ping","token":null})").ok());
  EXPECT_EQ(lobby_error_of(R"({"type":"hello","token":"abc"})"),
            "type: the lobby takes only ping, got 'hello'");
  EXPECT_EQ(lobby_error_of(R"({"type":"Ping"})"), "type: the lobby takes only ping, got 'Ping'");
}

TEST(LobbyClientMessage, BadFramesAreOneLineErrorsNamingWhatIsWrong) {
  EXPECT_EQ(lobby_error_of("not json").rfind("malformed JSON: ", 0), 0u);
  EXPECT_EQ(lobby_error_of("").rfind("malformed JSON: ", 0), 0u);
  EXPECT_EQ(lobby_error_of(R"({"type":"ping","n":1e999})").rfind("malformed JSON: ", 0), 0u);
  // A raw newline inside a string: the message names it on one line (lobby_error_of checks).
  EXPECT_EQ(lobby_error_of("\"a\nb\"").rfind("malformed JSON: ", 0), 0u);
  EXPECT_EQ(lobby_error_of(R"([{"type":"ping"}])"), "a message must be a JSON object");
  EXPECT_EQ(lobby_error_of(R"({"type":7})"), "type: expected a string");
  EXPECT_EQ(lobby_error_of(R"({})"), "type: the lobby takes only ping, got ''");
  EXPECT_EQ(lobby_error_of(R"({"type":null})"), "type: the lobby takes only ping, got ''");
}

}  // namespace
}  // namespace arbiter::server
