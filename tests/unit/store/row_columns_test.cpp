// The columns both stores select and the rows they make of them (store/row_columns.h): each field
// of a game, a seat and a move comes from the column the list names for it; on every backend
// each field round-trips through those readers, and a row this arbiter cannot read is kCorrupt
// with the same message.
#include "store/row_columns.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <pqxx/pqxx>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "unit/store/store_backends.h"
#include "unit/store/store_rows.h"

namespace arbiter::store::testing {
namespace {

// A row given as column name -> value, its columns in the order of a column list ("g.id, …");
// the reader sees only the positions, as it does in a store.
class NamedColumns {
 public:
  NamedColumns(std::string_view list, std::map<std::string, std::string> values)
      : values_(std::move(values)) {
    while (!list.empty()) {
      const auto comma = list.find(", ");
      std::string_view name = list.substr(0, comma);
      if (name.starts_with("g.")) name.remove_prefix(2);
      names_.emplace_back(name);
      list = comma == std::string_view::npos ? "" : list.substr(comma + 2);
    }
  }
  std::string text(int i) const { return at(i); }
  int64_t int64(int i) const { return std::stoll(at(i)); }
  int int32(int i) const { return std::stoi(at(i)); }
  bool boolean(int i) const { return at(i) == "1"; }
  const std::vector<std::string>& names() const { return names_; }

 private:
  const std::string& at(int i) const { return values_.at(names_.at(static_cast<size_t>(i))); }
  std::map<std::string, std::string> values_;
  std::vector<std::string> names_;
};

// A game's columns: no two of one type hold the same value (the two flags are opposite), so a
// column read for another shows.
std::map<std::string, std::string> game_values() {
  return {{"id", "g7"},
          {"game", "trap"},
          {"params", "players=2"},
          {"position", "pos"},
          {"status", "finished"},
          {"result", "north resigned"},
          {"created_ms", "11"},
          {"updated_ms", "12"},
          {"rematch_of", "g6"},
          {"rematch_id", "g8"},
          {"resigned", "1"},
          {"listed", "0"},
          {"time_control", "3+2"},
          {"rated", "1"},
          {"seek_id", "13"},
          {"draw_offer", "2"},
          {"takeback_request", "3"},
          {"offers_ms", "14"}};
}

TEST(RowColumns, GameFieldsComeFromTheColumnsTheListNames) {
  const NamedColumns row(ARBITER_GAME_COLUMNS, game_values());
  // Every column listed is read, and every one the reader reads is listed.
  EXPECT_EQ(row.names().size(), game_values().size());
  auto g = game_from_columns(row, "load_game");
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->id, "g7");
  EXPECT_EQ(g->game, "trap");
  EXPECT_EQ(g->params, "players=2");
  EXPECT_EQ(g->position, "pos");
  EXPECT_EQ(g->status, GameStatus::kFinished);
  EXPECT_EQ(g->result, "north resigned");
  EXPECT_EQ(g->created_ms, 11);
  EXPECT_EQ(g->updated_ms, 12);
  EXPECT_EQ(g->rematch_of, "g6");
  EXPECT_EQ(g->rematch_id, "g8");
  EXPECT_EQ(g->resigned, 1);
  EXPECT_FALSE(g->listed);
  EXPECT_EQ(g->time_control, "3+2");
  EXPECT_TRUE(g->rated);
  EXPECT_EQ(g->seek_id, 13);
  EXPECT_EQ(g->draw_offer, 2);
  EXPECT_EQ(g->takeback_request, 3);
  EXPECT_EQ(g->offers_ms, 14);
  EXPECT_TRUE(g->seats.empty());
}

TEST(RowColumns, SeatAndMoveFieldsComeFromTheColumnsTheListNames) {
  const std::map<std::string, std::string> seat = {
      {"game_id", "g7"},     {"kind", "ai"},   {"level", "4"},   {"token_hash", "ab"},
      {"time_used_ms", "9"}, {"rematch", "1"}, {"account", "2"}, {"account_name", "bo"}};
  // As SQLite selects a game's seats, and as PostgreSQL selects several games' (the id first).
  using Layout = std::pair<std::string, int>;  // the column list, and where the seat's begin
  for (const auto& [list, first] :
       {Layout{ARBITER_SEAT_COLUMNS, 0}, Layout{"game_id, " ARBITER_SEAT_COLUMNS, 1}}) {
    const NamedColumns row(list, seat);
    EXPECT_EQ(row.names().size(), static_cast<size_t>(first + 7)) << list;
    auto s = seat_from_columns(row, first, "load_game", "g7");
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s->kind, SeatKind::kAi);
    EXPECT_EQ(s->level, 4);
    EXPECT_EQ(s->token_hash, "ab");
    EXPECT_EQ(s->time_used_ms, 9);
    EXPECT_TRUE(s->rematch);
    EXPECT_EQ(s->account, 2);
    EXPECT_EQ(s->account_name, "bo");
  }
  const NamedColumns move(
      ARBITER_MOVE_COLUMNS,
      {{"ply", "3"}, {"text", "c1-b2"}, {"seat", "1"}, {"at_ms", "20"}, {"elapsed_ms", "21"}});
  EXPECT_EQ(move.names().size(), 5u);
  const MoveRow m = move_from_columns(move);
  EXPECT_EQ(m.ply, 3);
  EXPECT_EQ(m.text, "c1-b2");
  EXPECT_EQ(m.seat, 1);
  EXPECT_EQ(m.at_ms, 20);
  EXPECT_EQ(m.elapsed_ms, 21);
}

