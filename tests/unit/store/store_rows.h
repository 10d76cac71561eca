// The rows the store tests write and the checks they read them back with, shared by the tests of
// every backend (store_contract_test.cpp) and of SQLite's file (sqlite_store_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace arbiter::store::testing {

inline constexpr SeatKind kHuman = SeatKind::kHuman, kAi = SeatKind::kAi, kOpen = SeatKind::kOpen;

inline GameRow make_game(const std::string& id, int64_t updated_ms = 1000,
                         std::vector<SeatKind> kinds = {kHuman, kAi}) {
  GameRow g;
  g.id = id;
  g.game = "traverse";
  g.params = "players=2 rules=basic";
  g.status = GameStatus::kPlaying;
  g.created_ms = 500;
  g.updated_ms = updated_ms;
  for (const SeatKind kind : kinds) {
    SeatRow s;
    s.kind = kind;
    s.level = kind == kAi ? 5 : 0;
    s.token_hash = kind == kHuman ? "ab12" + id : "";
    g.seats.push_back(s);
  }
  return g;
}

inline MoveRow make_move(int ply) {
  return MoveRow{ply, "m" + std::to_string(ply), ply % 2, 2000 + ply, 10 * ply};
}

inline void expect_same(const GameRow& a, const GameRow& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.resigned, b.resigned);
  EXPECT_EQ(a.created_ms, b.created_ms);
  EXPECT_EQ(a.updated_ms, b.updated_ms);
  EXPECT_EQ(a.rematch_of, b.rematch_of);
  EXPECT_EQ(a.rematch_id, b.rematch_id);
  EXPECT_EQ(a.listed, b.listed);
  EXPECT_EQ(a.time_control, b.time_control);
  EXPECT_EQ(a.rated, b.rated);
  ASSERT_EQ(a.seats.size(), b.seats.size());
  for (std::size_t i = 0; i < a.seats.size(); ++i) {
    EXPECT_EQ(a.seats[i].kind, b.seats[i].kind) << i;
    EXPECT_EQ(a.seats[i].level, b.seats[i].level) << i;
    EXPECT_EQ(a.seats[i].token_hash, b.seats[i].token_hash) << i;
    EXPECT_EQ(a.seats[i].time_used_ms, b.seats[i].time_used_ms) << i;
    EXPECT_EQ(a.seats[i].rematch, b.seats[i].rematch) << i;
    EXPECT_EQ(a.seats[i].account, b.seats[i].account) << i;
  }
}

inline GameFilter filter(std::vector<std::string> ids = {}, bool open_only = false,
                         std::optional<GameStatus> status = std::nullopt, int limit = 50) {
  GameFilter f;
  f.ids = std::move(ids);
  f.open_only = open_only;
  f.status = status;
  f.limit = limit;
  return f;
}

inline std::vector<std::string> ids_of(const std::vector<GameRow>& games) {
  std::vector<std::string> ids;
  for (const GameRow& g : games) ids.push_back(g.id);
  return ids;
}

}  // namespace arbiter::store::testing
