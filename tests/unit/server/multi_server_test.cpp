// Several servers on one PostgreSQL database: one player on server A, the other on B, a
// watcher on C. Moves cross between them through the database (LISTEN/NOTIFY tells, the
// database is the truth); two servers racing to store one ply give one success and one 409, and
// nothing is stored twice.
#include <gtest/gtest.h>

#include <future>
#include <string>

#include "multi_server_fixture.h"

namespace arbiter::server::test {
namespace {

class MultiServerTest : public MultiServerFixture<3> {
 protected:
  void adjust(ServerOptions& o) override { o.ai_movetime = 0.05; }
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

// A draw offered on A and accepted at once on B, which holds the game live and may not have
// heard of the offer yet: B's "no draw has been offered" is a refusal a newer copy would not
// give, so B rereads the game and the draw is agreed. The same for a takeback asked on A.
TEST_F(MultiServerTest, AnOfferMadeOnOneServerIsAnsweredAtOnceOnAnother) {
  for (int round = 0; round < 8; ++round) {
    const bool takeback = round % 2 == 1;  // in Traverse, which has no draws
    HttpReply created =
        post(0, "/api/games",
             {{"game", takeback ? "traverse" : "travelers"}, {"seats", {"human", "human"}}});
    ASSERT_EQ(created.status, 201) << created.body;
    const std::string id = created.parsed()["game"]["id"];
    const std::string white = created.parsed()["tokens"]["0"];
    const std::string black = created.parsed()["tokens"]["1"];
    ASSERT_EQ(game(1, id)["id"], id);  // live on B too
    if (takeback) {
      ASSERT_EQ(post(0, "/api/games/" + id + "/moves", {{"move", "c1-b2"}}, white).status, 200);
      HttpReply asked = post(0, "/api/games/" + id + "/takeback", {{"action", "request"}}, white);
      ASSERT_EQ(asked.status, 200) << asked.body;
      HttpReply accepted = post(1, "/api/games/" + id + "/takeback", {{"action", "accept"}}, black);
      ASSERT_EQ(accepted.status, 200) << "round " << round << ": " << accepted.body;
      EXPECT_EQ(accepted.parsed()["ply"], 0) << accepted.body;
    } else {
      HttpReply offered = post(0, "/api/games/" + id + "/draw", {{"action", "offer"}}, white);
      ASSERT_EQ(offered.status, 200) << offered.body;
      HttpReply accepted = post(1, "/api/games/" + id + "/draw", {{"action", "accept"}}, black);
      ASSERT_EQ(accepted.status, 200) << "round " << round << ": " << accepted.body;
      EXPECT_EQ(accepted.parsed()["status"], "finished") << accepted.body;
    }
  }
}

}  // namespace
}  // namespace arbiter::server::test
