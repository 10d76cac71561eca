// Accounts in games, against a real server whose clients come from several loopback addresses
// (RawConnection binds any 127.0.0.0/8 address, each a client of its own): what a profile lists
// (D1), aborted games and when a game is rated (D2), a deleted account's seats (D5) and the
// creation quota of games made from seeks (D9).
#include <chrono>
#include <map>
#include <thread>

#include "raw_client.h"
#include "server/play/hub.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

constexpr const char* kGamesPassword = "correct horse 1";

class AccountGamesTest : public ServerTest {
 protected:
  // One request from `address`; `token` sent as a bearer.
  HttpReply call(const std::string& address, const std::string& method, const std::string& target,
                 const json& body = json::object(), const std::string& token = "") {
    const std::string text = method == "GET" ? "" : body.dump();
    std::string request = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                          "Connection: close\r\nContent-Type: application/json\r\n" +
                          "Content-Length: " + std::to_string(text.size()) + "\r\n";
    if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
    request += "\r\n" + text;
    RawConnection c(port_, address);
    EXPECT_TRUE(c.open());
    EXPECT_TRUE(c.send(request));
    const std::string answer = c.read_response();
    HttpReply r;
    r.status = first_status(answer);
    r.body = body_of(answer);
    return r;
  }
  // Registers `name` from `address`; its session.
  std::string account(const std::string& name, const std::string& address) {
    HttpReply r =
        call(address, "POST", "/api/accounts", {{"username", name}, {"password", kGamesPassword}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed().value("session", "");
  }
  // A seek of `author` accepted by `acceptor`: the accept's answer.
  HttpReply seek_accepted(const std::string& author, const std::string& author_address,
                          const std::string& acceptor, const std::string& acceptor_address,
                          bool rated) {
    json body = {{"game", "traverse"}, {"params", "players=2"}, {"time_control", "10+5"}};
    body["rated"] = rated;
    HttpReply seek = call(author_address, "POST", "/api/seeks", body, author);
    EXPECT_EQ(seek.status, 201) << seek.body;
    const std::string id = std::to_string(seek.parsed()["seek"]["id"].get<int64_t>());
    return call(acceptor_address, "POST", "/api/seeks/" + id + "/accept", json::object(), acceptor);
  }
  // A player: their session and the address they play from.
  struct Player {
    std::string session, address;
  };
  // Plays `plies` of Traverse's opening in game `id`, each by the player of the seat to move,
  // from that player's address (a session used from another address would count as seen there).
  void play(const std::string& id, const std::map<std::string, Player>& players, int plies) {
    static const char* kMoves[] = {"c1-b2", "d10-e9", "b1-b3", "c10-d9"};
    for (int i = 0; i < plies; ++i) {
      const json g = game(id);
      const Player& p = players.at(g["seats"][g["to_move"].get<int>()]["account"]);
      HttpReply r =
          call(p.address, "POST", "/api/games/" + id + "/moves", {{"move", kMoves[i]}}, p.session);
      ASSERT_EQ(r.status, 200) << r.body;
    }
  }
  json player(const std::string& name) { return get("/api/players/" + name).parsed(); }
  // The player's ratings once some rated game has reached them, and a moment more for any other
  // (the ratings are applied on a thread of their own, in the order the games ended).
  json ratings_after_games(const std::string& name) {
    for (int i = 0; i < 200 && player(name)["ratings"].empty(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return player(name)["ratings"];
  }
};

// D1: a profile lists the player's listed games only; the player's own list (?mine=1) has both.
// Before, GET /api/players/NAME named the invite-only game, and a stranger took its open seat.
TEST_F(AccountGamesTest, D1ProfileListsOnlyListedGames) {
  const std::string alice = account("alice", "127.0.0.2");
  HttpReply hidden = call("127.0.0.2", "POST", "/api/games",
                          {{"game", "trap"}, {"seats", {"human", "open"}}}, alice);
  ASSERT_EQ(hidden.status, 201) << hidden.body;
  HttpReply listed =
      call("127.0.0.2", "POST", "/api/games",
           {{"game", "trap"}, {"seats", {"human", "open"}}, {"public", true}}, alice);
  ASSERT_EQ(listed.status, 201) << listed.body;
  const std::string hidden_id = hidden.parsed()["game"]["id"];
  const std::string listed_id = listed.parsed()["game"]["id"];

  const json shown = player("alice")["games"];
  ASSERT_EQ(shown.size(), 1u) << shown.dump();
  EXPECT_EQ(shown[0]["id"], listed_id);
  const json mine = call("127.0.0.2", "GET", "/api/games?mine=1", {}, alice).parsed()["games"];
  EXPECT_EQ(mine.size(), 2u) << mine.dump();
  EXPECT_EQ(game(hidden_id)["id"], hidden_id);  // its link still finds it
}

// D2: between two people, ending a game before every seat has moved aborts it: no result, every
// return 0, said in the game object, the lobby and the record.
TEST_F(AccountGamesTest, D2ResignBeforeEverySeatMovedAborts) {
  json created = create("traverse", {"human", "open"});
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  HttpReply joined = post("/api/games/" + id + "/join", {{"seat", 1}});
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(joined.parsed()["game"]["abortable"], true);
  ASSERT_EQ(move(id, "c1-b2", south).status, 200);  // north has not moved yet
  HttpReply resigned = post("/api/games/" + id + "/resign", json::object(), south);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  const json g = resigned.parsed();
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"], "aborted");
  EXPECT_EQ(g["aborted"], true);
  EXPECT_EQ(g["abortable"], false);
  EXPECT_EQ(g["returns"], json({0.0, 0.0}));
  const std::string record = get("/api/games/" + id + "/record").body;
  EXPECT_NE(record.find("[Result \"*\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Termination \"aborted\"]"), std::string::npos) << record;

  // One person playing both seats (or the AI) keeps the resignation.
  json alone = create("traverse", {"human", "human"});
  HttpReply lost = post("/api/games/" + alone["game"]["id"].get<std::string>() + "/resign",
                        json::object(), alone["tokens"]["0"].get<std::string>());
  ASSERT_EQ(lost.status, 200) << lost.body;
  EXPECT_EQ(lost.parsed()["result"], "south resigned");
  EXPECT_EQ(lost.parsed()["aborted"], false);
}

// D2: the abort action, for any seat holder while some seat has not moved; refused after.
TEST_F(AccountGamesTest, D2AbortWhileASeatHasNotMoved) {
  json created = create("traverse", {"human", "open"});
  const std::string id = created["game"]["id"];
  const std::string south = created["tokens"]["0"];
  const std::string north =
      post("/api/games/" + id + "/join", {{"seat", 1}}).parsed()["tokens"]["1"];
  EXPECT_EQ(post("/api/games/" + id + "/abort", json::object()).status, 401);
  HttpReply aborted = post("/api/games/" + id + "/abort", json::object(), north);
  ASSERT_EQ(aborted.status, 200) << aborted.body;
  EXPECT_EQ(aborted.parsed()["aborted"], true);
  EXPECT_EQ(aborted.parsed()["result"], "aborted");
  EXPECT_EQ(post("/api/games/" + id + "/abort", json::object(), north).status, 409);

  json next = create("traverse", {"human", "open"});
  const std::string next_id = next["game"]["id"];
  const std::string s2 = next["tokens"]["0"];
  const std::string n2 =
      post("/api/games/" + next_id + "/join", {{"seat", 1}}).parsed()["tokens"]["1"];
  ASSERT_EQ(move(next_id, "c1-b2", s2).status, 200);
  ASSERT_EQ(move(next_id, "d10-e9", n2).status, 200);
  EXPECT_EQ(game(next_id)["abortable"], false);
  HttpReply late = post("/api/games/" + next_id + "/abort", json::object(), s2);
  EXPECT_EQ(late.status, 409);
  EXPECT_NE(late.parsed().value("error", "").find("every seat has moved"), std::string::npos)
      << late.body;
  EXPECT_EQ(game(next_id)["status"], "playing");

  // A game one person plays alone is not aborted: it is resigned.
  json alone = create("traverse", {"human", "ai:1"});
  EXPECT_EQ(alone["game"]["abortable"], false);
  EXPECT_EQ(post("/api/games/" + alone["game"]["id"].get<std::string>() + "/abort", json::object(),
                 alone["tokens"]["0"].get<std::string>())
                .status,
            409);
}

// D2: a game is rated only once every seat has moved twice. Before, a seek accepted and resigned
// at ply 0 moved both ratings (1500 → 1842 in ten such games).
TEST_F(AccountGamesTest, D2RatedOnlyOnceEverySeatMovedTwice) {
  const std::string alice = account("alice", "127.0.0.2");
  const std::string bob = account("bob", "127.0.0.3");
  const std::map<std::string, Player> players = {{"alice", {alice, "127.0.0.2"}},
                                                 {"bob", {bob, "127.0.0.3"}}};
  for (int plies : {0, 3}) {  // aborted, then too short to be rated
    HttpReply accepted = seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", true);
    ASSERT_EQ(accepted.status, 201) << accepted.body;
    const std::string id = accepted.parsed()["game"]["id"];
    play(id, players, plies);
    ASSERT_EQ(call("127.0.0.3", "POST", "/api/games/" + id + "/resign", json::object(), bob).status,
              200);
  }
  HttpReply accepted = seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", true);
  ASSERT_EQ(accepted.status, 201) << accepted.body;
  const std::string id = accepted.parsed()["game"]["id"];
  play(id, players, 4);
  ASSERT_EQ(call("127.0.0.3", "POST", "/api/games/" + id + "/resign", json::object(), bob).status,
            200);
  const json rated = ratings_after_games("alice");
  ASSERT_EQ(rated.size(), 1u) << rated.dump();
  EXPECT_EQ(rated[0]["games"], 1);  // the long game only
  EXPECT_GT(rated[0]["rating"].get<int>(), 1500);
}

// D2: accounts seen on one address (an IPv6 client by its /64) play casual games only, unless
// the server allows it (--rated-same-address); the refusal says why.
TEST_F(AccountGamesTest, D2AccountsSeenOnOneAddressPlayCasualOnly) {
  const std::string alice = account("alice", "127.0.0.2");
  const std::string bob = account("bob", "127.0.0.3");
  // Bob's session used from Alice's address once is enough.
  ASSERT_EQ(call("127.0.0.2", "GET", "/api/account", {}, bob).status, 200);
  HttpReply refused = seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", true);
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_NE(refused.parsed().value("error", "").find("seen on one address"), std::string::npos)
      << refused.body;
  EXPECT_EQ(call("127.0.0.3", "GET", "/api/seeks", {}, bob).parsed()["seeks"].size(), 1u)
      << "a refused accept leaves the seek";
  EXPECT_EQ(seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", false).status, 201);

  stop();
  options_.rated_same_address = true;
  start();
  const std::string a2 = call("127.0.0.4", "POST", "/api/sessions",
                              {{"username", "alice"}, {"password", kGamesPassword}})
                             .parsed()
                             .value("session", "");
  const std::string b2 = call("127.0.0.4", "POST", "/api/sessions",
                              {{"username", "bob"}, {"password", kGamesPassword}})
                             .parsed()
                             .value("session", "");
  HttpReply allowed = seek_accepted(a2, "127.0.0.4", b2, "127.0.0.4", true);
  ASSERT_EQ(allowed.status, 201) << allowed.body;
  EXPECT_EQ(allowed.parsed()["game"]["rated"], true);
}

// D5: a deleted account's seats read "deleted" at once in the game object, the lists and the
// lobby, and a new account of the same name does not inherit them. Before, the live game kept
// "carol" until it left memory.
TEST_F(AccountGamesTest, D5DeletedAccountShowsDeletedAtOnce) {
  const std::string carol = account("carol", "127.0.0.2");
  HttpReply made = call("127.0.0.2", "POST", "/api/games",
                        {{"game", "trap"}, {"seats", {"human", "open"}}, {"public", true}}, carol);
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.parsed()["game"]["id"];
  ASSERT_EQ(game(id)["seats"][0]["account"], "carol");
  server_->hub().lobby().flush();
  WsClient watcher(port_, "/api/lobby/ws");
  ASSERT_TRUE(watcher.connected());
  ASSERT_TRUE(watcher.read());  // the lobby as it stands

  ASSERT_EQ(call("127.0.0.2", "POST", "/api/account/delete", {{"password", kGamesPassword}}, carol)
                .status,
            200);
  EXPECT_EQ(game(id)["seats"][0]["account"], "deleted");
  const json listed = get("/api/games?ids=" + id).parsed()["games"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["seats"][0]["account"], "deleted");
  auto changed = watcher.read_until([&](const json& m) {
    return m["type"] == "game_changed" && m["game"]["id"] == id &&
           m["game"]["seats"][0]["account"] == "deleted";
  });
  EXPECT_TRUE(changed) << "the lobby still shows the deleted account's name";
  account("carol", "127.0.0.3");
  EXPECT_EQ(game(id)["seats"][0]["account"], "deleted");
}

// D9: accepting a seek makes a game, and counts against the creation quota of the acceptor's
// address. Before, 30 games came from one address against a quota of 10.
TEST_F(AccountGamesTest, D9SeekAcceptCountsAgainstTheCreationQuota) {
  stop();
  options_.create_limit = 12;  // a burst of 2
  start();
  const std::string alice = account("alice", "127.0.0.2");
  const std::string bob = account("bob", "127.0.0.3");
  EXPECT_EQ(seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", false).status, 201);
  EXPECT_EQ(seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", false).status, 201);
  HttpReply third = seek_accepted(alice, "127.0.0.2", bob, "127.0.0.3", false);
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_NE(third.parsed().value("error", "").find("too many games created"), std::string::npos);
  // The same quota as POST /api/games.
  EXPECT_EQ(call("127.0.0.3", "POST", "/api/games", {{"game", "trap"}}).status, 429);
}

}  // namespace
}  // namespace arbiter::server::test
