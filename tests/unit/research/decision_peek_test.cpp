// A game's Actions::peek (games/decisions.h, games/trap/actions.h): the move a decision would
// complete, read without taking it, which a batch of games uses to fetch memory ahead. Where
// peek names a move it is the one take() completes, and peek changes nothing; and the hash
// State::hash_after() foresees for a move, which names the memory fetched, is the one apply()
// reaches.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "core/params.h"
#include "core/rng.h"
#include "games/trap/descriptor.h"
#include "games/travelers/descriptor.h"
#include "games/traverse/descriptor.h"

namespace arbiter {
namespace {

// Whether the move from `before` to `after` trapped a mover (P9): Trap's hash_after() leaves
// that out. No other game traps.
template <class State>
bool traps_a_mover(const State& before, const State& after) {
  if constexpr (requires { before.mover_trapped(0, 0); }) {
    for (int side = 0; side < 2; ++side) {
      for (int i = 0; i < trap::kMoversPerSide; ++i) {
        if (before.mover_trapped(side, i) != after.mover_trapped(side, i)) return true;
      }
    }
  }
  return false;
}

template <class Descriptor>
void check_peek(std::string_view params_text, int moves) {
  const auto params = Descriptor::parse_params(*ParamMap::parse(params_text));
  ASSERT_TRUE(params.ok());
  Result<typename Descriptor::State> state = Descriptor::State::start(*params);
  ASSERT_TRUE(state.ok());
  typename Descriptor::Actions actions(*params);
  Rng rng(11);
  int named = 0, foreseen_hashes = 0;
  std::vector<int> legal, again;
  for (int move = 0; move < moves && !state->is_terminal(); ++move) {
    for (;;) {
      legal.clear();
      actions.legal(*state, legal);
      ASSERT_FALSE(legal.empty());
      for (int a : legal) {
        typename Descriptor::State::Move peeked{}, taken{};
        const bool names = actions.peek(a, peeked);
        auto copy = actions;
        const bool completes = copy.take(*state, a, taken);
        if (!names) continue;
        ++named;
        ASSERT_TRUE(completes) << "peek named a move for a decision that completes none";
        ASSERT_TRUE(peeked == taken) << "peek and take differ on decision " << actions.text(a);
      }
      again.clear();
      actions.legal(*state, again);
      ASSERT_EQ(again, legal) << "peek changed the open decisions";
      typename Descriptor::State::Move played{};
      if (actions.take(*state, legal[rng.below(legal.size())], played)) {
        if constexpr (requires { state->hash_after(played); }) {
          const uint64_t foreseen = state->hash_after(played);
          const auto before = *state;
          state->apply(played);
          if (!traps_a_mover(before, *state)) {
            ASSERT_EQ(foreseen, state->hash()) << "hash_after at move " << move;
            ++foreseen_hashes;
          }
        } else {
          state->apply(played);
        }
        break;
      }
    }
  }
  EXPECT_GT(named, moves / 2) << "peek named too few moves to test anything";
  if constexpr (requires(const typename Descriptor::State& s, typename Descriptor::State::Move m) {
                  s.hash_after(m);
                }) {
    EXPECT_GT(foreseen_hashes, moves / 2) << "too few hashes foreseen to test anything";
  }
}

TEST(DecisionPeek, TrapNamesEachTurnsSecondAction) { check_peek<trap::Descriptor>("", 300); }
TEST(DecisionPeek, TraverseNamesTheMoveOfItsLastDecision) {
  check_peek<traverse::Descriptor>("players=2", 300);
  check_peek<traverse::Descriptor>("players=4 rules=expert", 300);
}
TEST(DecisionPeek, TravelersNamesTheMoveOfItsLastDecision) {
  check_peek<travelers::Descriptor>("", 300);
}

}  // namespace
}  // namespace arbiter
