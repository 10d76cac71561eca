// A hostile client on loopback, raw bytes against a real server: request smuggling, oversize
// requests, slow clients, too many connections from one address, and /legal hammered while
// others are served; accounts abused (a profile searched for unlisted games, ratings farmed by
// two accounts of one person, seeks accepted past the creation quota). Each case names the
// status it expects. (Descriptor exhaustion needs a
// lowered descriptor limit, so it runs in a child process: descriptor_limit_test.cpp.)
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "raw_client.h"
#include "server/play/hub.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

using Clock = std::chrono::steady_clock;

class HostileClient : public ServerTest {
 protected:
  // A two-seat Traverse game: {id, token of both seats}.
  std::pair<std::string, std::string> new_game() {
    json created = create("traverse", {"human", "human"});
    return {created["game"]["id"], created["tokens"]["0"]};
  }

  std::string health_request() { return "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"; }

  // The time one health request on a fresh connection takes; a minute when it is not answered 200.
  std::chrono::milliseconds health_latency() {
    const auto start = Clock::now();
    HttpReply r = get("/api/health");
    if (r.status != 200) return std::chrono::minutes(1);
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  }
};

// ---- accounts and cookies (cross_site.h, online/) ----------------------------------------

// A new account's session.
std::string new_account(uint16_t port, const std::string& name) {
  HttpReply made = http(port, "POST", "/api/accounts",
                        json({{"username", name}, {"password", "correct horse 1"}}).dump());
  return made.parsed().value("session", "");
}

// A hot-seat game whose seats the session's account holds: its id.
std::string account_game(uint16_t port, const std::string& session) {
  HttpReply game =
      http(port, "POST", "/api/games",
           json({{"game", "traverse"}, {"seats", {"human", "human"}}}).dump(), session);
  return game.parsed()["game"].value("id", "");
}

// One request from `from` with `headers` (each ending in CRLF) and `body`; the whole answer.
std::string raw_post(uint16_t port, const std::string& target, const std::string& headers,
                     const std::string& body, const std::string& from = "127.0.0.1") {
  RawConnection c(port, from);
  c.send("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" +
         headers + "Content-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body);
  return c.read_all();
}

// Item D3: a change the session cookie speaks for is refused unless sent as JSON with an Origin
// (or Referer) naming this server: a form from http://evil.example resigned a game. A bearer
// needs neither; this server's own page (its Origin) is served.
TEST_F(HostileClient, CrossSiteChangesWithTheSessionCookieAreRefused) {
  const std::string session = new_account(port_, "alice");
  const std::string id = account_game(port_, session);
  ASSERT_FALSE(id.empty());
  const std::string cookie = "Cookie: arbiter_session=" + session + "\r\n";
  const std::string own = "Origin: http://127.0.0.1:" + std::to_string(port_) + "\r\n";
  const std::string json_type = "Content-Type: application/json\r\n";
  const std::string move = R"({"move":"b1-b2"})";
  auto moves = [](const std::string& game) { return "/api/games/" + game + "/moves"; };
  struct Forgery {
    std::string headers, body;
    int status;
  };
  const std::vector<Forgery> forged = {
      {"Origin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\n",
       "move=b1-b2", 415},
      {"Origin: http://evil.example\r\nContent-Type: text/plain\r\n", move, 415},
      {own + "Content-Type: text/plain\r\n", move, 415},
      {own, move, 415},
      {"Origin: http://evil.example\r\n" + json_type, move, 403},
      {"Origin: null\r\n" + json_type, move, 403},
      {"Referer: http://evil.example/page\r\n" + json_type, move, 403},
      {"Origin: http://127.0.0.1:1\r\n" + json_type, move, 403},
      {"Origin: https://127.0.0.1:" + std::to_string(port_) + "\r\n" + json_type, move, 403},
      {json_type, move, 403},
  };
  for (const Forgery& f : forged) {
    const std::string answer = raw_post(port_, moves(id), cookie + f.headers, f.body);
    EXPECT_EQ(statuses(answer), std::vector<int>{f.status}) << f.headers << answer;
    EXPECT_NE(body_of(answer).find("cross-site check"), std::string::npos) << answer;
  }
  EXPECT_EQ(game(id)["ply"], 0) << "a forged request played a move";
  // The account's own changes are guarded alike (here its deletion).
  const std::string deletion =
      raw_post(port_, "/api/account/delete", cookie + "Origin: http://evil.example\r\n" + json_type,
               R"({"password":"correct horse 1"})");
  EXPECT_EQ(statuses(deletion), std::vector<int>{403}) << deletion;
  // A bearer needs no Origin and no JSON type.
  const std::string second = account_game(port_, session);
  const std::string by_bearer =
      raw_post(port_, moves(second),
               "Authorization: Bearer " + session + "\r\nContent-Type: text/plain\r\n", move);
  EXPECT_EQ(statuses(by_bearer), std::vector<int>{200}) << by_bearer;
  // This server's own page: its Origin, or (without one) its Referer.
  const std::string third = account_game(port_, session);
  const std::string referred = raw_post(
      port_, moves(third),
      cookie + "Referer: http://127.0.0.1:" + std::to_string(port_) + "/#/game\r\n" + json_type,
      move);
  EXPECT_EQ(statuses(referred), std::vector<int>{200}) << referred;
  const std::string ours = raw_post(port_, moves(id), cookie + own + json_type, move);
  EXPECT_EQ(statuses(ours), std::vector<int>{200}) << ours;
  EXPECT_EQ(game(id)["ply"], 1);
}

// An upgrade of the given key, from `origin` ("" for none) with `cookie` ("" for none).
std::string upgrade(uint16_t port, const std::string& target, const std::string& key,
                    const std::string& origin, const std::string& cookie) {
  RawConnection c(port);
  c.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
         "Sec-WebSocket-Key: " +
         key + "\r\n" + (origin.empty() ? "" : "Origin: " + origin + "\r\n") +
         (cookie.empty() ? "" : "Cookie: " + cookie + "\r\n") + "\r\n");
  return c.read_response(std::chrono::seconds(5));
}

