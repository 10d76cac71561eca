// The legal endpoint by typed prefix (docs/api.md): GET /api/games/{id}/legal?prefix=TEXT lists
// the legal moves whose canonical text begins with TEXT, compared without regard to case, sorted,
// at most 50 of them, with `count` saying how many match; `prefix` with `clicks` is a 400. The
// puzzles' legal endpoint answers a prefix the same way.
#include <string>
#include <vector>

#include "core/params.h"
#include "games/registry.h"
#include "server/play/hub.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

constexpr std::size_t kListed = 50;

// The legal moves of `game`'s start under `params` whose text begins with `prefix` (lower case),
// straight from the rules.
std::vector<std::string> beginning(const std::string& game, const std::string& params,
                                   const std::string& prefix) {
  const Game* g = find_game(game);
  EXPECT_NE(g, nullptr);
  auto map = ParamMap::parse(params);
  EXPECT_TRUE(map) << map.error();
  auto state = g->new_state(*map);
  EXPECT_TRUE(state) << state.error();
  std::vector<std::string> out;
  for (const auto& m : (*state)->legal_moves()) {
    if (m.compare(0, prefix.size(), prefix) == 0) out.push_back(m);
  }
  return out;
}

std::vector<std::string> listed(const json& answer) {
  return answer["moves"].get<std::vector<std::string>>();
}

class LegalPrefixTest : public ServerTest {
 protected:
  std::string start(const std::string& game, const std::string& params = "") {
    return create(game, {"human", "human"}, params)["game"]["id"];
  }
  HttpReply prefix(const std::string& id, const std::string& text) {
    return get("/api/games/" + id + "/legal?prefix=" + text);
  }
};

// Prefix c1 at the Traverse start: exactly the legal moves that begin with c1, sorted.
TEST_F(LegalPrefixTest, TraversePrefixListsExactlyTheMovesBeginningWithIt) {
  const std::string id = start("traverse", "players=2");
  const std::vector<std::string> want = beginning("traverse", "players=2", "c1");
  ASSERT_FALSE(want.empty());
  HttpReply r = prefix(id, "c1");
  ASSERT_EQ(r.status, 200) << r.body;
  const json a = r.parsed();
  EXPECT_EQ(a["prefix"], "c1");
  EXPECT_EQ(a["count"], want.size());
  EXPECT_EQ(listed(a), want);
}

// Case does not matter, as the move readers take text; the prefix comes back as asked.
TEST_F(LegalPrefixTest, UpperCasePrefixMatchesTheSameMoves) {
  const std::string id = start("traverse", "players=2");
  const json lower = prefix(id, "c1").parsed();
  HttpReply r = prefix(id, "C1");
  ASSERT_EQ(r.status, 200) << r.body;
  const json upper = r.parsed();
  EXPECT_EQ(upper["prefix"], "C1");
  EXPECT_EQ(upper["count"], lower["count"]);
  EXPECT_EQ(upper["moves"], lower["moves"]);
  EXPECT_GT(upper["count"].get<int>(), 0);
}

// A size-8 Trap (~115,000 moves): a first wall matches thousands; 50 are listed, the first in
// sorted order, each beginning with the prefix (the slot's `|` percent-encoded).
TEST_F(LegalPrefixTest, LargeTrapCountsAllAndListsFifty) {
  const std::string id = start("trap", "size=8");
  const std::vector<std::string> want = beginning("trap", "size=8", "a1|a2,");
  ASSERT_GT(want.size(), kListed);
  HttpReply r = prefix(id, "A1%7CA2,");
  ASSERT_EQ(r.status, 200) << r.body;
  const json a = r.parsed();
  EXPECT_EQ(a["prefix"], "A1|A2,");
  EXPECT_EQ(a["count"], want.size());
  const std::vector<std::string> moves = listed(a);
  ASSERT_EQ(moves.size(), kListed);
  EXPECT_EQ(moves, std::vector<std::string>(want.begin(), want.begin() + kListed));
  for (const auto& m : moves) EXPECT_TRUE(m.starts_with("a1|a2,")) << m;

  // The last match and the text just past the run: the search's ends.
  const std::string last = want.back();
  const json one = prefix(id, last).parsed();
  EXPECT_EQ(one["count"], 1);
  EXPECT_EQ(listed(one), std::vector<std::string>{last});
}

