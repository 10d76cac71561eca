// The conformance suite every game runs: random playouts with fixed seeds over each game's
// parameter sets, checking the invariants of the runtime interface at every ply.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/rng.h"
#include "games/registry.h"
#include "records/record.h"

namespace arbiter {
namespace {

struct Case {
  const char* game;
  const char* params;
  int games;        // playouts
  int check_every;  // the costlier checks (undo of every move, perft 2) run every this many plies
};

// One line per parameter set; each game adds its own.
const Case kCases[] = {
    {"traverse", "players=2 rules=basic max_plies=300", 12, 7},
    {"traverse", "players=2 rules=advanced max_plies=300", 12, 7},
    {"traverse", "players=2 rules=expert max_plies=300", 4, 11},
    {"traverse", "players=3 rules=basic max_plies=300", 8, 7},
    {"traverse", "players=4 rules=basic max_plies=300", 8, 7},
    {"traverse", "players=4 rules=expert max_plies=200", 3, 17},
    {"traverse", "seats=west,east rules=advanced arrangement=random seed=7 max_plies=200", 6, 7},
    {"traverse", "players=4 long_jumps=on circle_reversal=on max_plies=200", 3, 13},
    {"traverse", "players=2 max_plies=40", 20, 5},
    {"travelers", "", 12, 7},
    {"travelers", "max_plies=60", 10, 5},
    {"trap", "size=3 max_plies=150", 6, 7},
    {"trap", "size=3 walls=10", 6, 9},
    {"trap", "size=4 walls=20 max_plies=120", 2, 9},
    {"trap", "size=3 walls=0 max_plies=60", 3, 11},
    {"trap", "size=5 max_plies=12", 1, 12},
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.game << " " << c.params; }

// Debug+sanitizer builds play a quarter of the games.
#ifdef NDEBUG
constexpr int kScale = 1;
#else
constexpr int kScale = 4;
#endif

class Conformance : public ::testing::TestWithParam<Case> {};

std::unique_ptr<GameState> start_state(const Case& c) {
  const Game* game = find_game(c.game);
  EXPECT_NE(game, nullptr) << c.game;
  auto params = ParamMap::parse(c.params);
  EXPECT_TRUE(params.ok());
  auto state = game->new_state(*params);
  EXPECT_TRUE(state.ok()) << state.error();
  return std::move(*state);
}

void check_position(const Case& c, const GameState& s, bool deep) {
  const auto moves = s.legal_moves();
  ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end())) << s.to_text();
  ASSERT_TRUE(std::adjacent_find(moves.begin(), moves.end()) == moves.end())
      << "duplicate legal move in " << s.to_text();
  ASSERT_EQ(s.num_legal_moves(), moves.size()) << s.to_text();
  ASSERT_EQ(s.is_terminal(), moves.empty()) << s.to_text();
  ASSERT_EQ(s.hash(), s.recomputed_hash()) << s.to_text();

  const std::string text = s.to_text();
  auto parsed = s.game().parse_state(*ParamMap::parse(s.params_text()), text);
  ASSERT_TRUE(parsed.ok()) << parsed.error() << "\n" << text;
  ASSERT_EQ((*parsed)->to_text(), text);
  ASSERT_EQ((*parsed)->hash(), s.hash()) << text;
  if (!s.is_terminal()) {
    ASSERT_EQ((*parsed)->legal_moves(), moves) << text;
  }

  if (!deep) return;
  // Apply then undo restores the exact state, and every canonical move re-parses to itself.
  auto copy = s.clone();
  uint64_t perft2 = 0;
  for (const auto& m : moves) {
    ASSERT_TRUE(copy->apply(m).ok()) << m << " in " << text;
    ASSERT_EQ(copy->history().back(), m) << "canonical text is not stable in " << text;
    ASSERT_EQ(copy->hash(), copy->recomputed_hash()) << m << " in " << text;
    perft2 += copy->num_legal_moves();
    ASSERT_TRUE(copy->undo());
    ASSERT_EQ(copy->to_text(), text) << "undo of " << m;
    ASSERT_EQ(copy->hash(), s.hash()) << "undo of " << m;
  }
  ASSERT_EQ(s.perft(1), moves.size()) << text;
  ASSERT_EQ(s.perft(2), perft2) << text;
  (void)c;
}

TEST_P(Conformance, RandomPlayouts) {
  const Case& c = GetParam();
  for (int g = 0; g < std::max(1, c.games / kScale); ++g) {
    Rng rng(1000 + g);
    auto start = start_state(c);
    ASSERT_TRUE(start);
    auto state = start->clone();
    for (int ply = 0;; ++ply) {
      check_position(c, *state, ply % c.check_every == 0);
      if (HasFatalFailure()) return;
      if (state->is_terminal()) break;
      const auto moves = state->legal_moves();
      ASSERT_TRUE(state->apply(moves[rng.below(moves.size())]).ok());
    }
    // Returns sum to zero and name a result.
    const auto r = state->returns();
    ASSERT_EQ(static_cast<int>(r.size()), state->num_players());
    double sum = 0;
    for (double v : r) sum += v;
    ASSERT_NEAR(sum, 0.0, 1e-9);
    ASSERT_FALSE(state->result_text().empty());

    // The record round-trips: text -> record -> replay gives the same game.
    const std::string text = format_record(make_record(*start, *state));
    auto record = parse_record(text);
    ASSERT_TRUE(record.ok()) << record.error() << "\n" << text;
    ASSERT_EQ(format_record(*record), text);
    auto replay = replay_record(*record);
    ASSERT_TRUE(replay.ok()) << replay.error() << "\n" << text;
    ASSERT_EQ(replay->final->to_text(), state->to_text());
    ASSERT_EQ(replay->final->history(), state->history());
    ASSERT_EQ(replay->final->result_text(), state->result_text());

    // Undo all the way back to the start.
    while (state->undo()) {
    }
    ASSERT_EQ(state->to_text(), start->to_text());
    ASSERT_EQ(state->hash(), start->hash());
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return std::string(info.param.game) + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(kCases), case_name);

}  // namespace
}  // namespace arbiter