constexpr const char* kKey = "dGhlIHNhbXBsZSBub25jZQ==";  // RFC 6455's example: 16 bytes

// Item D3: a WebSocket upgrade carrying the session cookie is refused from another site's page
// (it would mark the account's seats present); a guest's upgrade is not.
TEST_F(HostileClient, CrossSiteWebSocketsWithTheSessionCookieAreRefused) {
  const std::string session = new_account(port_, "alice");
  const std::string id = account_game(port_, session);
  const std::string own = "http://127.0.0.1:" + std::to_string(port_);
  const std::string cookie = "arbiter_session=" + session;
  for (const std::string& target : {"/api/games/" + id + "/ws", std::string("/api/lobby/ws"),
                                    std::string("/api/analysis/ws")}) {
    EXPECT_EQ(first_status(upgrade(port_, target, kKey, "http://evil.example", cookie)), 403)
        << target;
    EXPECT_EQ(first_status(upgrade(port_, target, kKey, "", cookie)), 403) << target;
    EXPECT_EQ(first_status(upgrade(port_, target, kKey, own, cookie)), 101) << target;
    EXPECT_EQ(first_status(upgrade(port_, target, kKey, "http://evil.example", "")), 101) << target;
  }
}

// Item D10: Sec-WebSocket-Key must be 16 bytes in base64 (RFC 6455 §4.2.1): "x" was accepted.
TEST_F(HostileClient, AWebSocketKeyMustBeSixteenBytes) {
  auto [id, token] = new_game();
  const std::string target = "/api/games/" + id + "/ws";
  for (const std::string key : {"x", "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZQ=!",
                                "dGhlIHNhbXBsZSBub25jZ*==", "dGhlIHNhbXBsZSBub25jZQ==AA"}) {
    const std::string answer = upgrade(port_, target, key, "", "");
    EXPECT_EQ(first_status(answer), 400) << key << "\n" << answer;
    EXPECT_NE(body_of(answer).find("Sec-WebSocket-Key"), std::string::npos) << answer;
  }
  EXPECT_EQ(first_status(upgrade(port_, target, kKey, "", "")), 101);
}

