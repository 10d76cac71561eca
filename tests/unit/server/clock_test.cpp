// Time controls and fair endings (docs/online.md) against a real server whose clock the test
// moves: flags with nobody connected and after a restart, the lag allowance, a late move
// refused, increments, correspondence, an AI's own clock, a 4-player flag, draw offers,
// takebacks and claims after the disconnect grace. No test waits for a clock to run out: the
// test moves the server's clock and asks the hub to fire what is due.
#include <chrono>

#include "fake_clock.h"
#include "server/play/hub.h"

namespace arbiter::server::test {
namespace {

class ClockTest : public FakeClockServerTest {
 protected:
  // Fires the flags due at the fake clock's time and waits for their writes.
  void fire() {
    server_->hub().fire_due_flags();
    server_->hub().flush();
  }
  json finished(const std::string& id) {
    return game_when(id, [](const json& g) { return g["status"] == "finished"; });
  }
  json create_timed(const std::string& game, const json& seats, const std::string& control,
                    const std::string& params = "") {
    json body = {{"game", game}, {"seats", seats}, {"time_control", control}};
    if (!params.empty()) body["params"] = params;
    HttpReply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed();
  }
  // A game between two tokens: the creator holds seat 0, the joiner seat 1.
  std::pair<json, std::string> two_people(const std::string& game, const std::string& control) {
    json created = create_timed(game, {"human", "open"}, control);
    const std::string id = created["game"]["id"];
    HttpReply joined = post("/api/games/" + id + "/join", {{"seat", 1}});
    EXPECT_EQ(joined.status, 200) << joined.body;
    return {created, joined.parsed()["tokens"]["1"]};
  }
  // Plays a legal move by `token` (the seat to move's).
  void play_any(const std::string& id, const std::string& token) {
    const json legal = get("/api/games/" + id + "/legal?prefix=").parsed();
    ASSERT_EQ(move(id, legal["moves"][0].get<std::string>(), token).status, 200);
  }
};

TEST_F(ClockTest, GameObjectShowsTheClocks) {
  json created = create_timed("traverse", {"human", "human"}, "3+2");
  const json& g = created["game"];
  EXPECT_EQ(g["time_control"], "3+2");
  EXPECT_EQ(g["rated"], false);
  EXPECT_EQ(g["now_ms"], kStart);
  EXPECT_EQ(g["seats"][0]["clock_ms"], 180'000);
  EXPECT_EQ(g["seats"][0]["flag_at_ms"], kStart + 180'000 + 250);
  EXPECT_TRUE(g["seats"][1]["flag_at_ms"].is_null());
  advance(1'000);
  EXPECT_EQ(game(g["id"])["seats"][0]["clock_ms"], 179'000);  // counted at the answer's time
  EXPECT_EQ(post("/api/games", {{"game", "traverse"}, {"time_control", "3 minutes"}}).status, 400);
  json untimed = create("traverse", {"human", "human"});
  EXPECT_EQ(untimed["game"]["time_control"], "none");
  EXPECT_TRUE(untimed["game"]["seats"][0]["clock_ms"].is_null());
}

TEST_F(ClockTest, FlagFiresWithNobodyConnected) {
  json created = create_timed("traverse", {"human", "human"}, "1+0");
  const std::string id = created["game"]["id"];
  advance(60'249);  // inside the lag allowance: not yet
  fire();
  EXPECT_EQ(game(id)["status"], "playing");
  advance(1);
  fire();
  json g = finished(id);
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "north wins on time");
  EXPECT_EQ(g["returns"], json({-1.0, 1.0}));
}

TEST_F(ClockTest, MoveInsideTheLagAllowanceIsPlayed) {
  json created = create_timed("traverse", {"human", "human"}, "1+0");
  const std::string id = created["game"]["id"];
  advance(60'200);  // 200 ms past the clock, inside the 250 ms allowance
  HttpReply r = move(id, "c1-b2", created["tokens"]["0"]);
  ASSERT_EQ(r.status, 200) << r.body;
  json g = r.parsed();
  EXPECT_EQ(g["seats"][0]["time_used_ms"], 59'950);  // the allowance is not charged
  EXPECT_EQ(g["seats"][0]["clock_ms"], 50);
  EXPECT_EQ(g["seats"][1]["flag_at_ms"], kStart + 60'200 + 60'000 + 250);
}

TEST_F(ClockTest, MoveAfterTheFlagIsRefusedAndEndsTheGame) {
  json created = create_timed("traverse", {"human", "human"}, "1+0");
  const std::string id = created["game"]["id"];
  advance(60'251);  // the scheduler has not fired: the move finds the flag itself
  HttpReply r = move(id, "c1-b2", created["tokens"]["0"]);
  EXPECT_EQ(r.status, 409);
  EXPECT_NE(r.parsed()["error"].get<std::string>().find("south's time is up"), std::string::npos)
      << r.body;
  json g = finished(id);
  EXPECT_EQ(g["result"], "north wins on time");
  EXPECT_EQ(g["ply"], 0);
}

TEST_F(ClockTest, IncrementsAreAddedAndSurviveARestart) {
  json created = create_timed("traverse", {"human", "human"}, "1+2");
  const std::string id = created["game"]["id"];
  const std::string token = created["tokens"]["0"];
  advance(10'000);
  ASSERT_EQ(move(id, "c1-b2", token).status, 200);
  advance(5'000);
  ASSERT_EQ(move(id, "d10-e9", token).status, 200);
  json g = game(id);
  EXPECT_EQ(g["seats"][0]["clock_ms"], 60'000 - 9'750 + 2'000);
  EXPECT_EQ(g["seats"][1]["clock_ms"], 60'000 - 4'750 + 2'000);
  const json deadline = g["seats"][0]["flag_at_ms"];
  stop();
  start();
  g = game(id);
  EXPECT_EQ(g["seats"][0]["clock_ms"], 60'000 - 9'750 + 2'000);
  EXPECT_EQ(g["seats"][1]["clock_ms"], 60'000 - 4'750 + 2'000);
  EXPECT_EQ(g["seats"][0]["flag_at_ms"], deadline);
}

TEST_F(ClockTest, FlagFiresAfterARestart) {
  json created = create_timed("traverse", {"human", "human"}, "1+0");
  const std::string id = created["game"]["id"];
  advance(10'000);
  ASSERT_EQ(move(id, "c1-b2", created["tokens"]["0"]).status, 200);
  stop();
  advance(120'000);  // north's time ran out while the server was down
  start();
  fire();
  json g = finished(id);
  EXPECT_EQ(g["result"], "south wins on time");
  EXPECT_EQ(g["returns"], json({1.0, -1.0}));
}

TEST_F(ClockTest, CorrespondenceGivesDaysPerMove) {
  json created = create_timed("traverse", {"human", "human"}, "corr:1");
  const std::string id = created["game"]["id"];
  const int64_t day = 24LL * 3600 * 1000;
  advance(day - 1'000);
  ASSERT_EQ(move(id, "c1-b2", created["tokens"]["0"]).status, 200);
  json g = game(id);
  EXPECT_EQ(g["seats"][0]["clock_ms"], day);  // reset after the move
  EXPECT_EQ(g["seats"][1]["clock_ms"], day);
  advance(day);
  fire();
  EXPECT_EQ(game(id)["status"], "playing");
  advance(251);
  fire();
  EXPECT_EQ(finished(id)["result"], "south wins on time");
}

TEST_F(ClockTest, FourPlayerFlagLosesAndTheOthersShare) {
  json created = create_timed("traverse", {"human", "human", "human", "human"}, "1+0", "players=4");
  const std::string id = created["game"]["id"];
  advance(60'251);
  fire();
  json g = finished(id);
  const std::string first = g["seats"][0]["player"];
  EXPECT_EQ(g["result"], first + " lost on time");
  ASSERT_EQ(g["returns"].size(), 4u);
  EXPECT_EQ(g["returns"][0], -1.0);
  for (int i = 1; i < 4; ++i) EXPECT_NEAR(g["returns"][i].get<double>(), 1.0 / 3, 1e-9);
}

TEST_F(ClockTest, AiSearchesWithinItsOwnClock) {
  // 15 s on the AI's clock: a thirtieth is 0.5 s, far below the 20 s --ai-movetime.
  server_.reset();
  options_.ai_movetime = 20;
  start();
  json created = create_timed("traverse", {"ai:10", "human"}, "0.25+0");
  const std::string id = created["game"]["id"];
  const auto began = std::chrono::steady_clock::now();
  json g = game_when(id, [](const json& g) { return g["ply"] == 1; });
  EXPECT_EQ(g["ply"], 1);
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(5));
  EXPECT_EQ(g["status"], "playing");
}

TEST_F(ClockTest, DrawOfferedAndAccepted) {
  auto [created, other] = two_people("travelers", "5+0");
  const std::string id = created["game"]["id"];
  const std::string mine = created["tokens"]["0"];
  const std::string path = "/api/games/" + id + "/draw";
  play_any(id, mine);  // a move each: before that, an ending aborts the game
  play_any(id, other);
  EXPECT_EQ(post(path, {{"action", "accept"}}, other).status, 409);  // nothing offered
  HttpReply offered = post(path, {{"action", "offer"}}, mine);
  ASSERT_EQ(offered.status, 200) << offered.body;
  EXPECT_EQ(offered.parsed()["offers"]["draw"], 0);
  EXPECT_EQ(post(path, {{"action", "accept"}}, mine).status, 409);  // one's own offer
  EXPECT_EQ(post(path, {{"action", "dance"}}, other).status, 400);
  HttpReply accepted = post(path, {{"action", "accept"}}, other);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  json g = accepted.parsed();
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "draw: agreed");
  EXPECT_EQ(g["returns"], json({0.0, 0.0}));
  EXPECT_TRUE(g["offers"]["draw"].is_null());
}

TEST_F(ClockTest, DrawOfferDeclinedAndTraverseHasNoDraws) {
  auto [created, other] = two_people("trap", "none");
  const std::string id = created["game"]["id"];
  const std::string path = "/api/games/" + id + "/draw";
  ASSERT_EQ(post(path, {{"action", "offer"}}, created["tokens"]["0"]).status, 200);
  HttpReply declined = post(path, {{"action", "decline"}}, other);
  ASSERT_EQ(declined.status, 200);
  EXPECT_TRUE(declined.parsed()["offers"]["draw"].is_null());
  EXPECT_EQ(declined.parsed()["status"], "playing");

  auto [traverse, north] = two_people("traverse", "none");
  HttpReply refused = post("/api/games/" + traverse["game"]["id"].get<std::string>() + "/draw",
                           {{"action", "offer"}}, north);
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.parsed()["error"], "traverse has no draws");
}

TEST_F(ClockTest, TakebackRequestedDeclinedAndAccepted) {
  auto [created, north] = two_people("traverse", "3+2");
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  const std::string path = "/api/games/" + id + "/takeback";
  ASSERT_EQ(move(id, "c1-b2", south).status, 200);
  EXPECT_EQ(post(path, {{"action", "request"}}, north).status, 409);  // north has not moved
  HttpReply asked = post(path, {{"action", "request"}}, south);
  ASSERT_EQ(asked.status, 200) << asked.body;
  EXPECT_EQ(asked.parsed()["offers"]["takeback"], 0);
  HttpReply declined = post(path, {{"action", "decline"}}, north);
  ASSERT_EQ(declined.status, 200);
  EXPECT_TRUE(declined.parsed()["offers"]["takeback"].is_null());
  EXPECT_EQ(declined.parsed()["ply"], 1);
  EXPECT_EQ(post(path, {{"action", "accept"}}, north).status, 409);  // nothing asked now
  ASSERT_EQ(post(path, {{"action", "request"}}, south).status, 200);
  EXPECT_EQ(post(path, {{"action", "accept"}}, south).status, 409);  // one's own request
  HttpReply accepted = post(path, {{"action", "accept"}}, north);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  json g = accepted.parsed();
  EXPECT_EQ(g["ply"], 0);
  EXPECT_EQ(g["to_move"], 0);
  EXPECT_EQ(g["seats"][0]["clock_ms"], 180'000);  // the bank before the move taken back

  json against_ai = create_timed("traverse", {"human", "ai:1"}, "none");
  EXPECT_EQ(post("/api/games/" + against_ai["game"]["id"].get<std::string>() + "/takeback",
                 {{"action", "request"}}, against_ai["tokens"]["0"])
                .status,
            409);
}

TEST_F(ClockTest, ClaimAfterTheDisconnectGrace) {
  auto [created, north] = two_people("traverse", "5+0");
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  const std::string path = "/api/games/" + id + "/claim";
  ASSERT_EQ(move(id, "c1-b2", south).status, 200);
  ASSERT_EQ(move(id, "d10-e9", north).status, 200);
  ASSERT_EQ(move(id, "b1-b3", south).status, 200);  // north to move, having moved

  // North is connected: nothing to claim, however long.
  {
    WsClient ws(port_, "/api/games/" + id + "/ws");
    ASSERT_TRUE(ws.read());
    ws.send({{"type", "hello"}, {"token", north}});
    ASSERT_TRUE(ws.read());  // the state with north present
    advance(61'000);
    HttpReply r = post(path, json::object(), south);
    EXPECT_EQ(r.status, 409);
    EXPECT_EQ(r.parsed()["error"], "north is connected");
  }
  // North's WebSocket closed: away from now.
  json g = game_when(id, [](const json& g) { return !g["claim_at_ms"].is_null(); });
  ASSERT_FALSE(g["claim_at_ms"].is_null());
  EXPECT_EQ(g["claim_at_ms"], clock_ms_.load() + 60'000);
  advance(30'000);
  EXPECT_EQ(post(path, json::object(), south).status, 409);        // 30 s away: too soon
  EXPECT_EQ(post(path, json::object(), north).status, 409);        // one's own turn
  EXPECT_EQ(post(path, {{"result", "draw"}}, south).status, 400);  // traverse has no draws
  advance(30'000);
  HttpReply claimed = post(path, json::object(), south);
  ASSERT_EQ(claimed.status, 200) << claimed.body;
  g = claimed.parsed();
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "south wins: north left the game");
  EXPECT_EQ(g["returns"], json({1.0, -1.0}));
}

TEST_F(ClockTest, ClaimedDrawWhereTheGameHasDraws) {
  auto [created, other] = two_people("travelers", "5+0");
  const std::string id = created["game"]["id"];
  play_any(id, created["tokens"]["0"]
                   .get<std::string>());  // a move each: before that, a claim aborts the game
  play_any(id, other);
  // Seat 0 is to move and has never connected: seat 1 may claim once the grace has passed.
  advance(60'000);
  HttpReply claimed = post("/api/games/" + id + "/claim", {{"result", "draw"}}, other);
  ASSERT_EQ(claimed.status, 200) << claimed.body;
  EXPECT_EQ(claimed.parsed()["returns"], json({0.0, 0.0}));
  EXPECT_EQ(claimed.parsed()["result"].get<std::string>().rfind("draw: ", 0), 0u);
}

// D2: a clock running out before a seat's first move aborts the game between two people (no
// result, never rated); once every seat has moved, the flag is a loss on time as before.
TEST_F(ClockTest, D2ClockRunningOutBeforeAFirstMoveAborts) {
  auto [created, north] = two_people("traverse", "1+0");
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  ASSERT_EQ(move(id, "c1-b2", south).status, 200);  // north's first move never comes
  advance(61'000);
  fire();
  json g = finished(id);
  EXPECT_EQ(g["result"], "aborted");
  EXPECT_EQ(g["aborted"], true);
  EXPECT_EQ(g["returns"], json({0.0, 0.0}));

  auto [next, n2] = two_people("traverse", "1+0");
  const std::string next_id = next["game"]["id"];
  ASSERT_EQ(move(next_id, "c1-b2", next["tokens"]["0"].get<std::string>()).status, 200);
  ASSERT_EQ(move(next_id, "d10-e9", n2).status, 200);
  advance(61'000);
  fire();
  g = finished(next_id);
  EXPECT_EQ(g["result"], "north wins on time");
  EXPECT_EQ(g["aborted"], false);
}

}  // namespace
}  // namespace arbiter::server::test
