// What a client is told when the store fails (server/play/store_failure.h): a status and a message
// naming what failed, never the store's own text (an SQL error, a file path), which goes to the
// server's log. On PostgreSQL (the test cluster) and on SQLite through a store that fails.
#include <gtest/gtest.h>

#include "faulty_store.h"
#include "multi_server_fixture.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

// Item D6, as found: on PostgreSQL "?ids=%00" answered 500 with "malformed array literal". Ids
// are checked before the store: 400 naming the id, and nothing of the store's text.
using PostgresIds = MultiServerFixture<1>;
TEST_F(PostgresIds, AnIdThatCannotNameAGameIs400NotAnSqlError) {
  for (const std::string ids : {"%00", "a%00b", "%7B%7D", "a%22,b"}) {
    HttpReply r = http(ports_[0], "GET", "/api/games?ids=" + ids);
    EXPECT_EQ(r.status, 400) << ids << ": " << r.body;
    EXPECT_NE(r.body.find("is not a game id"), std::string::npos) << r.body;
    EXPECT_EQ(r.body.find("malformed"), std::string::npos) << r.body;
  }
  EXPECT_EQ(http(ports_[0], "GET", "/api/games?ids=abc,def").status, 200);
}

// A store whose listing fails as PostgreSQL's did, and whose writes fail as a read-only file's.
class LeakyStore : public FaultyStore {
 public:
  using FaultyStore::FaultyStore;
  std::atomic<bool> leak{false};  // listings fail

  store::Result<std::vector<store::GameRow>> list_games(const store::GameFilter& f) override {
    if (!leak) return FaultyStore::list_games(f);
    return store::make_error(store::ErrorCode::kInvalid,
                             "list_games: ERROR:  malformed array literal: \"{\"");
  }
};

class StoreErrorsTest : public ServerTest {
 protected:
  void SetUp() override {
    auto opened = store::open_store("sqlite:" + (dir_ / "games.db").string());
    ASSERT_TRUE(opened.ok()) << opened.error();
    store_ = std::make_shared<LeakyStore>(std::shared_ptr<store::Store>(std::move(*opened)));
    server_ = std::make_unique<Server>(options_, store_);
    ASSERT_TRUE(server_->start().ok());
    port_ = server_->port();
  }
  std::shared_ptr<LeakyStore> store_;
};

// Item D6, every route: a failed read (500) and a failed write (503) name what failed and say
// the log has why; the store's text ("malformed array literal", "readonly database") is not sent.
TEST_F(StoreErrorsTest, TheStoresTextIsLoggedNotAnswered) {
  store_->leak = true;
  HttpReply listed = get("/api/games");
  EXPECT_EQ(listed.status, 500) << listed.body;
  EXPECT_EQ(listed.body.find("malformed"), std::string::npos) << listed.body;
  EXPECT_NE(listed.body.find("listing games"), std::string::npos) << listed.body;
  EXPECT_NE(listed.body.find("log"), std::string::npos) << listed.body;

  json created = create("traverse", {"human", "human"});
  store_->readonly = true;
  HttpReply refused = move(created["game"]["id"], "b1-b2", created["tokens"]["0"]);
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_NE(refused.body.find("cannot write"), std::string::npos) << refused.body;
  EXPECT_EQ(refused.body.find("readonly database"), std::string::npos) << refused.body;
}

}  // namespace
}  // namespace arbiter::server::test
