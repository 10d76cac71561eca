// The catalog drives the web UI: GET /api/catalog serves each registered game's descriptor (its
// title, summary, typed parameter schema, seatings, legend and click hints) so a client builds
// its parameter controls, seat choices, board legend and hints from it (docs/api.md).
#include <string>

#include "games/registry.h"
#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

class CatalogTest : public ServerTest {
 protected:
  // The catalog entry of `name`; fails the test when there is none.
  json entry(const std::string& name) {
    const json catalog = get("/api/catalog").parsed();
    for (const json& g : catalog["games"]) {
      if (g["name"] == name) return g;
    }
    ADD_FAILURE() << name << " is not in the catalog";
    return json::object();
  }
  static json param(const json& game, const std::string& name) {
    for (const json& p : game["params"]) {
      if (p["name"] == name) return p;
    }
    ADD_FAILURE() << name << " is not a parameter of " << game["name"];
    return json::object();
  }
};

constexpr const char* kTypeNames[] = {"int", "choice", "bool", "text"};

// Every registered game (the test build's Nim too) appears with its whole descriptor.
TEST_F(CatalogTest, EveryGameServesItsDescriptor) {
  const json catalog = get("/api/catalog").parsed();
  ASSERT_EQ(catalog["games"].size(), all_games().size());
  for (std::size_t i = 0; i < all_games().size(); ++i) {
    const Game& game = *all_games()[i];
    const json& g = catalog["games"][i];
    SCOPED_TRACE(std::string(game.name()));
    EXPECT_EQ(g["name"], game.name());
    EXPECT_EQ(g["title"], game.title());
    EXPECT_EQ(g["summary"], game.summary());
    ASSERT_EQ(g["params"].size(), game.param_specs().size());
    for (std::size_t k = 0; k < game.param_specs().size(); ++k) {
      const ParamSpec& spec = game.param_specs()[k];
      const json& p = g["params"][k];
      EXPECT_EQ(p["name"], spec.name);
      EXPECT_EQ(p["type"], kTypeNames[static_cast<int>(spec.type)]);
      EXPECT_EQ(p["default"], spec.default_value);
      EXPECT_EQ(p["help"], spec.help);
      EXPECT_EQ(p.contains("min") && p.contains("max"), spec.type == ParamType::kInt);
      if (spec.type == ParamType::kInt) {
        EXPECT_EQ(p["min"].get<int64_t>(), spec.min);
        EXPECT_EQ(p["max"].get<int64_t>(), spec.max);
      }
      EXPECT_EQ(p.contains("choices"), spec.type == ParamType::kChoice);
      if (spec.type == ParamType::kChoice) {
        EXPECT_EQ(p["choices"].size(), spec.choices.size());
      }
      EXPECT_EQ(p.contains("example"), spec.type == ParamType::kText);
    }
    ASSERT_EQ(g["seatings"].size(), game.seatings().size());
    for (std::size_t k = 0; k < game.seatings().size(); ++k) {
      const Seating& seating = game.seatings()[k];
      const json& s = g["seatings"][k];
      EXPECT_EQ(s["players"], seating.players);
      EXPECT_EQ(s["params"], seating.params);
      ASSERT_EQ(s["seats"].size(), seating.seats.size());
      for (std::size_t p = 0; p < seating.seats.size(); ++p) {
        EXPECT_EQ(s["seats"][p]["name"], seating.seats[p].name);
        EXPECT_EQ(s["seats"][p]["colour"], seating.seats[p].colour);
      }
    }
    EXPECT_TRUE(g["players_param"].is_string());
  }
  ASSERT_EQ(catalog["levels"].size(), 10u);
}

