// Every server WebSocket opens alike (server/net/ws_stream.h): the game's, the lobby's and the
// analysis socket each answer the handshake with "Server: arbiter", and end a connection whose
// message is over kMaxBody bytes rather than read it.
#include <string>
#include <vector>

#include "raw_client.h"
#include "server/http/api.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

std::string upgrade_request(const std::string& target) {
  return "GET " + target +
         " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

// One client text frame of `size` bytes (RFC 6455 §5.2): masked, as a client's must be, with a
// zero key, which leaves the bytes as they are.
std::string text_frame(std::size_t size) {
  std::string frame = "\x81";
  if (size < 126) {
    frame += static_cast<char>(0x80 | size);
  } else {
    frame += static_cast<char>(0x80 | 127);
    for (int shift = 56; shift >= 0; shift -= 8) frame += static_cast<char>((size >> shift) & 0xff);
  }
  frame += std::string(4, '\0');
  return frame + std::string(size, 'x');
}

TEST_F(ServerTest, EveryWebSocketOpensWithTheServersOptions) {
  const json created = create("traverse", {"human", "human"});
  const std::string game = created["game"]["id"];
  for (const std::string& target : {"/api/games/" + game + "/ws", std::string("/api/lobby/ws"),
                                    std::string("/api/analysis/ws")}) {
    RawConnection c(port_);
    ASSERT_TRUE(c.open());
    ASSERT_TRUE(c.send(upgrade_request(target)));
    const std::string answer = c.read_response();
    EXPECT_EQ(statuses(answer), std::vector<int>{101}) << target << "\n" << answer;
    EXPECT_EQ(header_value(answer, "Server"), "arbiter") << target;
    // A message under the limit is read and the connection stays; one over it ends the
    // connection. (The server may close before the whole frame is sent.)
    ASSERT_TRUE(c.send(text_frame(10)));
    EXPECT_FALSE(c.closed_by_server(std::chrono::milliseconds(300))) << target;
    (void)c.send(text_frame(kMaxBody + 1));
    EXPECT_TRUE(c.closed_by_server(std::chrono::seconds(5))) << target;
  }
}

}  // namespace
}  // namespace arbiter::server::test
