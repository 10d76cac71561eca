// The server's parts that need no socket: tokens, the rate limiter, and the API called as a
// function (what the request fuzzer drives).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/params.h"
#include "games/registry.h"
#include "server/accounts/tokens.h"
#include "server/http/api.h"
#include "server/http/api_json.h"
#include "server/http/json_writer.h"
#include "server/net/rate_limiter.h"
#include "server/play/views.h"
#include "store/store.h"

namespace arbiter::server {
namespace {

// A hub whose AI answers at once, on one thread.
HubOptions quick_options() {
  HubOptions o;
  o.ai_movetime = 0.01;
  o.ai_workers = 1;
  return o;
}

using nlohmann::json;

TEST(Tokens, AreRandomHexAndHashConsistently) {
  const std::string a = new_token(), b = new_token();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_TRUE(same_hash(hash_token(a), hash_token(a)));
  EXPECT_FALSE(same_hash(hash_token(a), hash_token(b)));
  EXPECT_EQ(hash_token("zz"), "");
  EXPECT_EQ(hash_token(std::string(32, 'g')), "");
  EXPECT_FALSE(same_hash("", ""));
  EXPECT_TRUE(valid_game_id(new_game_id()));
  EXPECT_FALSE(valid_game_id("../x"));
  EXPECT_FALSE(valid_game_id(""));
}

TEST(RateLimiter, RefillsAtItsRateWithADoubleBurst) {
  RateLimiter limiter(10);
  const auto t0 = RateLimiter::Clock::now();
  int allowed = 0;
  for (int i = 0; i < 30; ++i) allowed += limiter.allow("a", t0) ? 1 : 0;
  EXPECT_EQ(allowed, 20);
  EXPECT_TRUE(limiter.allow("b", t0));  // per address
  EXPECT_FALSE(limiter.allow("a", t0 + std::chrono::milliseconds(50)));
  EXPECT_TRUE(limiter.allow("a", t0 + std::chrono::milliseconds(150)));
  RateLimiter off(0);
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(off.allow("a", t0));
}

TEST(JsonWriter, WritesValidJson) {
  std::string out;
  JsonWriter w(out);
  w.begin_object();
  w.key("s").value("a\"b\\c\n\x01");
  w.key("list").begin_array().value(1).value(-1.0).value(0.5).value(true).null().end_array();
  w.key("empty").begin_object().end_object();
  w.key("names").value(std::vector<std::string>{"x", "y"});
  w.end_object();
  const json j = json::parse(out);
  EXPECT_EQ(j["s"], "a\"b\\c\n\x01");
  EXPECT_EQ(j["list"], json::parse("[1, -1.0, 0.5, true, null]"));
  EXPECT_TRUE(j["empty"].is_object());
  EXPECT_EQ(j["names"], json({"x", "y"}));
}

// The server's one JSON writer writes what nlohmann's dump(-1, ' ', false, replace) writes: the
// same escapes, U+FFFD for each ill-formed UTF-8 sequence, integral doubles with a fraction.
TEST(JsonWriter, WritesWhatNlohmannWrites) {
  const std::vector<std::string> strings = {"plain",
                                            "quote \" backslash \\",
                                            "\b\f\n\r\t\x01\x1f\x7f",
                                            "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82",
                                            "\xff",
                                            "a\xc3",
                                            "\xc3(",
                                            "\xe2\x82",
                                            "\xe2\x82(",
                                            "\xed\xa0\x80",
                                            "\xf4\x90\x80\x80",
                                            "\xf0\x80\x80\x80x",
                                            "\xc0\xaf",
                                            "\x80\x80",
                                            "ok\xf0\x9f\x99",
                                            "\xe0\x80\xaf",
                                            "\xf1\x80\x80\xff",
                                            std::string("nul\0in", 6)};
  for (const std::string& s : strings) {
    std::string out;
    JsonWriter(out).value(s);
    EXPECT_EQ(out, json(s).dump(-1, ' ', false, json::error_handler_t::replace))
        << ::testing::PrintToString(s);
  }
  std::string numbers;
  JsonWriter w(numbers);
  w.begin_array().value(1.0).value(-1.0).value(0.0).value(1.0 / 3).value(0.5).end_array();
  EXPECT_EQ(numbers, json({1.0, -1.0, 0.0, 1.0 / 3, 0.5}).dump());
}

json counters_json(const std::vector<ViewCounter>& counters) {
  json out = json::array();
  for (const ViewCounter& c : counters) {
    out.push_back({{"label", c.label}, {"value", c.value}, {"text", c.text}});
  }
  return out;
}

// The board as the API and the WebSocket send it (docs/api.md), for every game: the generic
// view's fields only (glyph, tags, zones, counters), the same keys whatever the game.
TEST(Views, BoardJson) {
  for (const Game* game : all_games()) {
    for (const char* params : {"", "players=4"}) {
      auto parsed = ParamMap::parse(std::string(params));
      ASSERT_TRUE(parsed.ok());
      auto state = game->new_state(*parsed);
      if (!state) continue;  // players=4 is Traverse's only
      for (int ply = 0; ply < 12 && !(*state)->is_terminal(); ++ply) {
        const BoardView view = (*state)->view();
        std::string out;
        JsonWriter w(out);
        write_board(w, view);
        const json j = json::parse(out);
        for (const char* key :
             {"shape", "width", "height", "cells", "zones", "walls", "counters", "players"}) {
          ASSERT_TRUE(j.contains(key)) << key;
        }
        ASSERT_EQ(j["cells"].size(), view.cells.size());
        for (std::size_t i = 0; i < view.cells.size(); ++i) {
          const ViewCell& c = view.cells[i];
          const json& jc = j["cells"][i];
          ASSERT_EQ(jc, json({{"name", c.name},
                              {"col", c.col},
                              {"row", c.row},
                              {"glyph", c.glyph},
                              {"owner", c.owner},
                              {"tags", c.tags}}))
              << game->name() << " ply " << ply;
        }
        ASSERT_EQ(j["zones"].size(), view.zones.size());
        for (std::size_t i = 0; i < view.zones.size(); ++i) {
          const ViewZone& z = view.zones[i];
          ASSERT_EQ(j["zones"][i],
                    json({{"kind", z.kind}, {"owner", z.owner}, {"cells", z.cells}}));
        }
        ASSERT_EQ(j["players"].size(), view.players.size());
        for (std::size_t i = 0; i < view.players.size(); ++i) {
          const ViewPlayer& p = view.players[i];
          ASSERT_EQ(j["players"][i], json({{"name", p.name},
                                           {"colour", p.colour},
                                           {"forward", p.forward},
                                           {"pieces", p.pieces},
                                           {"counters", counters_json(p.counters)},
                                           {"to_move", p.to_move},
                                           {"summary", p.summary}}));
        }
        ASSERT_EQ(j["walls"], json(view.walls));
        ASSERT_EQ(j["counters"], counters_json(view.counters));
        const auto moves = (*state)->legal_moves();
        ASSERT_TRUE((*state)->apply(moves[static_cast<std::size_t>(ply * 7) % moves.size()]).ok());
      }
    }
  }
}

TEST(Api, AnswersWithoutSockets) {
  auto store = store::open_store(":memory:");
  ASSERT_TRUE(store.ok()) << store.error();
  Hub hub(std::shared_ptr<store::Store>(std::move(*store)), quick_options());
  Api api(hub, 0);
  Response created =
      api.handle({"POST", "/api/games", R"({"game":"trap"})", "", "t", "application/json"});
  ASSERT_EQ(created.status, 201) << created.body;
  const json c = json::parse(created.body);
  const std::string id = c["game"]["id"];
  const std::string token = c["tokens"]["0"];
  Response moved = api.handle({"POST", "/api/games/" + id + "/moves",
                               R"({"move":"c3-b2,e7-d6","ply":0})", "Bearer " + token, "t"});
  EXPECT_EQ(moved.status, 200) << moved.body;
  EXPECT_EQ(api.handle({"POST", "/api/games/" + id + "/moves", R"({"move":"c3-b2,e7-d6"})",
                        "Bearer " + token, "t"})
                .status,
            400);
  EXPECT_EQ(api.handle({"GET", "/api/games/" + id + "/record", "", "", "t"}).content_type,
            "text/plain; charset=utf-8");
  EXPECT_EQ(api.handle({"PUT", "/api/catalog", "", "", "t"}).status, 405);
  EXPECT_EQ(api.handle({"GET", "/api/games/" + id + "/legal?clicks=%zz,,", "", "", "t"}).status,
            200);
}

// Past the cap, idle games leave memory and come back from the store, moves and seats intact.
TEST(Hub, DropsIdleGamesAndReloadsThem) {
  auto store = store::open_store(":memory:");
  ASSERT_TRUE(store.ok()) << store.error();
  HubOptions options = quick_options();
  options.max_live_games = 2;
  Hub hub(std::shared_ptr<store::Store>(std::move(*store)), options);
  Api api(hub, 0);
  std::vector<std::pair<std::string, std::string>> games;  // id, token
  for (int i = 0; i < 5; ++i) {
    Response created =
        api.handle({"POST", "/api/games", R"({"game":"trap"})", "", "t", "application/json"});
    ASSERT_EQ(created.status, 201) << created.body;
    const json c = json::parse(created.body);
    games.emplace_back(c["game"]["id"], c["tokens"]["0"]);
    EXPECT_LE(hub.live_games(), 2u);
  }
  const auto& [id, token] = games.front();
  Response moved = api.handle({"POST", "/api/games/" + id + "/moves",
                               R"({"move":"c3-b2,e7-d6","ply":0})", "Bearer " + token, "t"});
  ASSERT_EQ(moved.status, 200) << moved.body;
  for (const auto& [other, unused] : games) {
    ASSERT_EQ(api.handle({"GET", "/api/games/" + other, "", "", "t"}).status, 200);
    EXPECT_LE(hub.live_games(), 2u);
  }
  const json back = json::parse(api.handle({"GET", "/api/games/" + id, "", "", "t"}).body);
  EXPECT_EQ(back["ply"], 1) << back.dump();
  // The seat token (both seats: a hot-seat game) still holds after the reload.
  Response again = api.handle({"POST", "/api/games/" + id + "/moves",
                               R"({"move":"c5-b4,g7-h8","ply":1})", "Bearer " + token, "t"});
  EXPECT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(api.handle({"POST", "/api/games/" + id + "/moves", R"({"move":"c3-c4","ply":2})",
                        "Bearer " + std::string(32, '0'), "t"})
                .status,
            401);
}

}  // namespace
}  // namespace arbiter::server
