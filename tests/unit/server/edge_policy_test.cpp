// The server's policies at its edge: security headers and the JSON-only seat routes, the
// per-address game creation quota, client addresses behind a trusted proxy (IPv6 by /64), and
// open seats that are unlisted unless the game was created public.
#include <boost/asio/ip/address.hpp>

#include "raw_client.h"
#include "server/net/client_address.h"
#include "server/play/hub.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

std::string create_request(const std::string& body, const std::string& extra_headers = "",
                           const std::string& content_type = "application/json") {
  return "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
         (content_type.empty() ? std::string() : "Content-Type: " + content_type + "\r\n") +
         extra_headers + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// One raw request on a fresh connection from `from`; the whole answer.
std::string send_raw(uint16_t port, const std::string& request,
                     const std::string& from = "127.0.0.1") {
  RawConnection c(port, from);
  if (!c.send(request)) return "";
  return c.read_all();
}

const std::string kTraverse = R"({"game": "traverse", "seats": ["human", "open"]})";

// Security headers: every answer (API, static page, error) carries a self-only
// Content-Security-Policy with frame-ancestors, nosniff, a Referrer-Policy and X-Frame-Options.
TEST_F(ServerTest, EveryAnswerCarriesSecurityHeaders) {
  for (const std::string target : {"/api/health", "/", "/api/nowhere"}) {
    const std::string answer = send_raw(
        port_, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    ASSERT_NE(first_status(answer), 0) << target;
    const std::string csp = header_value(answer, "Content-Security-Policy");
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << target << ": " << csp;
    EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << csp;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
    EXPECT_EQ(header_value(answer, "X-Content-Type-Options"), "nosniff") << target;
    EXPECT_EQ(header_value(answer, "Referrer-Policy"), "no-referrer") << target;
    EXPECT_EQ(header_value(answer, "X-Frame-Options"), "DENY") << target;
  }
}

// Cross-site posts: a form or a simple request can send text/plain, form encodings or no type
// at all, never application/json without a preflight; creating a game or taking a seat
// requires application/json (415 otherwise), and nothing changes.
TEST_F(ServerTest, CrossSiteTextPlainPostsCannotCreateOrJoin) {
  const std::size_t before = server_->hub().live_games();
  for (const std::string type :
       {"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x", ""}) {
    const std::string answer = send_raw(port_, create_request(kTraverse, "", type));
    EXPECT_EQ(first_status(answer), 415) << "'" << type << "': " << answer;
    EXPECT_NE(body_of(answer).find("application/json"), std::string::npos) << answer;
  }
  EXPECT_EQ(server_->hub().live_games(), before);
  EXPECT_EQ(first_status(
                send_raw(port_, create_request(kTraverse, "", "Application/JSON; charset=utf-8"))),
            201);

  const std::string id = create("traverse", {"human", "open"})["game"]["id"];
  const std::string join = R"({"seat": 1})";
  const std::string answer =
      send_raw(port_, "POST /api/games/" + id +
                          "/join HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: "
                          "text/plain\r\nContent-Length: " +
                          std::to_string(join.size()) + "\r\n\r\n" + join);
  EXPECT_EQ(first_status(answer), 415) << answer;
  EXPECT_EQ(game(id)["seats"][1]["kind"], "open");
}

// Game creation quota: one address may create --create-limit games an hour, in bursts of ten
// minutes' worth; past it, 429 with a JSON error and a Retry-After. Other addresses are not
// held up. (Rematches count too.)
TEST_F(ServerTest, CreationQuotaPerAddressIs429WithRetryAfter) {
  options_.create_limit = 12;  // a burst of 2, then one each 5 minutes
  start();
  EXPECT_EQ(first_status(send_raw(port_, create_request(kTraverse))), 201);
  EXPECT_EQ(first_status(send_raw(port_, create_request(kTraverse))), 201);
  const std::string refused = send_raw(port_, create_request(kTraverse));
  EXPECT_EQ(first_status(refused), 429) << refused;
  const json error = json::parse(body_of(refused), nullptr, false);
  ASSERT_TRUE(error.is_object()) << refused;
  EXPECT_NE(error["error"].get<std::string>().find("too many games created from 127.0.0.1"),
            std::string::npos)
      << refused;
  const int retry = std::atoi(header_value(refused, "Retry-After").c_str());
  EXPECT_GT(retry, 0);
  EXPECT_LE(retry, 300);
  // Reading is not creating, and another address has its own quota.
  EXPECT_EQ(get("/api/health").status, 200);
  EXPECT_EQ(first_status(send_raw(port_, create_request(kTraverse), "127.0.0.5")), 201);
}

// The request rate limit's 429 says when to come back too.
TEST_F(ServerTest, RateLimitedAnswerHasRetryAfter) {
  options_.rate_limit = 1;
  start();
  std::string answer;
  for (int i = 0; i < 5 && first_status(answer) != 429; ++i) {
    answer = send_raw(port_, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  }
  EXPECT_EQ(first_status(answer), 429);
  EXPECT_EQ(header_value(answer, "Retry-After"), "1");
}

// Behind a proxy: --trust-proxy ADDR reads the client from X-Forwarded-For (its rightmost entry
// not a trusted proxy), so limits key on the client rather than the proxy; from any other peer
// the header is ignored. IPv6 clients share a key per /64.
TEST_F(ServerTest, TrustedProxyNamesTheClientAndIpv6IsKeyedBy64) {
  options_.create_limit = 6;  // a burst of 1
  options_.trust_proxy = {"127.0.0.1"};
  start();
  const auto from = [&](const std::string& forwarded, const std::string& peer = "127.0.0.1") {
    return send_raw(port_, create_request(kTraverse, "X-Forwarded-For: " + forwarded + "\r\n"),
                    peer);
  };
  EXPECT_EQ(first_status(from("198.51.100.7")), 201);
  const std::string second = from("203.0.113.9, 198.51.100.7");  // a spoofed left entry
  EXPECT_EQ(first_status(second), 429) << second;
  EXPECT_NE(body_of(second).find("from 198.51.100.7"), std::string::npos) << second;
  EXPECT_EQ(first_status(from("198.51.100.8")), 201);
  EXPECT_EQ(first_status(from("2001:db8:1:2::1")), 201);
  const std::string same64 = from("2001:db8:1:2:ffff:ffff:ffff:ffff");
  EXPECT_EQ(first_status(same64), 429) << same64;
  EXPECT_NE(body_of(same64).find("2001:db8:1:2::/64"), std::string::npos) << same64;
  EXPECT_EQ(first_status(from("[2001:db8:1:3::1]:5000")), 201);

  // An untrusted peer cannot pick its key: the header is ignored.
  EXPECT_EQ(first_status(from("198.51.100.20", "127.0.0.6")), 201);
  const std::string spoofed = from("198.51.100.21", "127.0.0.6");
  EXPECT_EQ(first_status(spoofed), 429) << spoofed;
  EXPECT_NE(body_of(spoofed).find("from 127.0.0.6"), std::string::npos) << spoofed;
}

TEST(ClientAddress, Ipv6IsKeyedByIts64AndMappedIpv4AsIpv4) {
  namespace ip = boost::asio::ip;
  EXPECT_EQ(client_key(ip::make_address("2001:db8:1:2::5")), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key(ip::make_address("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), "2001:db8:1:2::/64");
  EXPECT_NE(client_key(ip::make_address("2001:db8:1:3::5")), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key(ip::make_address("::ffff:192.0.2.1")), "192.0.2.1");
  EXPECT_EQ(client_key(ip::make_address("192.0.2.1")), "192.0.2.1");

  std::string error;
  TrustedProxies::parse({"10.0.0.1", "proxy.example"}, &error);
  EXPECT_EQ(error, "--trust-proxy: 'proxy.example' is not an IP address");
  const TrustedProxies proxies = TrustedProxies::parse({"10.0.0.1", "10.0.0.2"}, &error);
  const auto proxy = ip::make_address("10.0.0.1");
  EXPECT_EQ(proxies.client(proxy, "192.0.2.7, 10.0.0.2"), "192.0.2.7");
  EXPECT_EQ(proxies.client(proxy, ""), "10.0.0.1");
  EXPECT_EQ(proxies.client(proxy, "not-an-address"), "10.0.0.1");
  EXPECT_EQ(proxies.client(ip::make_address("192.0.2.99"), "192.0.2.7"), "192.0.2.99");
}

// Invite-only seats: a game with an open seat is not listed (?open=1, or any listing but by
// id) unless created with "public": true; its invite link (the game id) still takes the seat.
// Restarting keeps the choice.
TEST_F(ServerTest, OpenSeatIsUnlistedUnlessCreatedPublic) {
  const std::string invite = create("traverse", {"human", "open"})["game"]["id"];
  HttpReply made =
      post("/api/games", {{"game", "trap"}, {"seats", {"human", "open"}}, {"public", true}});
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string listed = made.parsed()["game"]["id"];
  EXPECT_EQ(post("/api/games", {{"game", "trap"}, {"public", "yes"}}).status, 400);

  const auto ids = [&](const std::string& query) {
    const json answer = get("/api/games" + query).parsed();
    std::vector<std::string> out;
    for (const auto& g : answer["games"]) out.push_back(g["id"]);
    return out;
  };

  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(ids("?open=1"), std::vector<std::string>{listed});
    EXPECT_EQ(ids(""), std::vector<std::string>{listed});
    EXPECT_EQ(ids("?status=playing"), std::vector<std::string>{listed});
    EXPECT_EQ(ids("?ids=" + invite).size(), 1u);
    start();  // the listing is stored with the game
  }
  EXPECT_EQ(post("/api/games/" + invite + "/join", {{"seat", 1}}).status, 200);
}

}  // namespace
}  // namespace arbiter::server::test
