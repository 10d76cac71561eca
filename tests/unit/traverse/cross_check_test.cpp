// The fast generator against the independent reference (reference_movegen.cpp): the sets of
// resulting boards must be equal in thousands of positions from random playouts and random
// hand-built positions, for every rule switch.
#include <gtest/gtest.h>

#include <algorithm>

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

// The number of squares a move text names before any '/'.
std::size_t route_squares(const std::string& text) {
  const std::string route = text.substr(0, text.find('/'));
  return 1 + static_cast<std::size_t>(std::count(route.begin(), route.end(), '-'));
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
  const auto lengths = reference::reference_route_lengths(
      to_ref(board_after(s, Move{})), s.seat(s.to_move()), ref_rules(s.params()));
  std::set<RefBoard> expected;
  for (const auto& [b, squares] : lengths) expected.insert(b);
  if (fast != expected) {
    // Name a few boards that only one side has, as position text.
    std::string only;
    const auto name = [&](const RefBoard& b, const char* side) {
      std::array<Piece, kSquares> board{};
      for (int i = 0; i < kSquares; ++i) board[i] = b[i] < 0 ? 0 : static_cast<Piece>(b[i] + 1);
      auto t = State::from_board(s.params(), board, s.seat(s.to_move()), 0);
      only += std::string("\n  only ") + side + ": " + (t.ok() ? t->to_text() : t.error());
    };
    int shown = 0;
    for (const auto& b : fast) {
      if (!expected.count(b) && shown++ < 3) name(b, "fast");
    }
    shown = 0;
    for (const auto& b : expected) {
      if (!fast.count(b) && shown++ < 3) name(b, "reference");
    }
    ADD_FAILURE() << s.to_text() << " (" << params_text(s.params()) << ") fast " << fast.size()
                  << " reference " << expected.size() << only;
  }
  EXPECT_EQ(s.count_moves(), moves.size()) << s.to_text();
  // Canonical text is the shortest route (docs/traverse.md) and parses back to the same move;
  // every move when there are few, else a sample (each text is a search of its own).
  const std::size_t stride = moves.size() <= 300 ? 1 : 1 + moves.size() / 16;
  for (std::size_t i = 0; i < moves.size(); i += stride) {
    const Move& m = moves[i];
    const std::string text = s.move_text(m);
    auto back = s.parse_move(text);
    EXPECT_TRUE(back.ok() && *back == m) << text << " in " << s.to_text();
    if (m.is_pass()) continue;
    const auto it = lengths.find(to_ref(board_after(s, m)));
    if (it != lengths.end()) {
      EXPECT_EQ(route_squares(text), static_cast<std::size_t>(it->second))
          << text << " is not a shortest spelling in " << s.to_text() << " ("
          << params_text(s.params()) << ")";
    }
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

// R15 with full start rows: random positions whose start rows are full or nearly so, with up to
// ten other pieces (circles among them) in the middle, so that lifted circles fall back to the
// middle or their destination row and placements interact.
TEST(TraverseCrossCheck, R15_CrowdedStartRowsMatchReference) {
  Rng rng(2024);
  const char* rules[] = {"players=4 circle_reversal=on", "players=3 rules=advanced",
                         "players=4 rules=expert", "players=2 rules=advanced"};
  int lifting = 0, home = 0;
  for (int i = 0; i < 1000 / kScale; ++i) {
    const Params p = testing::params_of(rules[i % std::size(rules)]);
    std::vector<Piece> pool;
    for (int seat : p.seats) {
      for (int kind = 0; kind < kKinds; ++kind) {
        pool.push_back(make_piece(seat, kind));
        pool.push_back(make_piece(seat, kind));
      }
    }
    for (std::size_t k = pool.size(); k > 1; --k) std::swap(pool[k - 1], pool[rng.below(k)]);
    std::array<Piece, kSquares> board{};
    for (int seat = 0; seat < kSeats; ++seat) {
      if (rng.below(3) == 0) continue;
      const int leave = static_cast<int>(rng.below(3));  // 0, 1 or 2 empty squares
      int filled = 0;
      for_each_square(kStartRow[seat], [&](Square sq) {
        if (filled < 8 - leave && !pool.empty()) {
          board[sq] = pool.back();
          pool.pop_back();
          ++filled;
        }
      });
    }
    // The circles left, then a few others, go to the middle (few pieces keep it quick).
    std::stable_partition(pool.begin(), pool.end(), [](Piece q) { return kind_of(q) == kCircle; });
    pool.resize(std::min<std::size_t>(pool.size(), 10));
    for (Piece piece : pool) {
      Square sq;
      do sq = static_cast<Square>(rng.below(kSquares));
      while (board[sq] || !(kMiddle & bit(sq)));
      board[sq] = piece;
    }
    const int mover = p.seats[rng.below(p.seats.size())];
    auto s = State::from_board(p, board, mover, 0);
    ASSERT_TRUE(s.ok()) << s.error();
    if (s->is_terminal()) continue;
    State::MoveList moves;
    s->generate(moves);
    for (const auto& m : moves) {
      for (int k = 0; k < m.lifts; ++k) {
        ++lifting;
        home += (kDestRow[seat_of(s->at(m.lifted[k]))] & bit(m.placed[k])) != 0;
      }
    }
    compare(*s);
    if (::testing::Test::HasFailure()) return;
  }
  // The positions do exercise R15, its fallback to the destination row included.
  EXPECT_GT(lifting, 10000 / kScale);
  EXPECT_GT(home, 1000 / kScale);
}

// Depth-2 agreement from positions where R15's fallback to the destination row is in play.
TEST(TraverseCrossCheck, R15_PerftTwoFromFullStartRowsMatchesReference) {
  const std::pair<const char*, const char*> cases[] = {
      {"players=2 rules=advanced", "1SsDsTsCsDnDnTnTn1/10/10/5Sn4/4Cn1Sn3/4SsCn4/10/10/10/10 s 0"},
      {"players=4 circle_reversal=on", "1SnDnTnCnTnDnSnSw1/10/10/10/4Cn5/4Ss5/10/10/10/2Ds7 s 0"},
  };
  for (const auto& [params, text] : cases) {
    State s = testing::position(params, text);
    const auto rules = ref_rules(s.params());
    uint64_t ref = 0;
    const auto first =
        reference::reference_successors(to_ref(board_after(s, Move{})), s.seat(s.to_move()), rules);
    const int next_seat = s.seat((s.to_move() + 1) % s.num_players());
    for (const auto& b : first) {
      const auto second = reference::reference_successors(b, next_seat, rules);
      ref += second.empty() ? 1 : second.size();
    }
    EXPECT_EQ(perft(s, 2), ref) << text;
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