// Each game's legend (the glyph keys and zone kinds of its board views, the terminal's line) and
// its click hints come through as declared: the web draws and explains from these, not from
// game names.
TEST_F(CatalogTest, EveryGameServesItsLegendAndHints) {
  const json catalog = get("/api/catalog").parsed();
  ASSERT_EQ(catalog["games"].size(), all_games().size());
  for (std::size_t i = 0; i < all_games().size(); ++i) {
    const Game& game = *all_games()[i];
    const json& g = catalog["games"][i];
    SCOPED_TRACE(std::string(game.name()));
    const Legend& legend = game.legend();
    ASSERT_EQ(g["legend"]["glyphs"].size(), legend.glyphs.size());
    for (std::size_t k = 0; k < legend.glyphs.size(); ++k) {
      const json& e = g["legend"]["glyphs"][k];
      EXPECT_EQ(e["key"], legend.glyphs[k].key);
      EXPECT_EQ(e["tag"], legend.glyphs[k].tag);
      EXPECT_EQ(e["letters"], legend.glyphs[k].letters);
      EXPECT_EQ(e["description"], legend.glyphs[k].description);
    }
    ASSERT_EQ(g["legend"]["zones"].size(), legend.zones.size());
    for (std::size_t k = 0; k < legend.zones.size(); ++k) {
      EXPECT_EQ(g["legend"]["zones"][k]["kind"], legend.zones[k].kind);
      EXPECT_EQ(g["legend"]["zones"][k]["mark"], std::string(1, legend.zones[k].mark));
    }
    EXPECT_EQ(g["legend"]["line"], legend.line);
    EXPECT_EQ(g["hints"]["empty_cell"], game.hints().empty_cell);
    EXPECT_EQ(g["hints"]["bad_target"], game.hints().bad_target);
  }
  // A game's own hints, or the defaults.
  EXPECT_EQ(entry("trap")["hints"]["empty_cell"],
            "Click one of your movers, or a slot between two cells for a wall.");
  EXPECT_EQ(entry("traverse")["hints"]["bad_target"], ClickHints{}.bad_target);
  EXPECT_EQ(entry("traverse")["legend"]["zones"][1]["kind"], "goal");
  EXPECT_EQ(entry("trap")["legend"]["glyphs"][0]["tag"], "trapped");
}

// The test game's schema comes through as declared: heaps, an int 1.. with default 3.
TEST_F(CatalogTest, NimAppearsWithItsSchema) {
  const json nim = entry("nim");
  EXPECT_EQ(nim["title"], "Nim");
  const json heaps = param(nim, "heaps");
  EXPECT_EQ(heaps["type"], "int");
  EXPECT_EQ(heaps["default"], "3");
  EXPECT_EQ(heaps["min"], 1);
  EXPECT_EQ(nim["players_param"], "");
  ASSERT_EQ(nim["seatings"].size(), 1u);
  EXPECT_EQ(nim["seatings"][0]["seats"][0]["name"], "first");
}

// Traverse: players is an int 2-4 (default 2) and picks the seating; rules a choice of three.
TEST_F(CatalogTest, TraversePlayersPicksTheSeating) {
  const json traverse = entry("traverse");
  EXPECT_EQ(traverse["title"], "Traverse");
  const json players = param(traverse, "players");
  EXPECT_EQ(players["type"], "int");
  EXPECT_EQ(players["min"], 2);
  EXPECT_EQ(players["max"], 4);
  EXPECT_EQ(players["default"], "2");
  const json rules = param(traverse, "rules");
  EXPECT_EQ(rules["type"], "choice");
  EXPECT_EQ(rules["choices"], json::array({"basic", "advanced", "expert"}));
  EXPECT_EQ(rules["default"], "basic");
  EXPECT_EQ(param(traverse, "long_jumps")["type"], "bool");
  EXPECT_EQ(param(traverse, "seats")["type"], "text");

  EXPECT_EQ(traverse["players_param"], "players");
  ASSERT_EQ(traverse["seatings"].size(), 3u);
  const json four = traverse["seatings"][2];
  EXPECT_EQ(four["players"], 4);
  EXPECT_EQ(four["params"], "players=4");
  const json names = json::array({four["seats"][0]["name"], four["seats"][1]["name"],
                                  four["seats"][2]["name"], four["seats"][3]["name"]});
  EXPECT_EQ(names, json::array({"south", "west", "north", "east"}));
  EXPECT_EQ(four["seats"][0]["colour"], "green");

  const json size = param(entry("trap"), "size");
  EXPECT_EQ(size["min"], 3);
  EXPECT_EQ(size["max"], 8);
  EXPECT_EQ(entry("trap")["players_param"], "");
}

// A game made with a seating's parameters has exactly that seating's seats, in order: what the
// catalog offers is what the server plays.
TEST_F(CatalogTest, SeatingsAreWhatTheServerSeats) {
  const json catalog = get("/api/catalog").parsed();
  for (const json& g : catalog["games"]) {
    for (const json& seating : g["seatings"]) {
      SCOPED_TRACE(g["name"].get<std::string>() + " " + seating["params"].get<std::string>());
      json seats = json::array();
      for (std::size_t i = 0; i < seating["seats"].size(); ++i) seats.push_back("human");
      const json created = create(g["name"], seats, seating["params"]);
      const json& game = created["game"];
      ASSERT_EQ(game["seats"].size(), seating["seats"].size());
      for (std::size_t i = 0; i < seats.size(); ++i) {
        EXPECT_EQ(game["seats"][i]["player"], seating["seats"][i]["name"]);
        EXPECT_EQ(game["board"]["players"][i]["colour"], seating["seats"][i]["colour"]);
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::server::test
