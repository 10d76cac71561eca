// Offers kept in the store (docs/online.md "Fair endings"): a draw offer and a takeback request
// survive a restart of the server, a move clears a stored offer, and storing an offer leaves the
// clocks alone (a limited clock's turn is timed from the game's last change, and an offer is not
// one). The server's clock is the test's.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "core/params.h"
#include "games/registry.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

constexpr int64_t kStart = 1'800'000'000'000;

class StoredOffersTest : public ServerTest {
 protected:
  StoredOffersTest() {
    options_.clock = [this] { return clock_ms_.load(); };
  }
  // A game between two tokens: the creator holds seat 0, the joiner seat 1.
  std::tuple<std::string, std::string, std::string> two_people(const std::string& game,
                                                               const std::string& control) {
    HttpReply made = post(
        "/api/games", {{"game", game}, {"seats", {"human", "open"}}, {"time_control", control}});
    EXPECT_EQ(made.status, 201) << made.body;
    const std::string id = made.parsed()["game"]["id"];
    HttpReply joined = post("/api/games/" + id + "/join", {{"seat", 1}});
    EXPECT_EQ(joined.status, 200) << joined.body;
    return {id, made.parsed()["tokens"]["0"], joined.parsed()["tokens"]["1"]};
  }
  // A legal first move of `game` at its start.
  static std::string first_move(const std::string& game) {
    auto state = find_game(game)->new_state(ParamMap{}).value();
    return state->legal_moves().front();
  }

  // Plays a legal move for each seat in turn, `first`'s then `second`'s: a game ended before
  // every seat has moved ends aborted (server/play/game_start.h), not by the ending under test.
  void both_move(const std::string& id, const std::string& first, const std::string& second) {
    for (const std::string& token : {first, second}) {
      const json legal = get("/api/games/" + id + "/legal?prefix=").parsed();
      ASSERT_EQ(move(id, legal["moves"][0].get<std::string>(), token).status, 200);
    }
  }

  std::atomic<int64_t> clock_ms_{kStart};
};

// Item "offers across instances": a draw offer survives a restart and is accepted after it.
TEST_F(StoredOffersTest, DrawOfferSurvivesARestart) {
  auto [id, first, second] = two_people("travelers", "5+0");
  both_move(id, first, second);
  HttpReply offered = post("/api/games/" + id + "/draw", {{"action", "offer"}}, second);
  ASSERT_EQ(offered.status, 200) << offered.body;
  EXPECT_EQ(offered.parsed()["offers"]["draw"], 1);
  start();  // a new server on the same store
  EXPECT_EQ(game(id)["offers"]["draw"], 1);
  HttpReply accepted = post("/api/games/" + id + "/draw", {{"action", "accept"}}, first);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(accepted.parsed()["result"], "draw: agreed");
  EXPECT_TRUE(accepted.parsed()["offers"]["draw"].is_null());
}

// A takeback request survives a restart; a declined one is gone after the next restart too.
TEST_F(StoredOffersTest, TakebackRequestSurvivesARestart) {
  auto [id, south, north] = two_people("traverse", "none");
  ASSERT_EQ(move(id, "c1-b2", south).status, 200);
  ASSERT_EQ(post("/api/games/" + id + "/takeback", {{"action", "request"}}, south).status, 200);
  start();
  EXPECT_EQ(game(id)["offers"]["takeback"], 0);
  ASSERT_EQ(post("/api/games/" + id + "/takeback", {{"action", "decline"}}, north).status, 200);
  start();
  EXPECT_TRUE(game(id)["offers"]["takeback"].is_null());
  ASSERT_EQ(post("/api/games/" + id + "/takeback", {{"action", "request"}}, south).status, 200);
  start();
  HttpReply accepted = post("/api/games/" + id + "/takeback", {{"action", "accept"}}, north);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(accepted.parsed()["ply"], 0);
}

// The next move clears a stored offer, in the store too.
TEST_F(StoredOffersTest, MoveClearsAStoredOffer) {
  auto [id, first, second] = two_people("travelers", "none");
  ASSERT_EQ(post("/api/games/" + id + "/draw", {{"action", "offer"}}, second).status, 200);
  ASSERT_EQ(move(id, first_move("travelers"), first).status, 200);
  EXPECT_TRUE(game(id)["offers"]["draw"].is_null());
  start();
  EXPECT_TRUE(game(id)["offers"]["draw"].is_null());
}

// Storing an offer is not a change of the game for its clocks: after a restart the seat to
// move has the time it had, not a turn restarted at the offer.
TEST_F(StoredOffersTest, OfferLeavesTheClocksAlone) {
  auto [id, first, second] = two_people("travelers", "5+0");
  clock_ms_ += 10'000;
  ASSERT_EQ(post("/api/games/" + id + "/draw", {{"action", "offer"}}, second).status, 200);
  clock_ms_ += 5'000;
  start();
  json g = game(id);
  EXPECT_EQ(g["seats"][0]["clock_ms"], 300'000 - 15'000) << g["seats"].dump();
  EXPECT_EQ(g["seats"][0]["flag_at_ms"], kStart + 300'000 + 250);
}

}  // namespace
}  // namespace arbiter::server::test
