// The research face (games/game.h, docs/research.md) of every registered game, over each game's
// conformance parameter sets: decisions, masks, action texts, undo of decisions, observations
// and serialization, checked along random playouts with fixed seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "conformance/conformance_cases.h"
#include "core/rng.h"
#include "games/registry.h"

namespace arbiter::conformance {
namespace {

class Research : public ::testing::TestWithParam<Case> {};

std::vector<int> legal_of(const GameState& s) {
  std::vector<int> out;
  s.legal_actions(out);
  return out;
}

std::vector<float> observation(const GameState& s, int player) {
  const ActionSpace space = s.action_space();
  std::vector<float> out(static_cast<std::size_t>(space.channels) * space.height * space.width);
  s.observe(player, out);
  return out;
}

// The decisions open now: sorted, distinct, in range, the mask and the bitset, and each one's
// text reads back.
void check_decision_node(const GameState& s, int mover) {
  const ActionSpace space = s.action_space();
  const auto legal = legal_of(s);
  ASSERT_EQ(s.is_terminal(), legal.empty()) << s.to_text();
  ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
  ASSERT_TRUE(std::adjacent_find(legal.begin(), legal.end()) == legal.end());
  std::vector<uint8_t> mask(space.num_actions);
  s.legal_actions_mask(mask);
  std::vector<int> from_mask;
  for (int a = 0; a < space.num_actions; ++a) {
    if (mask[a]) from_mask.push_back(a);
  }
  ASSERT_EQ(from_mask, legal) << "mask != legal_actions in " << s.to_text();
  const std::span<const uint64_t> bits = s.legal_actions_bits();
  ASSERT_EQ(bits.size(), static_cast<std::size_t>(space.num_actions + 63) / 64);
  std::vector<int> from_bits;
  for (std::size_t w = 0; w < bits.size(); ++w) {
    for (int b = 0; b < 64; ++b) {
      if ((bits[w] >> b) & 1) from_bits.push_back(static_cast<int>(64 * w) + b);
    }
  }
  ASSERT_EQ(from_bits, legal) << "legal_actions_bits != legal_actions in " << s.to_text();
  if (!s.is_terminal()) {
    ASSERT_EQ(s.to_move(), mover) << "to_move changed within a move";
  }
  for (int a : legal) {
    ASSERT_GE(a, 0);
    ASSERT_LT(a, space.num_actions);
    const std::string text = s.action_to_string(a);
    auto back = s.string_to_action(text);
    ASSERT_TRUE(back.ok()) << text << ": " << back.error();
    ASSERT_EQ(*back, a) << text;
  }
}

// Every complete decision sequence from here plays one legal move, and every legal move is
// played by exactly one sequence (a bijection); taking back each decision restores the node.
void walk_decisions(GameState& s, int mover, std::map<std::string, int>& played) {
  check_decision_node(s, mover);
  if (::testing::Test::HasFatalFailure()) return;
  const auto legal = legal_of(s);
  const int pending = s.decisions_pending();
  const std::size_t history = s.history().size();
  for (int a : legal) {
    ASSERT_TRUE(s.apply_action(a).ok()) << s.action_to_string(a);
    if (s.decisions_pending() == 0) {
      ASSERT_EQ(s.history().size(), history + 1);
      ++played[s.history().back()];
    } else {
      ASSERT_EQ(s.decisions_pending(), pending + 1);
      ASSERT_EQ(s.history().size(), history);
      ASSERT_FALSE(s.apply("pass").ok()) << "a move text in the middle of a move";
      walk_decisions(s, mover, played);
      if (::testing::Test::HasFatalFailure()) return;
    }
    ASSERT_TRUE(s.undo());
    ASSERT_EQ(s.decisions_pending(), pending);
    ASSERT_EQ(legal_of(s), legal) << "undo of a decision";
  }
}

void check_bijection(const GameState& s) {
  auto copy = s.clone();
  std::map<std::string, int> played;
  walk_decisions(*copy, s.to_move(), played);
  if (::testing::Test::HasFatalFailure()) return;
  const auto moves = s.legal_moves();
  ASSERT_EQ(played.size(), moves.size()) << s.to_text();
  for (const auto& m : moves) {
    const auto it = played.find(m);
    ASSERT_NE(it, played.end()) << m << " has no decision sequence in " << s.to_text();
    ASSERT_EQ(it->second, 1) << m << " has " << it->second << " decision sequences";
  }
  ASSERT_EQ(copy->to_text(), s.to_text());
}

void check_round_trip(const GameState& s) {
  const std::string text = s.serialize();
  ASSERT_EQ(text.find('\n'), std::string::npos);
  auto back = s.game().deserialize(text);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
  const GameState& b = **back;
  ASSERT_EQ(b.serialize(), text);
  ASSERT_EQ(b.hash(), s.hash());
  ASSERT_EQ(b.to_text(), s.to_text());
  ASSERT_EQ(b.is_terminal(), s.is_terminal()) << text;
  ASSERT_EQ(b.returns(), s.returns());
  ASSERT_EQ(b.result_text(), s.result_text());
  ASSERT_EQ(b.decisions_pending(), s.decisions_pending());
  ASSERT_EQ(legal_of(b), legal_of(s));
  if (s.decisions_pending() == 0) {
    ASSERT_EQ(b.legal_moves(), s.legal_moves());
  }
  for (int p = 0; p < s.num_players(); ++p) ASSERT_EQ(observation(b, p), observation(s, p));
}

void check_observation(const GameState& s) {
  const ActionSpace space = s.action_space();
  ASSERT_GT(space.channels * space.height * space.width, 0);
  std::vector<std::vector<float>> seen;
  for (int p = 0; p < s.num_players(); ++p) {
    const auto o = observation(s, p);
    ASSERT_EQ(o, observation(s, p)) << "observation is not deterministic";
    for (float v : o) ASSERT_TRUE(v >= 0.0f && v <= 1.0f) << v;
    // Seat-relative: each seat sees the position its own way.
    for (const auto& other : seen) ASSERT_NE(o, other) << "two seats see the same planes";
    seen.push_back(o);
  }
}

// Plays random decisions to the end, checking each node, the round trips (mid-move included)
// and, every check_every moves, the bijection.
TEST_P(Research, RandomDecisionPlayouts) {
  const Case& c = GetParam();
  // One row observed over and over, as a batch keeps it, from game to game: observe_over()
  // must give observe()'s planes at every decision, whatever the row held before (mostly the
  // mover's view, every third decision the next player's).
  std::vector<float> row;
  ObservationOut::Record written;
  // Half the conformance games: each position here also walks every decision sequence.
  for (int g = 0; g < std::max(1, c.spec.games / (2 * kScale)); ++g) {
    Rng rng(2000 + g);
    auto state = start_state(c);
    ASSERT_TRUE(state);
    const ActionSpace space = state->action_space();
    ASSERT_GT(space.num_actions, 0);
    int decisions = 0;
    row.resize(observation(*state, 0).size());
    for (int move = 0; !state->is_terminal(); ++move) {
      // A Debug build (the sanitizer tree; kScale > 1) checks the positions of every kScale-th
      // move only: the same code runs, at a fraction of the cost; Release checks every position.
      const bool checked = move % kScale == 0;
      if (move % (c.spec.check_every * kScale) == 0) {
        check_bijection(*state);
        if (HasFatalFailure()) return;
      }
      if (checked) {
        check_observation(*state);
        check_round_trip(*state);
        if (HasFatalFailure()) return;
      }
      const int mover = state->to_move();
      const std::size_t history = state->history().size();
      const auto before = state->legal_moves();
      do {
        check_decision_node(*state, mover);
        if (HasFatalFailure()) return;
        const int observer = decisions % 3 == 2 ? (mover + 1) % state->num_players() : mover;
        state->observe_over(observer, row, written);
        ASSERT_EQ(row, observation(*state, observer))
            << "observe_over() for player " << observer << " at " << state->to_text();
        const auto legal = legal_of(*state);
        ASSERT_TRUE(state->apply_action(legal[rng.below(legal.size())]).ok());
        ++decisions;
        if (checked && state->decisions_pending() > 0) {
          check_round_trip(*state);
          check_observation(*state);
          if (HasFatalFailure()) return;
        }
      } while (state->decisions_pending() > 0);
      ASSERT_EQ(state->history().size(), history + 1);
      ASSERT_TRUE(std::binary_search(before.begin(), before.end(), state->history().back()));
    }
    check_round_trip(*state);
    ASSERT_TRUE(legal_of(*state).empty());
    if (space.max_game_length >= 0) {
      ASSERT_LE(decisions, space.max_game_length);
    }
    double sum = 0;
    for (double v : state->returns()) sum += v;
    ASSERT_NEAR(sum, 0.0, 1e-9);
  }
}

// assign() makes a state the copy clone() would make, over a state of the same game that holds
// another game (a batch restarts games so), mid-move included; a state of another game is
// refused and nothing changes.
TEST_P(Research, AssignCopiesInPlace) {
  const Case& c = GetParam();
  Rng rng(31);
  const auto play = [&](GameState& s, int decisions) {
    for (int i = 0; i < decisions && !s.is_terminal(); ++i) {
      const auto legal = legal_of(s);
      ASSERT_TRUE(s.apply_action(legal[rng.below(legal.size())]).ok());
    }
  };
  auto source = start_state(c);
  auto target = start_state(c);
  ASSERT_TRUE(source && target);
  play(*target, 60);
  play(*source, 7);
  ASSERT_TRUE(target->assign(*source));
  ASSERT_EQ(target->serialize(), source->serialize());
  ASSERT_EQ(target->history(), source->history());
  ASSERT_EQ(target->decisions_pending(), source->decisions_pending());
  ASSERT_EQ(legal_of(*target), legal_of(*source));
  ASSERT_EQ(observation(*target, 0), observation(*source, 0));
  // Both go on alike, and take back alike.
  for (int i = 0; i < 20 && !source->is_terminal(); ++i) {
    const auto legal = legal_of(*source);
    const int a = legal[rng.below(legal.size())];
    ASSERT_TRUE(source->apply_action(a).ok());
    ASSERT_TRUE(target->apply_action(a).ok());
    ASSERT_EQ(target->serialize(), source->serialize());
  }
  while (source->undo()) {
    ASSERT_TRUE(target->undo());
    ASSERT_EQ(target->serialize(), source->serialize());
  }
  ASSERT_FALSE(target->undo());
  for (const Game* other : all_games()) {
    if (other == c.game) continue;
    auto foreign = other->new_state(ParamMap{});
    ASSERT_TRUE(foreign.ok()) << foreign.error();
    const std::string before = target->serialize();
    ASSERT_FALSE(target->assign(**foreign));
    ASSERT_EQ(target->serialize(), before);
  }
}

// Bad input to the research face is a one-line error, and changes nothing.
TEST_P(Research, BadInputIsAnError) {
  const Case& c = GetParam();
  auto state = start_state(c);
  const ActionSpace space = state->action_space();
  const std::string before = state->serialize();
  for (int a : {-1, space.num_actions, 1 << 30}) {
    auto r = state->apply_action(a);
    ASSERT_FALSE(r.ok());
    ASSERT_EQ(r.error().find('\n'), std::string::npos);
  }
  std::vector<uint8_t> mask(space.num_actions);
  state->legal_actions_mask(mask);
  for (int a = 0; a < space.num_actions; ++a) {
    if (!mask[a]) {
      ASSERT_FALSE(state->apply_action(a).ok()) << a;
    }
  }
  ASSERT_FALSE(state->string_to_action("nonsense").ok());
  ASSERT_EQ(state->serialize(), before);
  const std::string bad[] = {
      "",
      "arbiter-state 1",
      "arbiter-state 2;" + std::string(c.game->name()) + ";;;;",
      before + ";",
      "arbiter-state 1;nosuchgame" + before.substr(before.find(';', 16)),
      before.substr(0, before.rfind(';')) + ";" + std::to_string(space.num_actions),
      before.substr(0, before.rfind(';')) + ";x",
      before.substr(0, before.rfind(';', before.rfind(';') - 1)) + ";zz;",
  };
  for (const std::string& text : bad) {
    auto r = c.game->deserialize(text);
    ASSERT_FALSE(r.ok()) << text;
    ASSERT_EQ(r.error().find('\n'), std::string::npos) << r.error();
  }
  // Every truncation of a mid-game text either reads or is a one-line error (never a crash).
  Rng rng(7);
  for (int i = 0; i < 12 && !state->is_terminal(); ++i) {
    const auto legal = legal_of(*state);
    ASSERT_TRUE(state->apply_action(legal[rng.below(legal.size())]).ok());
  }
  const std::string text = state->serialize();
  for (std::size_t n = 0; n < text.size(); ++n) {
    auto r = c.game->deserialize(text.substr(0, n));
    if (!r.ok()) {
      ASSERT_EQ(r.error().find('\n'), std::string::npos) << r.error();
    }
    std::string flipped = text;
    flipped[n] = flipped[n] == '0' ? '1' : '0';
    auto f = c.game->deserialize(flipped);
    if (!f.ok()) {
      ASSERT_EQ(f.error().find('\n'), std::string::npos) << f.error();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Research, ::testing::ValuesIn(all_cases()), case_name);

}  // namespace
}  // namespace arbiter::conformance
