// Online play across several servers on one PostgreSQL database (docs/deploy.md): a clock's
// deadline reached by two servers at once ends the game once (one flag stored, one rating
// update, the same result on both); a session made on one server works on another at once,
// and a logout (or a password change) on one ends it on the others at once, though each keeps
// sessions it has seen for a minute; a seek made on one is listed and taken on another, by one
// player only.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "multi_server_fixture.h"
#include "server/play/hub.h"
#include "store/change_feed.h"

namespace arbiter::server::test {
namespace {

constexpr int64_t kStart = 1'800'000'000'000;  // the servers' fake clock (Unix ms)

class MultiServerOnlineTest : public MultiServerFixture<2> {
 protected:
  void adjust(ServerOptions& o) override {
    o.clock = [this] { return clock_ms_.load(); };
    o.rated_same_address = true;  // every account here is seen on one address
  }

  HttpReply call(int server, const std::string& method, const std::string& target,
                 const json& body = nullptr, const std::string& token = "") {
    return http(ports_[server], method, target, body.is_null() ? "" : body.dump(), token);
  }
  // Registers `name` on `server`; its session.
  std::string register_on(int server, const std::string& name) {
    HttpReply r = call(server, "POST", "/api/accounts",
                       {{"username", name}, {"password", "correct horse 1"}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  // The status of GET /api/account on `server` once it is `want`, or after 5 s.
  int account_status(int server, const std::string& session, int want) {
    int status = 0;
    for (int i = 0; i < 250; ++i) {
      status = call(server, "GET", "/api/account", nullptr, session).status;
      if (status == want) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return status;
  }

  std::atomic<int64_t> clock_ms_{kStart};
};

// Both servers hold a rated real-time game and reach its deadline at the same moment: the flag
// is stored once (one change of the game's row), both show the same result, and each player's
// rating counts the game once.
TEST_F(MultiServerOnlineTest, AClockDeadlineFlagsOnceAcrossServers) {
  const std::string alice = register_on(0, "alice");
  const std::string bob = register_on(1, "bob");
  std::mutex mu;
  std::condition_variable cv;
  std::vector<store::GameChange> heard;
  auto feed = store::listen_for_changes(db_.url(), [&](const store::GameChange& c) {
    std::lock_guard lock(mu);
    heard.push_back(c);
    cv.notify_all();
  });
  ASSERT_TRUE(feed.ok()) << feed.error();
  constexpr int kGames = 4;
  for (int round = 0; round < kGames; ++round) {
    HttpReply seek = call(
        0, "POST", "/api/seeks",
        {{"game", "traverse"}, {"params", "players=2"}, {"time_control", "1+0"}, {"rated", true}},
        alice);
    ASSERT_EQ(seek.status, 201) << seek.body;
    const std::string accept =
        "/api/seeks/" + std::to_string(seek.parsed()["seek"]["id"].get<int64_t>()) + "/accept";
    HttpReply accepted = call(1, "POST", accept, json::object(), bob);
    ASSERT_EQ(accepted.status, 201) << accepted.body;
    const std::string id = accepted.parsed()["game"]["id"];
    ASSERT_EQ(call(0, "GET", "/api/games/" + id).parsed()["status"], "playing");  // A holds it
    // Two moves each (a game is rated once every seat has moved twice), once A has heard of the
    // join made on B.
    for (int i = 0; i < 250; ++i) {
      const json seats = call(0, "GET", "/api/games/" + id).parsed()["seats"];
      if (seats[0].contains("account") && seats[1].contains("account")) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // The moves go to B, which made the game (accepting the seek there), one at a time, each
    // once B's copy holds the one before.
    int ply = 0;
    for (const char* text : {"c1-b2", "d10-e9", "b1-b3", "c10-d9"}) {
      json now = call(1, "GET", "/api/games/" + id).parsed();
      for (int i = 0; i < 250 && now["ply"].get<int>() < ply; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        now = call(1, "GET", "/api/games/" + id).parsed();
      }
      ASSERT_EQ(now["ply"], ply) << "an acknowledged move is missing: " << now["moves"].dump();
      ++ply;
      const bool alices = now["seats"][now["to_move"].get<int>()]["account"] == "alice";
      const HttpReply moved =
          call(1, "POST", "/api/games/" + id + "/moves", {{"move", text}}, alices ? alice : bob);
      ASSERT_EQ(moved.status, 200) << text << ": " << moved.body;
    }
    {
      // The notices of the game's creation, the acceptor's join (a row change, as a flag is)
      // and the moves come first: they are waited for and dropped before the deadline.
      std::unique_lock lock(mu);
      ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10),
                              [&] {
                                return std::any_of(heard.begin(), heard.end(), [&](const auto& c) {
                                  return c.game_id == id && c.moves == 4;
                                });
                              }))
          << "the moves of game " << id << " were not heard";
      heard.clear();
    }
    clock_ms_ += 60'000 + 1'000;  // past the seat to move's minute and the lag allowance
    std::vector<std::thread> firing;
    for (int s = 0; s < 2; ++s) {
      firing.emplace_back([this, s] {
        servers_[s]->hub().fire_due_flags();
        servers_[s]->hub().flush();
      });
    }
    for (auto& t : firing) t.join();
    json a, b;
    for (int i = 0; i < 250; ++i) {
      a = call(0, "GET", "/api/games/" + id).parsed();
      b = call(1, "GET", "/api/games/" + id).parsed();
      if (a["status"] == "finished" && b["status"] == "finished") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_EQ(a["status"], "finished") << a.dump();
    ASSERT_EQ(b["status"], "finished") << b.dump();
    EXPECT_EQ(a["result"], b["result"]);
    EXPECT_NE(a["result"].get<std::string>().find("time"), std::string::npos) << a["result"];
    // The notices of the game's row after the deadline: the flag's, once.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::lock_guard lock(mu);
    int flags = 0;
    for (const auto& c : heard) flags += c.game_id == id && c.moves == -1;
    std::string seen;
    for (const auto& c : heard) seen += " " + c.game_id + ":" + std::to_string(c.moves);
    EXPECT_EQ(flags, 1) << "round " << round << ", heard" << seen;
  }
  // Each rated game counted once in each player's rating.
  for (const char* name : {"alice", "bob"}) {
    json p;
    for (int i = 0; i < 250; ++i) {
      p = call(i % 2, "GET", std::string("/api/players/") + name).parsed();
      if (!p["ratings"].empty() && p["ratings"][0]["games"] == kGames) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    p = call(0, "GET", std::string("/api/players/") + name).parsed();
    ASSERT_EQ(p["ratings"].size(), 1u) << p.dump();
    EXPECT_EQ(p["ratings"][0]["games"], kGames) << name;
  }
}

// A session made on A works on B at once; B then keeps it (a minute without asking the store),
// yet a logout on A ends it on B at once.
TEST_F(MultiServerOnlineTest, ALogoutOnOneServerEndsTheSessionOnEveryServer) {
  const std::string session = register_on(0, "alice");
  ASSERT_EQ(call(1, "GET", "/api/account", nullptr, session).status, 200);
  ASSERT_EQ(call(1, "GET", "/api/account", nullptr, session).status, 200);  // kept by B now
  ASSERT_EQ(call(0, "DELETE", "/api/sessions", nullptr, session).status, 200);
  EXPECT_EQ(call(0, "GET", "/api/account", nullptr, session).status, 401);
  EXPECT_EQ(account_status(1, session, 401), 401) << "B still takes the ended session";
}

// A password change on A ends the account's other sessions on B too; the session that changed
// it goes on.
TEST_F(MultiServerOnlineTest, APasswordChangeOnOneServerEndsTheOtherSessionsEverywhere) {
  const std::string first = register_on(0, "alice");
  HttpReply login =
      call(1, "POST", "/api/sessions", {{"username", "alice"}, {"password", "correct horse 1"}});
  ASSERT_EQ(login.status, 201) << login.body;
  const std::string second = login.parsed()["session"];
  ASSERT_EQ(call(1, "GET", "/api/account", nullptr, second).status, 200);
  HttpReply changed =
      call(0, "POST", "/api/account/password",
           {{"password", "correct horse 1"}, {"new_password", "battery staple 2"}}, first);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(account_status(1, second, 401), 401) << "B still takes the ended session";
  EXPECT_EQ(call(1, "GET", "/api/account", nullptr, first).status, 200);
}

// A seek made on A is listed on B; two players accepting it at once, one on each server: one
// gets the game, the other 404, and the game is the same on both servers.
TEST_F(MultiServerOnlineTest, ASeekMadeOnOneServerIsListedAndTakenOnAnother) {
  const std::string alice = register_on(0, "alice");
  const std::string bob = register_on(1, "bob");
  const std::string carol = register_on(0, "carol");
  HttpReply seek = call(0, "POST", "/api/seeks", {{"game", "trap"}}, alice);
  ASSERT_EQ(seek.status, 201) << seek.body;
  const int64_t seek_id = seek.parsed()["seek"]["id"];
  json listed = call(1, "GET", "/api/seeks").parsed()["seeks"];
  ASSERT_EQ(listed.size(), 1u) << listed.dump();
  EXPECT_EQ(listed[0]["id"], seek_id);
  EXPECT_EQ(listed[0]["username"], "alice");
  const std::string accept = "/api/seeks/" + std::to_string(seek_id) + "/accept";
  auto on_a = std::async(std::launch::async,
                         [&] { return call(0, "POST", accept, json::object(), carol); });
  auto on_b =
      std::async(std::launch::async, [&] { return call(1, "POST", accept, json::object(), bob); });
  const HttpReply a = on_a.get(), b = on_b.get();
  ASSERT_TRUE((a.status == 201 && b.status == 404) || (a.status == 404 && b.status == 201))
      << a.status << " " << a.body << " / " << b.status << " " << b.body;
  const HttpReply& won = a.status == 201 ? a : b;
  const std::string id = won.parsed()["game"]["id"];
  for (int s = 0; s < 2; ++s) {
    json g = call(s, "GET", "/api/games/" + id).parsed();
    EXPECT_EQ(g["status"], "playing") << "server " << s;
    EXPECT_EQ(g["id"], id);
  }
  EXPECT_TRUE(call(0, "GET", "/api/seeks").parsed()["seeks"].empty());
  EXPECT_TRUE(call(1, "GET", "/api/seeks").parsed()["seeks"].empty());
}

}  // namespace
}  // namespace arbiter::server::test
