// What every registered game declares about itself (games/descriptor_types.h) agrees with what
// the game does: the parameter schema with its parser, the seats with its positions and views,
// the bench positions and perft suite with what exists. Run for every game, as the conformance
// suite is.
#include <gtest/gtest.h>

#include <climits>
#include <filesystem>
#include <set>
#include <string>

#include "games/registry.h"

namespace arbiter {
namespace {

// The game's canonical parameters for `params`, or the parser's error.
Result<std::string> canonical(const Game& game, const std::string& params) {
  auto map = ParamMap::parse(params);
  if (!map) return make_error(map.error());
  auto state = game.new_state(*map);
  if (!state) return make_error(state.error());
  return (*state)->params_text();
}

bool accepted(const Game& game, const std::string& params) { return canonical(game, params).ok(); }

TEST(GameDescriptor, NamesAndTitlesAreUnique) {
  std::set<std::string_view> names, titles;
  for (const Game* game : all_games()) {
    EXPECT_TRUE(names.insert(game->name()).second) << game->name();
    EXPECT_TRUE(titles.insert(game->title()).second) << game->title();
    EXPECT_EQ(find_game(game->name()), game);
    EXPECT_FALSE(game->summary().empty()) << game->name();
  }
}

// A default in the schema is the parser's: writing it out changes nothing.
TEST(GameDescriptor, SchemaDefaultsAreTheParsersDefaults) {
  for (const Game* game : all_games()) {
    const auto plain = canonical(*game, "");
    ASSERT_TRUE(plain.ok()) << game->name() << ": " << plain.error();
    for (const ParamSpec& p : game->param_specs()) {
      if (p.default_value.empty()) continue;
      const std::string written = std::string(p.name) + "=" + std::string(p.default_value);
      const auto with = canonical(*game, written);
      ASSERT_TRUE(with.ok()) << game->name() << " " << written << ": " << with.error();
      EXPECT_EQ(*with, *plain) << game->name() << " " << written;
    }
  }
}

// The parser takes every value the schema allows and rejects the nearest ones it does not.
TEST(GameDescriptor, SchemaBoundsAndChoicesAreTheParsers) {
  for (const Game* game : all_games()) {
    for (const ParamSpec& p : game->param_specs()) {
      const std::string key = std::string(p.name) + "=";
      switch (p.type) {
        case ParamType::kInt:
          EXPECT_TRUE(accepted(*game, key + std::to_string(p.min))) << game->name() << " " << key;
          EXPECT_TRUE(accepted(*game, key + std::to_string(p.max))) << game->name() << " " << key;
          if (p.min > INT64_MIN) {
            EXPECT_FALSE(accepted(*game, key + std::to_string(p.min - 1))) << key << p.min - 1;
          }
          if (p.max < INT64_MAX) {
            EXPECT_FALSE(accepted(*game, key + std::to_string(p.max + 1))) << key << p.max + 1;
          }
          break;
        case ParamType::kChoice:
          EXPECT_FALSE(p.choices.empty()) << game->name() << " " << key;
          for (auto c : p.choices) {
            EXPECT_TRUE(accepted(*game, key + std::string(c))) << game->name() << " " << key << c;
          }
          EXPECT_FALSE(accepted(*game, key + "none-of-these")) << game->name() << " " << key;
          break;
        case ParamType::kBool:
          EXPECT_TRUE(accepted(*game, key + "on")) << game->name() << " " << key;
          EXPECT_TRUE(accepted(*game, key + "off")) << game->name() << " " << key;
          EXPECT_FALSE(accepted(*game, key + "sometimes")) << game->name() << " " << key;
          break;
        case ParamType::kText:
          if (!p.example.empty()) {
            EXPECT_TRUE(accepted(*game, key + std::string(p.example))) << game->name() << key;
          }
          break;
      }
      EXPECT_FALSE(p.help.empty()) << game->name() << " " << key;
    }
    EXPECT_FALSE(accepted(*game, "no_such_parameter=1")) << game->name();
  }
}

// The help text is made from the schema, a line per parameter: one source.
TEST(GameDescriptor, ParamsHelpComesFromTheSchema) {
  for (const Game* game : all_games()) {
    EXPECT_EQ(game->params_help(), params_help_text(game->param_specs())) << game->name();
    const std::string help(game->params_help());
    std::size_t lines = 0;
    for (std::size_t at = 0; (at = help.find('\n', at)) != std::string::npos; ++at) ++lines;
    EXPECT_EQ(lines, game->param_specs().size()) << help;
    for (const ParamSpec& p : game->param_specs()) {
      EXPECT_NE(help.find(std::string(p.name) + "="), std::string::npos) << help;
    }
  }
}

// Each seating is what the game plays: its players' names and colours, in turn order.
TEST(GameDescriptor, SeatingsAreThePlayers) {
  for (const Game* game : all_games()) {
    ASSERT_FALSE(game->seatings().empty()) << game->name();
    for (const Seating& seating : game->seatings()) {
      auto map = ParamMap::parse(seating.params);
      ASSERT_TRUE(map.ok());
      auto state = game->new_state(*map);
      ASSERT_TRUE(state.ok()) << game->name() << " " << seating.params;
      ASSERT_EQ((*state)->num_players(), seating.players) << game->name() << " " << seating.params;
      ASSERT_EQ(static_cast<int>(seating.seats.size()), seating.players) << game->name();
      const BoardView view = (*state)->view();
      ASSERT_EQ(static_cast<int>(view.players.size()), seating.players) << game->name();
      for (int p = 0; p < seating.players; ++p) {
        EXPECT_EQ((*state)->player_name(p), seating.seats[p].name) << game->name() << " " << p;
        EXPECT_EQ(view.players[p].colour, seating.seats[p].colour) << game->name() << " " << p;
      }
    }
  }
}

// Bench positions start under their parameters and ask for one kind of search; a named perft
// suite is a file of bench/suites/.
TEST(GameDescriptor, BenchPositionsAndPerftSuiteExist) {
  for (const Game* game : all_games()) {
    for (const BenchPosition& p : game->bench_positions()) {
      EXPECT_TRUE(accepted(*game, std::string(p.params))) << game->name() << " " << p.params;
      EXPECT_NE(p.depth > 0, p.playouts > 0) << game->name() << ": depth or playouts, not both";
    }
    if (game->perft_suite().empty()) continue;
    const auto suite = std::filesystem::path(ARBITER_SOURCE_DIR) / "bench" / "suites" /
                       (std::string(game->perft_suite()) + ".txt");
    EXPECT_TRUE(std::filesystem::exists(suite)) << suite;
  }
}

}  // namespace
}  // namespace arbiter
