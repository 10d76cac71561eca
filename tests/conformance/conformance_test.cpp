// The conformance suite every game runs: random playouts with fixed seeds over each registered
// game's parameter sets (its descriptor's conformance cases), checking the invariants of the
// runtime interface at every ply.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "conformance/conformance_cases.h"
#include "core/rng.h"
#include "games/registry.h"
#include "records/record.h"

namespace arbiter::conformance {
namespace {

class Conformance : public ::testing::TestWithParam<Case> {};

void check_position(const Case& c, const GameState& s, bool deep) {
  const auto moves = s.legal_moves();
  ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end())) << s.to_text();
  ASSERT_TRUE(std::adjacent_find(moves.begin(), moves.end()) == moves.end())
      << "duplicate legal move in " << s.to_text();
  ASSERT_EQ(s.num_legal_moves(), moves.size()) << s.to_text();
  ASSERT_EQ(s.is_terminal(), moves.empty()) << s.to_text();
  ASSERT_EQ(s.hash(), s.compute_hash()) << s.to_text();

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
    ASSERT_EQ(copy->hash(), copy->compute_hash()) << m << " in " << text;
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
  for (int g = 0; g < std::max(1, c.spec.games / kScale); ++g) {
    Rng rng(1000 + g);
    auto start = start_state(c);
    ASSERT_TRUE(start);
    auto state = start->clone();
    for (int ply = 0;; ++ply) {
      check_position(c, *state, ply % c.spec.check_every == 0);
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

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(all_cases()), case_name);

// The suite covers every registered game: each declares at least one parameter set, and each
// set starts a game (a game without cases would pass the suite by never being played).
TEST(ConformanceCoverage, EveryRegisteredGameIsPlayed) {
  const auto cases = all_cases();
  for (const Game* game : all_games()) {
    const auto played =
        std::count_if(cases.begin(), cases.end(), [&](const Case& c) { return c.game == game; });
    EXPECT_GT(played, 0) << game->name() << " declares no conformance case";
  }
  for (const Case& c : cases) {
    auto params = ParamMap::parse(c.spec.params);
    ASSERT_TRUE(params.ok()) << c.game->name() << " " << c.spec.params;
    EXPECT_TRUE(c.game->new_state(*params).ok()) << c.game->name() << " " << c.spec.params;
    EXPECT_GT(c.spec.games, 0) << c.game->name() << " " << c.spec.params;
    EXPECT_GT(c.spec.check_every, 0) << c.game->name() << " " << c.spec.params;
  }
}

}  // namespace
}  // namespace arbiter::conformance
