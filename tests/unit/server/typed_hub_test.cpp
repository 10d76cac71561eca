// The typed hub: a resignation's returns come from the resigned seat stored as data (not from the
// result text); a database of schema 1 upgrades in place and is served; the API writes the
// hub's plain data as the JSON of docs/api.md, every field in its documented order.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "server/accounts/tokens.h"
#include "server/http/api.h"
#include "server/http/api_json.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

// A hub whose AI answers at once, on one thread.
HubOptions quick_options() {
  HubOptions o;
  o.ai_movetime = 0.01;
  o.ai_workers = 1;
  return o;
}

using Ordered = nlohmann::ordered_json;

std::vector<std::string> keys_of(const Ordered& object) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.push_back(key);
  return keys;
}

TEST(Hub, ResignationReturnsComeFromTheResignedSeat) {
  auto opened = store::open_store(":memory:");
  ASSERT_TRUE(opened.ok()) << opened.error();
  std::shared_ptr<store::Store> store(std::move(*opened));
  store::GameRow row;
  row.id = "resigned1";
  row.game = "traverse";
  row.seats.resize(2);
  row.status = store::GameStatus::kFinished;
  row.result = "south left the table";  // names no resignation the rules core could spell
  row.resigned = 0;
  ASSERT_TRUE(store->create_game(row).ok());
  row.id = "resigned2";
  row.result = "south resigned";  // the text names south, the data north: the data wins
  row.resigned = 1;
  ASSERT_TRUE(store->create_game(row).ok());

  Hub hub(store, quick_options());
  auto first = hub.get("resigned1");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ((*first)->returns, (std::vector<double>{-1.0, 1.0}));
  EXPECT_EQ((*first)->to_move, -1);
  auto second = hub.get("resigned2");
  ASSERT_TRUE(second.ok());
  EXPECT_EQ((*second)->returns, (std::vector<double>{1.0, -1.0}));
}

// A database written before the resigned seat was a column: the server opens it, upgrades it in
// place, shows the old resignation's returns and plays on in the old games.
TEST_F(ServerTest, SchemaOneDatabaseIsServed) {
  stop();
  const std::string path = (dir_ / "games.db").string();
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
  const std::string token = new_token();
  const std::string hash = hash_token(token);
  const std::string sql = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE games (
  id TEXT PRIMARY KEY NOT NULL, game TEXT NOT NULL, params TEXT NOT NULL,
  position TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
  rematch_of TEXT NOT NULL, rematch_id TEXT NOT NULL);
CREATE INDEX games_by_updated ON games (updated_ms);
CREATE TABLE seats (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  kind TEXT NOT NULL, level INTEGER NOT NULL, token_hash TEXT NOT NULL,
  time_used_ms INTEGER NOT NULL, rematch INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, ply INTEGER NOT NULL,
  text TEXT NOT NULL, seat INTEGER NOT NULL, at_ms INTEGER NOT NULL,
  elapsed_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
INSERT INTO schema_version VALUES (1);
INSERT INTO games VALUES ('OldResign1', 'traverse', '', '', 'finished', 'north resigned', 1, 2,
  '', '');
INSERT INTO games VALUES ('OldPlaying', 'traverse', '', '', 'playing', '', 1, 3, '', '');
INSERT INTO moves VALUES ('OldResign1', 0, 'c1-b2', 0, 2, 1);
INSERT INTO moves VALUES ('OldPlaying', 0, 'c1-b2', 0, 3, 1);
)sql" + std::string("INSERT INTO seats VALUES ('OldResign1', 0, 'human', 0, '") +
                          hash + "', 1, 0), ('OldResign1', 1, 'human', 0, '" + hash +
                          "', 0, 0), ('OldPlaying', 0, 'human', 0, '" + hash +
                          "', 1, 0), ('OldPlaying', 1, 'human', 0, '" + hash + "', 0, 0);";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);

  start();
  const json resigned = game("OldResign1");
  EXPECT_EQ(resigned["status"], "finished");
  EXPECT_EQ(resigned["result"], "north resigned");
  EXPECT_EQ(resigned["returns"], json({1.0, -1.0}));
  EXPECT_EQ(resigned["to_move"], -1);
  EXPECT_EQ(get("/api/games?status=finished").parsed()["games"].size(), 1u);
  ASSERT_EQ(move("OldPlaying", "d10-e9", token).status, 200);
  EXPECT_EQ(game("OldPlaying")["ply"], 2);
}

