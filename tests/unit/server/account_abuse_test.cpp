// Accounts against abuse, over HTTP against a real server (docs/api.md "Accounts";
// docs/server.md "Cookies and cross-site requests"): failed logins limited by name and address
// (guessers elsewhere do not lock an owner out, nor block the owner's password change); names
// unique by their look-alike skeleton, reserved names included; cookies Secure when asked or
// when a trusted proxy says https; behind a trusted proxy, the origin it names is this server's.
#include <gtest/gtest.h>

#include "raw_client.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

constexpr const char* kPassword = "correct horse 1";

class AccountAbuseTest : public ServerTest {
 protected:
  // POST `body` as JSON from `from` with `headers` (each ending in CRLF); the whole answer.
  std::string post_from(const std::string& from, const std::string& target, const json& body,
                        const std::string& headers = "") {
    const std::string text = body.dump();
    RawConnection c(port_, from);
    c.send("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) +
           "\r\nContent-Type: application/json\r\n" + headers + "Content-Length: " +
           std::to_string(text.size()) + "\r\nConnection: close\r\n\r\n" + text);
    return c.read_all();
  }
  int register_from(const std::string& from, const std::string& name) {
    return first_status(
        post_from(from, "/api/accounts", {{"username", name}, {"password", kPassword}}));
  }
  int log_in_from(const std::string& from, const std::string& name, const std::string& password) {
    return first_status(
        post_from(from, "/api/sessions", {{"username", name}, {"password", password}}));
  }
};

// Item D4: three addresses guessing alice's password each run out of their own tries (429), and
// alice, from a fourth, still logs in; her session's password change and deletion are never
// refused by the login limits (they were: 429, from the one bucket every guesser shared).
TEST_F(AccountAbuseTest, GuessersElsewhereDoNotLockTheOwnerOut) {
  ASSERT_EQ(register_from("127.0.0.1", "alice"), 201);
  for (const std::string guesser : {"127.0.0.2", "127.0.0.3", "127.0.0.4"}) {
    int status = 0;
    for (int i = 0; i < 6 && status != 429; ++i) {
      status = log_in_from(guesser, "alice", "wrong guess " + std::to_string(i));
    }
    EXPECT_EQ(status, 429) << guesser << " guessed on without a limit";
  }
  const std::string owner =
      post_from("127.0.0.5", "/api/sessions", {{"username", "alice"}, {"password", kPassword}});
  ASSERT_EQ(first_status(owner), 201) << owner;
  const std::string session = json::parse(body_of(owner))["session"];
  const std::string bearer = "Authorization: Bearer " + session + "\r\n";
  // The guessers' address keeps its own limit: a guess more from one of them is refused still.
  EXPECT_EQ(log_in_from("127.0.0.2", "alice", "one more"), 429);

  const std::string changed =
      post_from("127.0.0.5", "/api/account/password",
                {{"password", kPassword}, {"new_password", "battery staple"}}, bearer);
  EXPECT_EQ(first_status(changed), 200) << changed;
  const std::string deleted =
      post_from("127.0.0.5", "/api/account/delete", {{"password", "battery staple"}}, bearer);
  EXPECT_EQ(first_status(deleted), 200) << deleted;
}

// Item D4: a session's own password checks have a limit of their own (a stolen session cannot
// guess the password without end), which login guesses never touch.
TEST_F(AccountAbuseTest, ASessionsPasswordChecksAreLimitedApart) {
  ASSERT_EQ(register_from("127.0.0.1", "bob"), 201);
  const std::string owner =
      post_from("127.0.0.1", "/api/sessions", {{"username", "bob"}, {"password", kPassword}});
  const std::string bearer =
      "Authorization: Bearer " + json::parse(body_of(owner))["session"].get<std::string>() + "\r\n";
  int status = 0;
  for (int i = 0; i < 7 && status != 429; ++i) {
    status = first_status(post_from(
        "127.0.0.1", "/api/account/password",
        {{"password", "not it " + std::to_string(i)}, {"new_password", "battery staple"}}, bearer));
  }
  EXPECT_EQ(status, 429);
  EXPECT_EQ(log_in_from("127.0.0.6", "bob", kPassword), 201);  // logins are not limited by it
}

