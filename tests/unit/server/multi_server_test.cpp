// Several servers on one PostgreSQL database: one player on server A, the other on B, a
// watcher on C. Moves cross between them through the database (LISTEN/NOTIFY tells, the
// database is the truth); two servers racing to store one ply give one success and one 409, and
// nothing is stored twice.
#include <gtest/gtest.h>

#include <future>
#include <string>

#include "client.h"
#include "server/server.h"
#include "store/store.h"
#include "unit/store/store_backends.h"

namespace arbiter::server::test {
namespace {

using store::testing::Backend;
using store::testing::TestDatabase;

class MultiServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (db_.url().empty()) {
      const char* dir = std::getenv("ARBITER_TEST_PG");
      ASSERT_TRUE(dir == nullptr || *dir == '\0') << "no url in the test cluster " << dir;
      GTEST_SKIP() << "no PostgreSQL test cluster (ARBITER_TEST_PG)";
    }
    for (int i = 0; i < 3; ++i) {
      ServerOptions o;
      o.host = "127.0.0.1";
      o.port = 0;
      o.rate_limit = 0;
      o.create_limit = 0;
      o.ai_movetime = 0.05;
      o.ai_workers = 1;
      o.shared_store_url = db_.url();
      auto store = store::open_store(db_.url());
      ASSERT_TRUE(store.ok()) << store.error();
      servers_[i] = std::make_unique<Server>(o, std::shared_ptr<store::Store>(std::move(*store)));
      Status st = servers_[i]->start();
      ASSERT_TRUE(st.ok()) << st.error();
      ports_[i] = servers_[i]->port();
    }
  }

  HttpReply post(int server, const std::string& target, const json& body,
                 const std::string& token = "") {
    return http(ports_[server], "POST", target, body.dump(), token);
  }
  json game(int server, const std::string& id) {
    return http(ports_[server], "GET", "/api/games/" + id).parsed();
  }

  TestDatabase db_{Backend::kPostgres};
  std::unique_ptr<Server> servers_[3];
  uint16_t ports_[3] = {};
};

auto state_at(int ply) {
  return [ply](const json& m) { return m["type"] == "state" && m["game"]["ply"] == ply; };
}

TEST_F(MultiServerTest, PlayersOnTwoServersAndAWatcherOnAThird) {
  HttpReply created = post(0, "/api/games", {{"game", "traverse"}, {"seats", {"human", "open"}}});
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.parsed()["game"]["id"];
  const std::string south = created.parsed()["tokens"]["0"];
  HttpReply joined = post(1, "/api/games/" + id + "/join", {{"seat", 1}});
  ASSERT_EQ(joined.status, 200) << joined.body;
  const std::string north = joined.parsed()["tokens"]["1"];

  WsClient watcher(ports_[2], "/api/games/" + id + "/ws");
  ASSERT_TRUE(watcher.connected());
  ASSERT_TRUE(watcher.read_until(state_at(0)));

  ASSERT_EQ(post(0, "/api/games/" + id + "/moves", {{"move", "c1-b2"}}, south).status, 200);
  ASSERT_TRUE(watcher.read_until(state_at(1))) << "the watcher on C saw A's move";
  // B has the game in memory from the join: it hears A's move and accepts North's reply.
  HttpReply reply = post(1, "/api/games/" + id + "/moves", {{"move", "d10-e9"}, {"ply", 1}}, north);
  ASSERT_EQ(reply.status, 200) << reply.body;
  auto seen = watcher.read_until(state_at(2));
  ASSERT_TRUE(seen) << "the watcher on C saw B's move";
  EXPECT_EQ((*seen)["game"]["moves"], json({"c1-b2", "d10-e9"}));
  for (int s = 0; s < 3; ++s) {
    json g = game(s, id);
    for (int tries = 0; tries < 100 && g["ply"] != 2; ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      g = game(s, id);
    }
    EXPECT_EQ(g["moves"], json({"c1-b2", "d10-e9"})) << "server " << s;
  }
}

TEST_F(MultiServerTest, TwoServersRacingForOnePlyStoreItOnce) {
  HttpReply created = post(0, "/api/games", {{"game", "traverse"}, {"seats", {"human", "human"}}});
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.parsed()["game"]["id"];
  const std::string south = created.parsed()["tokens"]["0"];
  ASSERT_EQ(game(1, id)["ply"], 0);  // B holds the game too
  // The same seat sends two different first moves, one to each server, at once.
  auto on_a = std::async(std::launch::async, [&] {
    return post(0, "/api/games/" + id + "/moves", {{"move", "c1-b2"}, {"ply", 0}}, south);
  });
  auto on_b = std::async(std::launch::async, [&] {
    return post(1, "/api/games/" + id + "/moves", {{"move", "c1-d2"}, {"ply", 0}}, south);
  });
  const HttpReply a = on_a.get(), b = on_b.get();
  EXPECT_TRUE((a.status == 200 && b.status == 409) || (a.status == 409 && b.status == 200))
      << a.status << " " << a.body << " / " << b.status << " " << b.body;
  const std::string winner = a.status == 200 ? "c1-b2" : "c1-d2";
  // Every server ends with the one stored move.
  for (int s = 0; s < 3; ++s) {
    json g = game(s, id);
    for (int tries = 0; tries < 100 && g["moves"] != json({winner}); ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      g = game(s, id);
    }
    EXPECT_EQ(g["moves"], json({winner})) << "server " << s;
  }
}

// A seat taken on B while A, holding the game, has not heard of it yet: South's move on A is made
// from A's old copy, so storing it would undo the join. The store refuses it (the row changed),
// A rereads the game and plays the move on the new copy; North's seat stays taken.
TEST_F(MultiServerTest, AMoveFromAnOldCopyNeverUndoesAJoin) {
  for (int round = 0; round < 5; ++round) {
    HttpReply created = post(0, "/api/games", {{"game", "traverse"}, {"seats", {"human", "open"}}});
    ASSERT_EQ(created.status, 201) << created.body;
    const std::string id = created.parsed()["game"]["id"];
    const std::string south = created.parsed()["tokens"]["0"];
    HttpReply joined = post(1, "/api/games/" + id + "/join", {{"seat", 1}});
    ASSERT_EQ(joined.status, 200) << joined.body;
    const std::string north = joined.parsed()["tokens"]["1"];
    HttpReply moved = post(0, "/api/games/" + id + "/moves", {{"move", "c1-b2"}}, south);
    ASSERT_EQ(moved.status, 200) << moved.body;
    EXPECT_EQ(moved.parsed()["seats"][1]["kind"], "human") << moved.body;
    HttpReply reply =
        post(1, "/api/games/" + id + "/moves", {{"move", "d10-e9"}, {"ply", 1}}, north);
    ASSERT_EQ(reply.status, 200) << reply.body;
  }
}

}  // namespace
}  // namespace arbiter::server::test