// Item D6: ids are checked before the store sees them (PostgreSQL answered "?ids=%00" with 500
// and its SQL error): 400 naming the id.
TEST_F(HostileClient, IdsThatCannotNameAGameAre400) {
  for (const std::string& ids :
       std::vector<std::string>{"%00", "abc,%27%3B--", "a%22b", std::string(65, 'a')}) {
    HttpReply r = get("/api/games?ids=" + ids);
    EXPECT_EQ(r.status, 400) << ids << ": " << r.body;
    EXPECT_NE(r.body.find("is not a game id"), std::string::npos) << r.body;
  }
  auto [id, token] = new_game();
  EXPECT_EQ(get("/api/games?ids=" + id).parsed()["games"].size(), 1u);
}

// Request smuggling (RFC 9112 §6.3): a Transfer-Encoding that does not end in chunked, sent
// without Content-Length, was read as no body, and the bytes after it ran as a second request
// (here an embedded resign). Now: one 400, the connection closed, the game untouched.
TEST_F(HostileClient, SmugglingTransferEncodingNotEndingInChunkedIs400AndCloses) {
  for (const std::string coding : {"gzip", "identity", "xchunked", "chunked, identity"}) {
    auto [id, token] = new_game();
    const std::string smuggled =
        "POST /api/games/" + id + "/resign HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
        token + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
    RawConnection c(port_);
    ASSERT_TRUE(c.open());
    ASSERT_TRUE(c.send("POST /api/games/" + id +
                       "/moves HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       "Transfer-Encoding: " +
                       coding + "\r\n\r\n" + smuggled));
    const std::string answer = c.read_all();
    EXPECT_EQ(statuses(answer), std::vector<int>{400}) << coding << ":\n" << answer;
    EXPECT_NE(body_of(answer).find("Transfer-Encoding"), std::string::npos) << answer;
    EXPECT_EQ(game(id)["status"], "playing") << "the smuggled resign ran (" << coding << ")";
  }
}

