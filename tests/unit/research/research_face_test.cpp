// The research face's documented layouts (docs/research.md) and the parts of a game that only
// serialize() carries: each test names the clause or table it pins down.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/text.h"
#include "games/registry.h"

namespace arbiter {
namespace {

std::unique_ptr<GameState> game_state(const char* game, const char* params, const char* moves) {
  auto s = find_game(game)->new_state(*ParamMap::parse(std::string_view(params)));
  EXPECT_TRUE(s.ok()) << s.error();
  for (auto m : split(moves)) EXPECT_TRUE((*s)->apply(m).ok()) << m;
  return std::move(*s);
}

std::vector<float> observe(const GameState& s, int player) {
  const ActionSpace a = s.action_space();
  std::vector<float> out(static_cast<std::size_t>(a.channels) * a.height * a.width);
  s.observe(player, out);
  return out;
}

std::unique_ptr<GameState> round_trip(const GameState& s) {
  auto back = s.game().deserialize(s.serialize());
  EXPECT_TRUE(back.ok()) << back.error();
  return std::move(*back);
}

// docs/research.md, the action and plane tables: sizes per parameter set.
TEST(ResearchSpaces, SizesFollowTheTables) {
  const ActionSpace traverse2 = game_state("traverse", "", "")->action_space();
  EXPECT_EQ(traverse2.num_actions, 201);
  EXPECT_EQ(traverse2.channels, 20);
  EXPECT_EQ(traverse2.max_game_length, 2000);
  const ActionSpace expert4 = game_state("traverse", "players=4 rules=expert", "")->action_space();
  EXPECT_EQ(expert4.num_actions, 1001);
  EXPECT_EQ(expert4.channels, 30);
  const ActionSpace trap = game_state("trap", "", "")->action_space();
  EXPECT_EQ(trap.num_actions, 6 * 61 + 156 + 1);
  EXPECT_EQ(trap.channels, 19);
  EXPECT_EQ(trap.height, 9);
  EXPECT_EQ(trap.width, 9);
  const ActionSpace travelers = game_state("travelers", "", "")->action_space();
  EXPECT_EQ(travelers.num_actions, 405);
  EXPECT_EQ(travelers.channels, 22);
}

// Traverse: a move is `from`, then `to`; ids are squares (a1 = 0) and 100 + square.
TEST(ResearchTraverse, FromThenTo) {
  auto s = game_state("traverse", "", "");
  std::vector<int> legal;
  s->legal_actions(legal);
  std::set<std::string> from_moves;
  for (const auto& m : s->legal_moves()) from_moves.insert("from " + m.substr(0, 2));
  std::set<std::string> from_actions;
  for (int a : legal) from_actions.insert(s->action_to_string(a));
  EXPECT_EQ(from_actions, from_moves);
  ASSERT_TRUE(s->apply_action(*s->string_to_action("from b1")).ok());
  ASSERT_TRUE(s->string_to_action("to b2").ok());
  EXPECT_EQ(*s->string_to_action("to b2"), 100 + 11);
  EXPECT_FALSE(s->string_to_action("to c2").ok());  // b1 is a square piece: straight lines only
  ASSERT_TRUE(s->apply_action(100 + 11).ok());
  EXPECT_EQ(s->history().back(), "b1-b2");
  EXPECT_EQ(s->to_move(), 1);
}

// Traverse planes: plane 0 is the observer's squares (kind S), the observer's seat plane is lit.
TEST(ResearchTraverse, PlanesStartAtTheObserver) {
  auto s = game_state("traverse", "", "");
  const auto south = observe(*s, 0);
  const auto north = observe(*s, 1);
  // b1 (South's square) is plane cell (h 9, w 1); b10 (North's) is (h 0, w 1).
  EXPECT_EQ(south[0 * 100 + 9 * 10 + 1], 1.0f);
  EXPECT_EQ(south[0 * 100 + 0 * 10 + 1], 0.0f);
  EXPECT_EQ(north[0 * 100 + 0 * 10 + 1], 1.0f);
  EXPECT_EQ(north[4 * 100 + 9 * 10 + 1], 1.0f);  // plane 4 (the next player's squares): South
  EXPECT_EQ(south[8 * 100], 1.0f);               // plane 4n: observer sits South
  EXPECT_EQ(north[(8 + 2) * 100], 1.0f);         // plane 4n + 2: observer sits North
  EXPECT_EQ(south[12 * 100], 1.0f);              // plane 4n+4: the observer is to move
  EXPECT_EQ(north[13 * 100], 1.0f);              // plane 4n+5: the next player is to move
}

// R19 counts every occurrence of a position: the record of serialize() keeps them, so a
// deserialized game reaches the third occurrence exactly when the original does.
TEST(ResearchTraverse, SerializeKeepsTheRepetitionRecordR19) {
  auto s = game_state("traverse", "",
                      "b1-b2 b10-b9 b2-b3 b9-b8 b3-b2 b8-b9 b2-b3 b9-b8");  // 2nd occurrence
  auto copy = round_trip(*s);
  for (const char* m : {"b3-b2", "b8-b9", "b2-b3", "b9-b8"}) {
    ASSERT_TRUE(s->apply(m).ok());
    ASSERT_TRUE(copy->apply(m).ok());
  }
  // Plane 5n + 9 (2 players: 19) is 1 at a third occurrence.
  EXPECT_EQ(observe(*s, 0)[19 * 100], 1.0f);
  EXPECT_EQ(observe(*copy, 0), observe(*s, 0));
  EXPECT_EQ(copy->serialize(), s->serialize());
}

// V13: threefold repetition (board, side, V11 ban) over the positions since the last capture;
// the record of serialize() carries them, so the deserialized game is drawn on the same ply.
TEST(ResearchTravelers, SerializeKeepsTheRepetitionRecordV13) {
  auto s = game_state("travelers", "", "e2-e3 e8-e7 e3-e2 e7-e8 e2-e3 e8-e7");
  auto copy = round_trip(*s);
  for (const char* m : {"e3-e2", "e7-e8"}) {
    ASSERT_TRUE(s->apply(m).ok());
    ASSERT_TRUE(copy->apply(m).ok());
  }
  EXPECT_TRUE(s->is_terminal());
  EXPECT_TRUE(copy->is_terminal()) << copy->serialize();
  EXPECT_EQ(copy->result_text(), s->result_text());
}

// An earlier position of the V13 record differs from the one after it by one move: at most four
// squares (from, to, the displaced piece's square and its drop square), each named once.
TEST(ResearchTravelers, RepetitionRecordEntriesAreOneMoveEach) {
  auto s = game_state("travelers", "", "e2-e3 e8-e7");
  const std::string text = s->serialize();
  ASSERT_NE(text.find(";e2Be3.,e7.e8b;"), std::string::npos) << text;
  const Game& game = s->game();
  const auto with_record = [&](const std::string& record) {
    std::string t = text;
    t.replace(t.find(";e2Be3.,e7.e8b;"), 15, ";" + record + ";");
    return game.deserialize(t);
  };
  ASSERT_TRUE(with_record("e2Be3.,e7.e8b").ok());
  auto five = with_record("e2Be3.,e7.e8bd1Wd2.a1R");
  ASSERT_FALSE(five.ok());
  EXPECT_NE(five.error().find("more squares change than one move changes"), std::string::npos)
      << five.error();
  auto twice = with_record("e2Be3.e2.,e7.e8b");
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().find("e2 is named twice"), std::string::npos) << twice.error();
}

// P11: plane 15 is (occurrences − 1) / 2 on the real cells, as the position arises, and again
// after a move is taken back.
TEST(ResearchTrap, RepetitionPlaneP11) {
  auto s = game_state("trap", "", "e7-e8-e9 e3-e2-e1 e9-e8-e7");
  const auto plane15 = [&] {
    const auto o = observe(*s, s->to_move());
    return *std::max_element(o.begin() + 15 * 81, o.begin() + 16 * 81);
  };
  EXPECT_EQ(plane15(), 0.0f);
  ASSERT_TRUE(s->apply("e1-e2-e3").ok());  // the start position again
  EXPECT_EQ(plane15(), 0.5f);
  ASSERT_TRUE(s->undo());
  EXPECT_EQ(plane15(), 0.0f);
  ASSERT_TRUE(s->apply("e1-e2-e3").ok());
  EXPECT_EQ(plane15(), 0.5f);
  EXPECT_EQ(round_trip(*s)->serialize(), s->serialize());
  EXPECT_EQ(observe(*round_trip(*s), 0), observe(*s, 0));
}

// Trap: the ids are 6 c + d (steps), 6 N + slot (walls), then pass; the first of two walls is
// the lower slot, so the highest free slot is never a first decision (P7: one sequence a turn).
TEST(ResearchTrap, StepAndWallIds) {
  auto s = game_state("trap", "size=3", "");
  const ActionSpace a = s->action_space();
  EXPECT_EQ(a.num_actions, 6 * 19 + 42 + 1);
  std::vector<int> legal;
  s->legal_actions(legal);
  EXPECT_EQ(s->action_to_string(6 * 19), "a1|a2");
  EXPECT_EQ(s->action_to_string(a.num_actions - 1), "pass");
  EXPECT_EQ(legal.back(), 6 * 19 + 40);  // slot 41, the highest, cannot come first
  const auto steps = std::count_if(legal.begin(), legal.end(), [](int id) { return id < 6 * 19; });
  EXPECT_GT(steps, 0);
  const int step = *s->string_to_action("b2-b1");
  ASSERT_TRUE(s->apply_action(step).ok());
  EXPECT_EQ(s->decisions_pending(), 1);
  ASSERT_TRUE(s->apply_action(*s->string_to_action("a1|a2")).ok());
  EXPECT_EQ(s->history().back(), "b2-b1,a1|a2");
  // Undo right after the move: back to its first decision.
  ASSERT_TRUE(s->undo());
  EXPECT_EQ(s->decisions_pending(), 1);
  EXPECT_TRUE(s->history().empty());
}

// Trap planes: the hex field in a (2 size − 1) square grid, plane 0 marking its real cells.
TEST(ResearchTrap, RealCellsPlane) {
  auto s = game_state("trap", "", "");
  const auto o = observe(*s, 0);
  int real = 0;
  for (int i = 0; i < 81; ++i) real += o[i] == 1.0f;
  EXPECT_EQ(real, 61);
  EXPECT_EQ(o[0], 0.0f);      // row i, number 1 is not a cell (i5–i9)
  EXPECT_EQ(o[8 * 9], 1.0f);  // a1: row a (h 8), number 1 (w 0)
}

// Trap, P6/P7 with the pile empty: a step is a first decision only when a second step can follow
// it, so the first decisions are exactly the first halves of the legal turns, each turn one
// sequence. Checked on the default field, where every mover has company (size 3 seldom does).
TEST(ResearchTrap, FirstStepsWithTheWallsGoneAreThoseOfTurns) {
  auto s = game_state("trap", "walls=4 max_plies=0", "");
  Rng rng(11);
  int checked = 0;
  for (int ply = 0; ply < 400 && !s->is_terminal() && checked < 40; ++ply) {
    const auto moves = s->legal_moves();
    const std::string position = s->to_text();
    const auto fields = split(position);  // "… PILE SIDE PLY": PILE is the walls left
    if (fields.size() >= 3 && fields[fields.size() - 3] == "0") {
      std::multiset<std::string> played;
      std::vector<int> first;
      s->legal_actions(first);
      for (int a : first) {
        auto c = s->clone();
        ASSERT_TRUE(c->apply_action(a).ok());
        std::vector<int> second;
        c->legal_actions(second);
        if (c->decisions_pending() == 0) {
          played.insert(c->history().back());
          continue;
        }
        ASSERT_FALSE(second.empty())
            << s->action_to_string(a) << " leads nowhere in " << s->to_text();
        for (int b : second) {
          auto d = c->clone();
          ASSERT_TRUE(d->apply_action(b).ok());
          played.insert(d->history().back());
        }
      }
      ASSERT_EQ(played, std::multiset<std::string>(moves.begin(), moves.end())) << s->to_text();
      ++checked;
    }
    ASSERT_TRUE(s->apply(moves[rng.below(moves.size())]).ok());
  }
  EXPECT_EQ(checked, 40);
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

// game.h's observe_over(): a row observed over and over gives observe()'s planes whatever
// happened to the game between two observations — a decision taken back, another taken in its
// place, the row's game replaced by a copy (a batch's reset) or by another game — and whoever
// observes. A decision that leaves the position as it was adds only its own marks to the row.
TEST(ResearchObserveOver, FollowsUndoCopiesAndAssignment) {
  for (const char* game : {"traverse", "travelers", "trap"}) {
    SCOPED_TRACE(game);
    auto s = game_state(game, "", "");
    std::vector<float> row(observe(*s, 0).size(), 0.0f);
    ObservationOut::Record record;
    const auto check = [&](const GameState& state, int player) {
      state.observe_over(player, row, record);
      ASSERT_EQ(row, observe(state, player)) << state.serialize();
    };
    Rng rng(7);
    const auto decide = [&](GameState& state) {
      std::vector<int> legal;
      state.legal_actions(legal);
      ASSERT_TRUE(state.apply_action(legal[rng.below(legal.size())]).ok());
    };
    for (int round = 0; round < 6; ++round) {
      check(*s, s->to_move());
      decide(*s);  // the first decision of a move: the position stays
      check(*s, s->to_move());
      ASSERT_TRUE(s->undo());  // taken back: the row holds one decision too many
      check(*s, s->to_move());
      decide(*s);
      check(*s, s->to_move());
      ASSERT_TRUE(s->undo());  // taken back and another taken, unobserved in between
      decide(*s);
      check(*s, s->to_move());
      check(*s, (s->to_move() + 1) % s->num_players());  // another observer, then the mover
      check(*s, s->to_move());
      auto copy = s->clone();  // the same content: the copy's next decision extends the row
      decide(*copy);
      check(*copy, copy->to_move());
      ASSERT_TRUE(s->assign(*copy));
      decide(*s);
      check(*s, s->to_move());
      while (s->decisions_pending() > 0) decide(*s);
      check(*s, s->to_move());
    }
    auto other = game_state(game, "", "");  // another game in the same row
    check(*other, 0);
  }
}

}  // namespace
}  // namespace arbiter