TEST(Api, JsonKeepsTheDocumentedFieldsInOrder) {
  auto store = store::open_store(":memory:");
  ASSERT_TRUE(store.ok()) << store.error();
  Hub hub(std::shared_ptr<store::Store>(std::move(*store)), quick_options());
  Api api(hub, 0);
  Response created = api.handle({"POST", "/api/games",
                                 R"({"game":"traverse","seats":["human","open"],"public":true})",
                                 "", "t", "application/json"});
  ASSERT_EQ(created.status, 201) << created.body;
  const Ordered seated = Ordered::parse(created.body);
  EXPECT_EQ(keys_of(seated), (std::vector<std::string>{"game", "tokens"}));
  const std::vector<std::string> game_keys = {
      "id",         "game",       "params",     "position",   "start_position", "moves",
      "last_move",  "ply",        "to_move",    "status",     "result",         "aborted",
      "abortable",  "returns",    "seats",      "board",      "legal_count",    "thinking",
      "rematch_of", "rematch_id", "created_ms", "updated_ms", "time_control",   "rated",
      "now_ms",     "offers",     "claim_at_ms"};
  EXPECT_EQ(keys_of(seated["game"]), game_keys);
  EXPECT_EQ(seated["game"]["status"], "playing");
  EXPECT_EQ(seated["game"]["seats"][1]["kind"], "open");
  EXPECT_EQ(keys_of(seated["game"]["seats"][0]),
            (std::vector<std::string>{"player", "kind", "level", "time_used_ms", "rematch",
                                      "clock_ms", "flag_at_ms"}));
  EXPECT_EQ(keys_of(seated["game"]["offers"]), (std::vector<std::string>{"draw", "takeback"}));
  EXPECT_EQ(keys_of(seated["game"]["board"]),
            (std::vector<std::string>{"shape", "width", "height", "cells", "zones", "walls",
                                      "counters", "players"}));
  EXPECT_EQ(seated["game"]["returns"].dump(), "[0.0,0.0]");

  const Ordered list = Ordered::parse(api.handle({"GET", "/api/games", "", "", "t"}).body);
  std::vector<std::string> list_keys = game_keys;
  std::erase(list_keys, "board");
  EXPECT_EQ(keys_of(list["games"][0]), list_keys);

  Thinking t{1, 7, 35, 120000, 1500000, {"e10-e8", "d1-d2"}};
  EXPECT_EQ(event_text(GameEvent(t)),
            R"({"type":"thinking","seat":1,"depth":7,"score":35,"nodes":120000,)"
            R"("nps":1500000,"pv":["e10-e8","d1-d2"]})");
  EXPECT_EQ(Api::error_json("bad \xff"), "{\"error\":\"bad \xEF\xBF\xBD\"}");
  const std::string health = api.handle({"GET", "/api/health", "", "", "t"}).body;
  // The fields in order; the counts are whatever the queues hold at that moment.
  const Ordered checked = Ordered::parse(health);
  EXPECT_EQ(health.rfind(R"({"ok":true,"store":{"writable":true,"error":"",)", 0), 0u) << health;
  EXPECT_EQ(keys_of(checked["store"]),
            (std::vector<std::string>{"writable", "error", "queued", "capacity"}));
  EXPECT_EQ(keys_of(checked["ai"]), (std::vector<std::string>{"queued", "running", "capacity"}));
  EXPECT_LT(health.find("\"work\""), health.find("\"live_games\"")) << health;
  EXPECT_LT(health.find("\"legal\""), health.find("\"abandoned\"")) << health;
  EXPECT_EQ(api.handle({"GET", "/api/games?status=paused", "", "", "t"}).body,
            R"({"error":"status: expected playing or finished, got 'paused'"})");
}

}  // namespace
}  // namespace arbiter::server::test