// Request smuggling: Content-Length and Transfer-Encoding together are 400 and close, whichever
// comes first and whatever the coding.
TEST_F(HostileClient, SmugglingContentLengthWithTransferEncodingIs400) {
  auto [id, token] = new_game();
  for (const std::string headers : {"Content-Length: 4\r\nTransfer-Encoding: gzip\r\n",
                                    "Transfer-Encoding: gzip\r\nContent-Length: 4\r\n",
                                    "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n",
                                    "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n"}) {
    RawConnection c(port_);
    ASSERT_TRUE(c.send("POST /api/games/" + id + "/undo HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
                       "Authorization: Bearer " + token + "\r\n\r\n{}\r\n"));
    const std::string answer = c.read_all();
    EXPECT_EQ(statuses(answer), std::vector<int>{400}) << headers << answer;
  }
  // A lone chunked body is fine; codings before chunked are not implemented (501).
  RawConnection chunked(port_);
  ASSERT_TRUE(chunked.send(
      "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
      "14\r\n{\"game\": \"traverse\"}\r\n0\r\n\r\n"));
  EXPECT_EQ(statuses(chunked.read_all()), std::vector<int>{201});
  RawConnection gzip(port_);
  ASSERT_TRUE(
      gzip.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"));
  EXPECT_EQ(statuses(gzip.read_all()), std::vector<int>{501});
}

// HTTP/1.1 needs exactly one Host (RFC 9112 §3.2): none or two is 400 and close; HTTP/1.0 may
// leave it out.
TEST_F(HostileClient, Http11WithoutHostIs400) {
  RawConnection none(port_);
  ASSERT_TRUE(none.send("GET /api/health HTTP/1.1\r\n\r\n" + health_request()));
  EXPECT_EQ(statuses(none.read_all()), std::vector<int>{400});
  RawConnection two(port_);
  ASSERT_TRUE(two.send("GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"));
  EXPECT_EQ(statuses(two.read_all()), std::vector<int>{400});
  RawConnection old(port_);
  ASSERT_TRUE(old.send("GET /api/health HTTP/1.0\r\n\r\n"));
  EXPECT_EQ(statuses(old.read_all()), std::vector<int>{200});
}

// Oversize: a header over 16 KiB is 431, a body over 64 KiB is 413; both close.
TEST_F(HostileClient, OversizeHeaderIs431AndBodyIs413) {
  RawConnection header(port_);
  ASSERT_TRUE(header.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " +
                          std::string(20'000, 'a') + "\r\n\r\n"));
  EXPECT_EQ(statuses(header.read_all()), std::vector<int>{431});
  RawConnection body(port_);
  ASSERT_TRUE(
      body.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                "Content-Length: 100000\r\n\r\n" +
                std::string(100'000, ' ')));
  EXPECT_EQ(statuses(body.read_all()), std::vector<int>{413});
  EXPECT_EQ(health_latency() < std::chrono::seconds(5), true);
}

// Slow clients: one sending its header a byte at a time is cut off at the request timeout, and
// others are served meanwhile.
TEST_F(HostileClient, SlowClientIsCutOffWhileOthersAreServed) {
  options_.request_timeout = std::chrono::milliseconds(1000);
  start();
  RawConnection slow(port_);
  ASSERT_TRUE(slow.open());
  const std::string request = health_request();
  const auto begin = Clock::now();
  bool cut = false;
  for (std::size_t i = 0; i < request.size() - 2 && Clock::now() - begin < std::chrono::seconds(5);
       ++i) {
    if (!slow.send(request.substr(i, 1)) || slow.closed_by_server(std::chrono::milliseconds(200))) {
      cut = true;
      break;
    }
    EXPECT_LT(health_latency(), std::chrono::seconds(2));
  }
  EXPECT_TRUE(cut || slow.closed_by_server(std::chrono::seconds(2)));
  EXPECT_LT(Clock::now() - begin, std::chrono::seconds(4));
}

// Descriptor exhaustion, the per-address part: past --max-connections-per-address a connection
// is answered 429 naming the limit, and closed; other addresses are still served, and a place
// freed is taken again.
TEST_F(HostileClient, ConnectionsPerAddressAreCappedWithAClearRefusal) {
  options_.max_connections_per_address = 4;
  start();
  std::vector<std::unique_ptr<RawConnection>> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(std::make_unique<RawConnection>(port_, "127.0.0.3"));
    ASSERT_TRUE(held.back()->send(health_request()));
    ASSERT_EQ(statuses(held.back()->read_response()), std::vector<int>{200});
  }
  RawConnection fifth(port_, "127.0.0.3");
  ASSERT_TRUE(fifth.send(health_request()));
  const std::string refused = fifth.read_all();
  EXPECT_EQ(statuses(refused), std::vector<int>{429}) << refused;
  EXPECT_NE(body_of(refused).find("too many connections from 127.0.0.3"), std::string::npos)
      << refused;
  EXPECT_FALSE(header_value(refused, "Retry-After").empty());

  RawConnection other(port_, "127.0.0.4");
  ASSERT_TRUE(other.send(health_request()));
  EXPECT_EQ(statuses(other.read_response()), std::vector<int>{200});

  held.pop_back();  // closes one: its place is freed once the server reads the end of stream
  int status = 0;
  for (int attempt = 0; attempt < 40 && status != 200; ++attempt) {
    RawConnection again(port_, "127.0.0.3");
    again.send(health_request());
    const auto s = statuses(again.read_response());
    status = s.empty() ? 0 : s[0];
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(status, 200);
}

// /legal abuse: clients hammering /legal on the largest Trap field get 200 (or 429/503 when
// limited), never a crash, and a health check from another connection stays quick.
TEST_F(HostileClient, LegalAbuseLeavesHealthResponsive) {
  json created = create("trap", {"human", "human"}, "size=8");
  const std::string id = created["game"]["id"];
  const json first = get("/api/games/" + id + "/legal").parsed();
  ASSERT_TRUE(first.contains("next")) << first.dump();
  std::vector<std::string> targets = {"/api/games/" + id + "/legal"};
  for (const auto& next : first["next"]) {
    targets.push_back("/api/games/" + id + "/legal?clicks=" + next["click"].get<std::string>());
    if (targets.size() > 20) break;
  }
  std::atomic<bool> stop{false};
  std::atomic<int> bad{0}, answered{0};
  std::vector<std::thread> hammers;
  for (int t = 0; t < 3; ++t) {
    hammers.emplace_back([&, t] {
      for (std::size_t i = static_cast<std::size_t>(t); !stop; ++i) {
        const int s = http(port_, "GET", targets[i % targets.size()]).status;
        if (s != 200 && s != 429 && s != 503) ++bad;
        ++answered;
      }
    });
  }
  std::chrono::milliseconds worst{0};
  const auto begin = Clock::now();
  while (Clock::now() - begin < std::chrono::seconds(2)) {
    worst = std::max(worst, health_latency());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  stop = true;
  for (auto& t : hammers) t.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(answered.load(), 3);
  EXPECT_LT(worst, std::chrono::milliseconds(1500));
  EXPECT_EQ(get("/api/health").status, 200);
}

// D1: a stranger reads a player's profile to find their invite-only game and take its open seat.
// Now the profile lists listed games only, and the unlisted game's id is nowhere in it.
TEST_F(HostileClient, D1ProfileDoesNotLeakAnUnlistedGame) {
  HttpReply owner = post("/api/accounts", {{"username", "owner"}, {"password", "correct horse 1"}});
  ASSERT_EQ(owner.status, 201) << owner.body;
  HttpReply hidden = post("/api/games", {{"game", "trap"}, {"seats", {"human", "open"}}},
                          owner.parsed()["session"].get<std::string>());
  ASSERT_EQ(hidden.status, 201) << hidden.body;
  const std::string id = hidden.parsed()["game"]["id"];
  HttpReply profile = get("/api/players/owner");
  ASSERT_EQ(profile.status, 200);
  EXPECT_EQ(profile.body.find(id), std::string::npos) << profile.body;
  EXPECT_TRUE(profile.parsed()["games"].empty());
}

// D2: rating farming by two accounts of one person, seek → accept → resign at ply 0, ten times.
// Now two accounts seen on one address cannot start a rated game, and no such game is rated.
TEST_F(HostileClient, D2SeekAcceptResignFarmsNoRating) {
  auto session = [&](const std::string& name) {
    HttpReply r = post("/api/accounts", {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  };
  const std::string main = session("farmer");
  const std::string alt = session("farmhand");
  for (int i = 0; i < 10; ++i) {
    HttpReply seek =
        post("/api/seeks", {{"game", "traverse"}, {"time_control", "1+0"}, {"rated", true}}, alt);
    ASSERT_EQ(seek.status, 201) << seek.body;
    const std::string path =
        "/api/seeks/" + std::to_string(seek.parsed()["seek"]["id"].get<int64_t>());
    HttpReply accepted = post(path + "/accept", json::object(), main);
    EXPECT_EQ(accepted.status, 403) << accepted.body;
    ASSERT_EQ(http(port_, "DELETE", path, "", alt).status, 200);
  }
  server_->hub().flush();
  EXPECT_TRUE(get("/api/players/farmer").parsed()["ratings"].empty());
  EXPECT_TRUE(get("/api/leaderboard?pool=traverse-2p/real-time").parsed()["players"].empty());
}

// D9: seeks accepted from one address made 30 games against a creation quota of 10. Now each
// accept counts against the acceptor's address's quota.
TEST_F(HostileClient, D9SeeksDoNotBypassTheCreationQuota) {
  stop();
  options_.create_limit = 6;  // a burst of 1
  start();
  auto session = [&](const std::string& name) {
    return post("/api/accounts", {{"username", name}, {"password", "correct horse 1"}})
        .parsed()
        .value("session", "");
  };
  const std::string author = session("author");
  const std::string taker = session("taker");
  int made = 0, refused = 0;
  for (int i = 0; i < 5; ++i) {
    HttpReply seek = post("/api/seeks", {{"game", "trap"}}, author);
    ASSERT_EQ(seek.status, 201) << seek.body;
    const int status =
        post("/api/seeks/" + std::to_string(seek.parsed()["seek"]["id"].get<int64_t>()) + "/accept",
             json::object(), taker)
            .status;
    made += status == 201;
    refused += status == 429;
  }
  EXPECT_EQ(made, 1);
  EXPECT_EQ(refused, 4);
}

}  // namespace
}  // namespace arbiter::server::test
