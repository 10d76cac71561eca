// Two servers on one PostgreSQL database keeping one game in step (server/play/store_sync.h). A
// move stored by the other server is read alone (Store::load_moves_from) and played on the game
// held here, never by replaying every move, and what each server then shows — position, clocks,
// move list — is what the other shows. Anything but one appended move (a takeback) is read in full.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "games/game.h"
#include "games/registry.h"
#include "multi_server_fixture.h"
#include "read_counting_store.h"

namespace arbiter::server::test {
namespace {

class MultiServerSyncTest : public MultiServerFixture<2> {
 protected:
  // Each server's store counts the reads of moves it makes.
  std::shared_ptr<store::Store> server_store(int i, std::shared_ptr<store::Store> opened) override {
    stores_[i] = std::make_shared<ReadCountingStore>(std::move(opened));
    return stores_[i];
  }

  // The game as `server` shows it, less what depends on the moment it is asked (the running
  // clock, the answer's time) or on who is connected there (a claim).
  json settled(int server, const std::string& id) {
    json g = game(server, id);
    g.erase("now_ms");
    g.erase("claim_at_ms");
    if (g["to_move"].is_number_integer() && g["to_move"] >= 0) {
      g["seats"][g["to_move"].get<int>()].erase("clock_ms");
    }
    return g;
  }
  // Waits until both servers show the game at `ply` the same way; the last two views.
  std::pair<json, json> both_at(const std::string& id, int ply) {
    json a, b;
    for (int tries = 0; tries < 200; ++tries) {
      a = settled(0, id);
      b = settled(1, id);
      if (a["ply"] == ply && a == b) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return {a, b};
  }

  // A game of two people in real time: South (created) on A, North (joined) on B.
  struct TwoPeople {
    std::string id, south, north, params;
  };
  TwoPeople two_people() {
    HttpReply created =
        post(0, "/api/games",
             {{"game", "traverse"}, {"seats", {"human", "open"}}, {"time_control", "5+2"}});
    EXPECT_EQ(created.status, 201) << created.body;
    TwoPeople t;
    t.id = created.parsed()["game"]["id"];
    t.south = created.parsed()["tokens"]["0"];
    t.params = created.parsed()["game"]["params"];
    HttpReply joined = post(1, "/api/games/" + t.id + "/join", {{"seat", 1}});
    EXPECT_EQ(joined.status, 200) << joined.body;
    t.north = joined.parsed()["tokens"]["1"];
    return t;
  }

  // The rules core's copy of the game, to choose legal moves.
  static std::unique_ptr<GameState> rules_of(const TwoPeople& t) {
    auto params = ParamMap::parse(t.params);
    EXPECT_TRUE(params.ok()) << params.error();
    auto made = find_game("traverse")->new_state(*params);
    EXPECT_TRUE(made.ok()) << made.error();
    return std::move(*made);
  }
  // Plays the `pick`th legal move (wrapping) of `state` on `server` with `token`.
  void play(GameState& state, int server, const std::string& id, const std::string& token,
            int pick) {
    const std::vector<std::string> legal = state.legal_moves();
    ASSERT_FALSE(legal.empty());
    const std::string& text = legal[static_cast<std::size_t>(pick) % legal.size()];
    const int ply = static_cast<int>(state.history().size());
    HttpReply moved =
        post(server, "/api/games/" + id + "/moves", {{"move", text}, {"ply", ply}}, token);
    ASSERT_EQ(moved.status, 200) << "ply " << ply << ": " << moved.body;
    ASSERT_TRUE(state.apply(text).ok());
  }

  std::shared_ptr<ReadCountingStore> stores_[2];
};

// A foreign move is appended: after each move, made in turn on A and on B, both servers show the
// same position, clocks and moves, and neither read a whole move list again to get there.
TEST_F(MultiServerSyncTest, AForeignMoveIsAppendedAloneAndBothServersAgree) {
  const TwoPeople t = two_people();
  ASSERT_FALSE(t.id.empty());
  auto rules = rules_of(t);
  GameState& state = *rules;
  ASSERT_EQ(both_at(t.id, 0).first["ply"], 0);
  const int full_reads[2] = {stores_[0]->full_reads, stores_[1]->full_reads};
  const int tail_reads[2] = {stores_[0]->tail_reads, stores_[1]->tail_reads};
  constexpr int kMoves = 24;
  for (int ply = 0; ply < kMoves; ++ply) {
    ASSERT_FALSE(state.is_terminal());
    const int on = ply % 2;  // South on A, North on B
    play(state, on, t.id, on == 0 ? t.south : t.north, ply * 7);
    if (HasFatalFailure()) return;
    auto [a, b] = both_at(t.id, ply + 1);
    ASSERT_EQ(a["ply"], ply + 1);
    EXPECT_EQ(a, b) << "after ply " << ply;
    EXPECT_EQ(a["moves"], json(state.history()));
    EXPECT_EQ(a["position"], state.to_text());
  }
  for (int s = 0; s < 2; ++s) {
    EXPECT_EQ(stores_[s]->full_reads, full_reads[s]) << "server " << s << " replayed a game";
    EXPECT_GE(stores_[s]->tail_reads - tail_reads[s], kMoves / 2) << "server " << s;
  }
}

// A takeback is not one appended move: B reads the whole game again, and shows what A shows,
// then appends the next foreign move alone again.
TEST_F(MultiServerSyncTest, ATakebackOnAReachesBByAFullRead) {
  const TwoPeople t = two_people();
  ASSERT_FALSE(t.id.empty());
  auto rules = rules_of(t);
  GameState& state = *rules;
  const std::string path = "/api/games/" + t.id + "/takeback";
  play(state, 0, t.id, t.south, 0);
  play(state, 1, t.id, t.north, 0);
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_EQ(both_at(t.id, 2).first["ply"], 2);
  const int full_reads = stores_[1]->full_reads;
  ASSERT_EQ(post(1, path, {{"action", "request"}}, t.north).status, 200);
  ASSERT_EQ(both_at(t.id, 2).first["offers"]["takeback"], 1);
  HttpReply accepted = post(0, path, {{"action", "accept"}}, t.south);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  ASSERT_TRUE(state.undo());
  auto [a, b] = both_at(t.id, 1);
  EXPECT_EQ(a, b);
  EXPECT_EQ(b["moves"], json(state.history()));
  EXPECT_EQ(b["to_move"], 1);
  EXPECT_GT(stores_[1]->full_reads, full_reads) << "B read the game in full";

  const int tail_reads = stores_[1]->tail_reads;
  play(state, 1, t.id, t.north, 1);  // another reply than the one taken back
  play(state, 0, t.id, t.south, 2);
  ASSERT_FALSE(HasFatalFailure());
  auto [a3, b3] = both_at(t.id, 3);
  EXPECT_EQ(a3, b3);
  EXPECT_EQ(b3["moves"], json(state.history()));
  EXPECT_EQ(b3["position"], state.to_text());
  EXPECT_GT(stores_[1]->tail_reads, tail_reads);
}

}  // namespace
}  // namespace arbiter::server::test
