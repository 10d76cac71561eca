// GET /api/board: the board view of a position given as text, so the rules pages draw their
// diagrams with the server's board (docs/api.md). Bad input is a 400 naming the field at fault.
#include <cctype>
#include <string>
#include <vector>

#include "core/params.h"
#include "games/registry.h"
#include "server/http/api_json.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

// Percent-encodes everything but unreserved characters, as a browser's encodeURIComponent.
std::string encoded(const std::string& s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

class BoardEndpointTest : public ServerTest {
 protected:
  HttpReply board(const std::string& game, const std::string& params, const std::string& position) {
    std::string target = "/api/board?game=" + encoded(game);
    if (!params.empty()) target += "&params=" + encoded(params);
    if (!position.empty()) target += "&position=" + encoded(position);
    return get(target);
  }
};

// Every registered game: a position after one move answers the board its state's view() gives,
// the same JSON the game object carries.
TEST_F(BoardEndpointTest, GoodPositionOfEveryGameAnswersItsBoard) {
  for (const Game* game : all_games()) {
    SCOPED_TRACE(std::string(game->name()));
    auto state = game->new_state(ParamMap{});
    ASSERT_TRUE(state) << state.error();
    auto moves = (*state)->legal_moves();
    ASSERT_FALSE(moves.empty());
    ASSERT_TRUE((*state)->apply(moves.front()).ok());
    HttpReply r = board(std::string(game->name()), "", (*state)->to_text());
    ASSERT_EQ(r.status, 200) << r.body;
    const json answer = r.parsed();
    ASSERT_EQ(answer.size(), 1u) << r.body;
    EXPECT_EQ(answer["board"], json::parse(board_text((*state)->view())));
  }
}

// Without a position the start under the given params is drawn.
TEST_F(BoardEndpointTest, NoPositionGivesTheStartUnderParams) {
  const Game* trap = find_game("trap");
  ASSERT_NE(trap, nullptr);
  auto params = ParamMap::parse("size=3");
  ASSERT_TRUE(params);
  auto start = trap->new_state(*params);
  ASSERT_TRUE(start) << start.error();
  HttpReply r = board("trap", "size=3", "");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.parsed()["board"], json::parse(board_text((*start)->view())));
  EXPECT_EQ(r.parsed()["board"]["width"], 3);
}

// A bad position is a 400 whose one-line error names the position.
TEST_F(BoardEndpointTest, BadPositionIs400NamingThePosition) {
  for (const Game* game : all_games()) {
    SCOPED_TRACE(std::string(game->name()));
    HttpReply r = board(std::string(game->name()), "", "not a position");
    ASSERT_EQ(r.status, 400) << r.body;
    const std::string error = r.parsed()["error"];
    EXPECT_EQ(error.rfind("position: ", 0), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
}

// An unknown game is a 400 (the game is a query field, not a resource) naming the game; a
// missing one too.
TEST_F(BoardEndpointTest, UnknownGameIs400NamingTheGame) {
  HttpReply r = board("chess", "", "");
  ASSERT_EQ(r.status, 400) << r.body;
  const std::string error = r.parsed()["error"];
  EXPECT_NE(error.find("unknown game 'chess'"), std::string::npos) << error;
  HttpReply missing = get("/api/board");
  ASSERT_EQ(missing.status, 400) << missing.body;
  EXPECT_EQ(missing.parsed()["error"].get<std::string>().rfind("game: missing", 0), 0u);
}

// Bad params are a 400 naming the params; so is a POST a 405 like any GET-only path.
TEST_F(BoardEndpointTest, BadParamsIs400NamingTheParams) {
  for (const std::string params : {"size=999", "nonsense", "size"}) {
    HttpReply r = board("trap", params, "");
    ASSERT_EQ(r.status, 400) << params << ": " << r.body;
    EXPECT_EQ(r.parsed()["error"].get<std::string>().rfind("params: ", 0), 0u) << r.body;
  }
  EXPECT_EQ(post("/api/board", json::object()).status, 405);
}

// Odd bytes anywhere in the query never crash the server: each answers 200 or 400.
TEST_F(BoardEndpointTest, OddQueriesAnswer400NotACrash) {
  for (const std::string& target : std::vector<std::string>{
           "/api/board?game=trap&position=%00%ff%", "/api/board?game=&params=&position=",
           "/api/board?game=traverse&position=" + std::string(5000, '9'),
           "/api/board?game=travelers&position=%2F%2F%2F%2F", "/api/board?game=trap&position=+%20+",
           "/api/board?&&&=&game"}) {
    HttpReply r = get(target);
    EXPECT_TRUE(r.status == 200 || r.status == 400) << target << ": " << r.status << r.body;
  }
  EXPECT_EQ(get("/api/health").status, 200);
}

// GET /api/board counts against the per-address rate limit like every API request.
TEST_F(BoardEndpointTest, IsRateLimited) {
  options_.rate_limit = 1;  // bursts of 2
  start();
  int limited = 0;
  for (int i = 0; i < 6; ++i) limited += board("trap", "", "").status == 429 ? 1 : 0;
  EXPECT_GT(limited, 0);
}

}  // namespace
}  // namespace arbiter::server::test