TEST(RowColumns, UnknownStatusOrSeatKindIsCorrupt) {
  auto values = game_values();
  values["status"] = "paused";
  auto g = game_from_columns(NamedColumns(ARBITER_GAME_COLUMNS, values), "load_game");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.code(), ErrorCode::kCorrupt);
  EXPECT_EQ(g.error(), "load_game game g7: unknown status 'paused'");
  auto s = seat_from_columns(NamedColumns(ARBITER_SEAT_COLUMNS, {{"kind", "robot"}}), 0,
                             "list_games", "g7");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), ErrorCode::kCorrupt);
  EXPECT_EQ(s.error(), "list_games game g7: unknown seat kind 'robot'");
}

// The same readers on every backend, through its own driver.
class RowColumnsTest : public StoreTest {
 protected:
  // Runs `sql` on the test database beside the store, as another program would.
  void exec(const std::string& sql) {
    if (GetParam() == Backend::kPostgres) {
      pqxx::connection c(db_.url());
      pqxx::work w(c);
      w.exec(sql);
      w.commit();
      return;
    }
    const std::string path = db_.url().substr(std::string_view("sqlite:").size());
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
};

TEST_P(RowColumnsTest, EveryFieldRoundTrips) {
  auto store = open();
  ASSERT_TRUE(store);
  GameRow g = make_game("f1", 1000, {kAi, kHuman});
  g.position = "pos";
  g.status = GameStatus::kFinished;
  g.result = "south resigned";
  g.resigned = 0;
  g.rematch_of = "f0";
  g.rematch_id = "f2";
  g.listed = false;
  g.time_control = "3+2";
  g.rated = true;
  g.seek_id = 42;
  g.draw_offer = 1;
  g.takeback_request = 0;
  g.offers_ms = 1234;
  g.seats[0].time_used_ms = 77;
  g.seats[0].rematch = true;
  g.seats[1].account = 9;
  g.seats[1].account_name = "ann";
  ASSERT_TRUE(store->create_game(g).ok());
  ASSERT_TRUE(store->append_move(g, make_move(0)).ok());
  ASSERT_TRUE(store->append_move(g, make_move(1)).ok());

  auto loaded = store->load_game("f1");
  ASSERT_TRUE(loaded.ok() && loaded->has_value()) << loaded.error();
  auto listed = store->list_games(filter());
  ASSERT_TRUE(listed.ok()) << listed.error();
  ASSERT_EQ(listed->size(), 1u);
  for (const GameRow& got : {**loaded, listed->front()}) {
    expect_same(got, g);
    EXPECT_EQ(got.seek_id, 42);
    EXPECT_EQ(got.draw_offer, 1);
    EXPECT_EQ(got.takeback_request, 0);
    EXPECT_EQ(got.offers_ms, 1234);
    ASSERT_EQ(got.seats.size(), 2u);
    EXPECT_EQ(got.seats[1].account_name, "ann");
  }
  for (auto moves : {store->load_moves("f1"), store->load_moves_from("f1", 1)}) {
    ASSERT_TRUE(moves.ok()) << moves.error();
    ASSERT_FALSE(moves->empty());
    const MoveRow want = make_move(1);
    const MoveRow& got = moves->back();
    EXPECT_EQ(got.ply, want.ply);
    EXPECT_EQ(got.text, want.text);
    EXPECT_EQ(got.seat, want.seat);
    EXPECT_EQ(got.at_ms, want.at_ms);
    EXPECT_EQ(got.elapsed_ms, want.elapsed_ms);
  }
}

// A row this arbiter cannot read is corrupt, not a crash or a guess, in the same words on every
// backend.
TEST_P(RowColumnsTest, UnreadableRowsAreCorruptAlike) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->create_game(make_game("e1")).ok());
  exec("UPDATE games SET status = 'paused'");
  auto loaded = store->load_game("e1");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.code(), ErrorCode::kCorrupt);
  EXPECT_EQ(loaded.error(), "load_game game e1: unknown status 'paused'");
  exec("UPDATE games SET status = 'playing'; UPDATE seats SET kind = 'robot' WHERE seat = 1");
  auto listed = store->list_games(filter());
  ASSERT_FALSE(listed.ok());
  EXPECT_EQ(listed.code(), ErrorCode::kCorrupt);
  EXPECT_EQ(listed.error(), "list_games game e1: unknown seat kind 'robot'");
}

INSTANTIATE_TEST_SUITE_P(Backends, RowColumnsTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres), backend_name);

}  // namespace
}  // namespace arbiter::store::testing
