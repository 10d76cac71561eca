// The fast generator against the independent reference (reference_movegen.cpp): the sets of
// resulting boards must be equal in thousands of positions from random playouts and random
// hand-built positions, for every rule switch.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/perft.h"
#include "games/traverse/chains.h"
#include "reference_movegen.h"
#include "test_util.h"

namespace arbiter::traverse {
namespace {

using reference::RefBoard;

// Debug+sanitizer builds run a tenth of the positions.
#ifdef NDEBUG
constexpr int kScale = 1;
#else
constexpr int kScale = 10;
#endif

RefBoard to_ref(const Board& b) {
  RefBoard r;
  for (int i = 0; i < kSquares; ++i) r[i] = b[i] ? static_cast<int8_t>(b[i] - 1) : int8_t{-1};
  return r;
}

reference::RefRules ref_rules(const Params& p) {
  return {p.long_jumps, p.circle_reversal, p.goal_anchor, p.reversal_from_goal};
}

// Compares one position; returns the number of moves.
std::size_t compare(const State& s) {
  State::MoveList moves;
  s.generate(moves);
  std::set<RefBoard> fast;
  for (const auto& m : moves) {
    if (!m.is_pass()) fast.insert(to_ref(board_after(s, m)));
  }
  EXPECT_EQ(fast.size(), moves.front().is_pass() ? 0 : moves.size()) << "duplicate resulting board";
  const auto expected = reference::reference_successors(to_ref(board_after(s, Move{})),
                                                        s.seat(s.to_move()), ref_rules(s.params()));
  EXPECT_EQ(fast, expected) << s.to_text() << " (" << params_text(s.params()) << ") fast "
                            << fast.size() << " reference " << expected.size();
  EXPECT_EQ(s.count_moves(), moves.size()) << s.to_text();
  // Canonical text parses back to the same move (a sample: parsing regenerates the moves).
  for (std::size_t i = 0; i < moves.size(); i += 1 + moves.size() / 8) {
    const Move& m = moves[i];
    auto back = s.parse_move(s.move_text(m));
    EXPECT_TRUE(back.ok() && *back == m) << s.move_text(m) << " in " << s.to_text();
  }
  return moves.size();
}

const char* kRuleSets[] = {
    "players=2 rules=basic",
    "players=2 rules=advanced",
    "players=2 rules=expert",
    "players=3 rules=advanced",
    "players=4 rules=basic",
    "players=4 rules=expert",
    "players=4 long_jumps=on",
    "players=4 circle_reversal=on",
    "players=3 goal_anchor=on",
    "seats=west,east circle_reversal=on reversal_from_goal=on arrangement=random seed=5",
};

TEST(TraverseCrossCheck, RandomPlayoutsMatchReference) {
  int positions = 0;
  for (const char* rules : kRuleSets) {
    for (int game = 0; game < 6 / (kScale > 1 ? 3 : 1); ++game) {
      Rng rng(game * 7919 + 1);
      State s = State::start(testing::params_of(std::string(rules) + " max_plies=150"));
      State::MoveList moves;
      while (!s.is_terminal()) {
        compare(s);
        ++positions;
        if (::testing::Test::HasFailure()) return;
        s.generate(moves);
        s.apply(moves[rng.below(moves.size())]);
      }
    }
  }
  EXPECT_GT(positions, 1500);
}

// Random hand-built positions: pieces anywhere, circles on side squares, crowded rows.
TEST(TraverseCrossCheck, RandomHandBuiltPositionsMatchReference) {
  Rng rng(12345);
  for (int i = 0; i < 1000 / kScale; ++i) {
    const Params p = testing::params_of(kRuleSets[i % std::size(kRuleSets)]);
    std::array<Piece, kSquares> board{};
    for (int seat : p.seats) {
      for (int kind = 0; kind < kKinds; ++kind) {
        for (int copy = 0; copy < 2; ++copy) {
          if (rng.below(4) == 0) continue;
          Square sq;
          do sq = static_cast<Square>(rng.below(kSquares));
          while (board[sq]);
          board[sq] = make_piece(seat, kind);
        }
      }
    }
    const int mover = p.seats[rng.below(p.seats.size())];
    auto s = State::from_board(p, board, mover, 0);
    ASSERT_TRUE(s.ok()) << s.error();
    if (s->is_terminal()) continue;
    compare(*s);
    if (::testing::Test::HasFailure()) return;
  }
}

// Depth-2 agreement: perft(2) from many mid-game positions equals the reference's count.
TEST(TraverseCrossCheck, PerftTwoMatchesReference) {
  Rng rng(99);
  for (const char* rules : {"players=2 rules=expert", "players=4 rules=advanced"}) {
    State s = State::start(testing::params_of(rules));
    State::MoveList moves;
    for (int ply = 0; ply < 120 && !s.is_terminal(); ++ply) {
      if (ply % 10 == 0) {
        uint64_t ref = 0;
        const auto ref_rules_ = ref_rules(s.params());
        const int next_seat = s.seat((s.to_move() + 1) % s.num_players());
        auto first = reference::reference_successors(to_ref(board_after(s, Move{})),
                                                     s.seat(s.to_move()), ref_rules_);
        if (first.empty()) continue;  // a pass: skip, the reference has no turn order
        for (const auto& b : first) {
          const auto second = reference::reference_successors(b, next_seat, ref_rules_);
          ref += second.empty() ? 1 : second.size();
        }
        State copy = s;
        EXPECT_EQ(perft(copy, 2), ref) << s.to_text();
      }
      s.generate(moves);
      s.apply(moves[rng.below(moves.size())]);
    }
  }
}

}  // namespace
}  // namespace arbiter::traverse