// An empty prefix matches every legal move: the first 50 listed, all counted.
TEST_F(LegalPrefixTest, EmptyPrefixListsTheFirstFiftyOfAll) {
  const std::string id = start("trap");
  const std::vector<std::string> all = beginning("trap", "", "");
  ASSERT_GT(all.size(), kListed);
  HttpReply r = prefix(id, "");
  ASSERT_EQ(r.status, 200) << r.body;
  const json a = r.parsed();
  EXPECT_EQ(a["count"], all.size());
  EXPECT_EQ(a["count"], game(id)["legal_count"]);
  EXPECT_EQ(listed(a), std::vector<std::string>(all.begin(), all.begin() + kListed));
}

// A prefix no move begins with: none counted, none listed; likewise once the game is over.
TEST_F(LegalPrefixTest, NoMatchCountsNone) {
  const json created = create("traverse", {"human", "human"}, "players=2");
  const std::string id = created["game"]["id"];
  for (const char* text : {"z9", "c1-z", "c1-b2x", "~"}) {
    HttpReply r = prefix(id, text);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.parsed()["count"], 0) << text;
    EXPECT_TRUE(r.parsed()["moves"].empty()) << text;
  }
  const std::string token = created["tokens"]["0"];
  ASSERT_EQ(post("/api/games/" + id + "/resign", {{"seat", 0}}, token).status, 200);
  const json over = prefix(id, "").parsed();
  EXPECT_EQ(over["count"], 0);
  EXPECT_TRUE(over["moves"].empty());
}

// `prefix` and `clicks` together: a 400 with a one-line error; an unknown game is a 404.
TEST_F(LegalPrefixTest, PrefixWithClicksIs400) {
  const std::string id = start("traverse", "players=2");
  for (const char* q : {"?prefix=c1&clicks=c1", "?clicks=&prefix=", "?clicks=c1&prefix=c"}) {
    HttpReply r = get("/api/games/" + id + "/legal" + q);
    EXPECT_EQ(r.status, 400) << q << " " << r.body;
    const std::string error = r.parsed().value("error", "");
    EXPECT_NE(error.find("prefix"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  EXPECT_EQ(get("/api/games/nosuchgame/legal?prefix=c1").status, 404);
}

// The puzzles' legal endpoint answers a prefix from the same index, and refuses it with clicks.
TEST_F(LegalPrefixTest, PuzzleLegalAnswersAPrefix) {
  store::PuzzleRow p;
  p.game = "traverse";
  p.params = "players=2 rules=basic max_plies=1000";
  p.position = "1SsDsTsCsCsTsDs2/8Ss1/10/10/10/10/10/10/8Sn1/1SnDnTnCnCnTnDn2 s 40";
  p.solution = "i9-i10";
  p.source = "test";
  p.rating = 1500;
  auto added = server_->hub().store()->add_puzzle(p);
  ASSERT_TRUE(added.ok() && *added);
  const std::string path = "/api/puzzles/" + std::to_string(**added) + "/legal";
  HttpReply r = get(path + "?prefix=I9");
  ASSERT_EQ(r.status, 200) << r.body;
  const json a = r.parsed();
  EXPECT_EQ(a["prefix"], "I9");
  ASSERT_GT(a["count"].get<int>(), 0);
  EXPECT_EQ(a["count"], a["moves"].size());
  bool home = false;
  for (const auto& m : listed(a)) {
    EXPECT_TRUE(m.starts_with("i9")) << m;
    home = home || m == "i9-i10";
  }
  EXPECT_TRUE(home) << r.body;
  EXPECT_EQ(get(path + "?prefix=i9&clicks=i9").status, 400);
}

}  // namespace
}  // namespace arbiter::server::test