// Item D11: names are unique by a skeleton that folds case, l/I/1, O/0 and _/-: "pauI" and
// "pau1" are "paul", "b0b" is "bob"; and a reserved name is refused however written ("adm1n",
// "_admin", "De1eted"). Other names register.
TEST_F(AccountAbuseTest, LookAlikeNamesAreTaken) {
  ASSERT_EQ(register_from("127.0.0.1", "paul"), 201);
  ASSERT_EQ(register_from("127.0.0.1", "bob"), 201);
  ASSERT_EQ(register_from("127.0.0.1", "ann_lee"), 201);
  int address = 10;
  for (const std::string name :
       {"pauI", "pau1", "PAUL", "b0b", "BOB", "ann-lee", "ANN_1EE", "adm1n", "_admin", "Ad-min",
        "admin_", "De1eted", "gue-st", "arb1ter", "ARBITER"}) {
    const std::string from = "127.0.1." + std::to_string(++address);
    const std::string answer =
        post_from(from, "/api/accounts", {{"username", name}, {"password", kPassword}});
    EXPECT_EQ(first_status(answer), 409) << name << " registered: " << answer;
    EXPECT_NE(body_of(answer).find("is taken"), std::string::npos) << answer;
  }
  const std::string alike =
      post_from("127.0.2.1", "/api/accounts", {{"username", "b0b"}, {"password", kPassword}});
  EXPECT_NE(body_of(alike).find("reads as 'bob'"), std::string::npos) << alike;
  for (const std::string name : {"paula", "bobby", "annlee", "administrator"}) {
    EXPECT_EQ(register_from("127.0.3." + std::to_string(++address), name), 201) << name;
  }
  // Login stays by the name as registered (any case), not by a look-alike.
  EXPECT_EQ(log_in_from("127.0.4.1", "PAUL", kPassword), 201);
  EXPECT_EQ(log_in_from("127.0.4.1", "pau1", kPassword), 401);
}

// Item D10: cookies carry Secure under --secure-cookies, and without it on a request a trusted
// proxy says came over https; never on the say of a client that is not a trusted proxy.
TEST_F(AccountAbuseTest, CookiesAreSecureWhenAskedOrBehindAnHttpsProxy) {
  auto cookie_of = [&](const std::string& from, const std::string& name,
                       const std::string& headers) {
    return header_value(
        post_from(from, "/api/accounts", {{"username", name}, {"password", kPassword}}, headers),
        "Set-Cookie");
  };
  const std::string plain = cookie_of("127.0.0.1", "carol", "X-Forwarded-Proto: https\r\n");
  EXPECT_NE(plain.find("arbiter_session="), std::string::npos) << plain;
  EXPECT_EQ(plain.find("Secure"), std::string::npos) << plain;

  options_.trust_proxy = {"127.0.0.1"};
  start();
  const std::string proxied = cookie_of("127.0.0.1", "dave", "X-Forwarded-Proto: https\r\n");
  EXPECT_NE(proxied.find("; Secure"), std::string::npos) << proxied;
  const std::string proxied_http = cookie_of("127.0.0.1", "erin", "X-Forwarded-Proto: http\r\n");
  EXPECT_EQ(proxied_http.find("Secure"), std::string::npos) << proxied_http;

  options_.trust_proxy.clear();
  options_.secure_cookies = true;
  start();
  const std::string asked = cookie_of("127.0.0.1", "frank", "");
  EXPECT_NE(asked.find("; Secure"), std::string::npos) << asked;
}

// Item D3 behind a proxy: the server's own origin is what a trusted proxy says the client
// addressed (X-Forwarded-Host, X-Forwarded-Proto), not the Host it was sent; a client that is
// not a trusted proxy cannot claim it.
TEST_F(AccountAbuseTest, BehindATrustedProxyTheOriginIsTheOneItNames) {
  options_.trust_proxy = {"127.0.0.1"};
  start();
  HttpReply made = post("/api/accounts", {{"username", "gina"}, {"password", kPassword}});
  const std::string session = made.parsed()["session"];
  HttpReply game =
      http(port_, "POST", "/api/games",
           json({{"game", "traverse"}, {"seats", {"human", "human"}}}).dump(), session);
  const std::string id = game.parsed()["game"]["id"];
  const std::string cookie = "Cookie: arbiter_session=" + session + "\r\n";
  const std::string forwarded =
      "X-Forwarded-Host: play.example\r\nX-Forwarded-Proto: https\r\n" + cookie;
  auto move = [&](const std::string& from, const std::string& headers) {
    return post_from(from, "/api/games/" + id + "/moves", {{"move", "b1-b2"}}, headers);
  };
  EXPECT_EQ(first_status(move("127.0.0.1", forwarded + "Origin: http://play.example\r\n")), 403);
  EXPECT_EQ(first_status(move("127.0.0.1", forwarded + "Origin: https://evil.example\r\n")), 403);
  // Not from the trusted proxy: its X-Forwarded-Host is not believed.
  EXPECT_EQ(first_status(move("127.0.0.2", forwarded + "Origin: https://play.example\r\n")), 403);
  const std::string ours = move("127.0.0.1", forwarded + "Origin: https://play.example\r\n");
  EXPECT_EQ(first_status(ours), 200) << ours;
}

}  // namespace
}  // namespace arbiter::server::test
