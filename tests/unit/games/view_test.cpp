// Board views and move parts (games/board_view.h) for every game: the start positions, every
// legal move's clicks and path, moves already played and malformed text.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/registry.h"

namespace arbiter {
namespace {

std::unique_ptr<GameState> start(const std::string& game, const std::string& params = "") {
  auto map = ParamMap::parse(params);
  EXPECT_TRUE(map.ok());
  auto s = find_game(game)->new_state(*map);
  EXPECT_TRUE(s.ok()) << s.error();
  return std::move(*s);
}

const ViewCell* cell(const BoardView& v, const std::string& name) {
  for (const auto& c : v.cells) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::map<int, int> pieces_per_owner(const BoardView& v) {
  std::map<int, int> out;
  for (const auto& c : v.cells) {
    if (!c.piece.empty()) ++out[c.owner];
  }
  return out;
}

void expect_distinct_layout(const BoardView& v) {
  std::set<std::pair<int, int>> seen;
  std::set<std::string> names;
  for (const auto& c : v.cells) {
    EXPECT_TRUE(seen.insert({c.col, c.row}).second) << c.name;
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_GE(c.row, 0);
    EXPECT_LT(c.row, v.height);
    EXPECT_GE(c.col, 0);
  }
}

// Every legal move: its parts parse, the text is the canonical one, each click order starts on
// a piece of the mover (or an empty slot), and after the move the path ends on a mover's piece.
// The parts are the same when asked after the move is played.
void check_every_move(const GameState& s) {
  const BoardView before = s.view();
  const int mover = s.to_move();
  for (const auto& m : s.legal_moves()) {
    auto parts = s.move_parts(m);
    ASSERT_TRUE(parts.ok()) << m << ": " << parts.error();
    EXPECT_EQ(parts->text, m);
    if (m == "pass") continue;
    ASSERT_FALSE(parts->clicks.empty()) << m;
    for (const auto& order : parts->clicks) {
      ASSERT_FALSE(order.empty()) << m;
      if (order.front().find('|') != std::string::npos) {
        EXPECT_TRUE(before.shape == "hex") << m;
        for (const auto& w : before.walls) EXPECT_NE(w, order.front()) << m;
      } else {
        const ViewCell* c = cell(before, order.front());
        ASSERT_NE(c, nullptr) << m;
        EXPECT_EQ(c->owner, mover) << m;
        EXPECT_FALSE(c->piece.empty()) << m;
      }
    }
    auto after = s.clone();
    ASSERT_TRUE(after->apply(m).ok()) << m;
    if (!parts->path.empty()) {
      const BoardView view = after->view();
      const ViewCell* end = cell(view, parts->path.back());
      ASSERT_NE(end, nullptr) << m;
      EXPECT_EQ(end->owner, mover) << m;
    }
    auto played = after->move_parts(m);
    ASSERT_TRUE(played.ok()) << m << ": " << played.error();
    EXPECT_EQ(played->text, parts->text);
    EXPECT_EQ(played->clicks, parts->clicks) << m;
    EXPECT_EQ(played->path, parts->path) << m;
  }
}

TEST(BoardView, TraverseStart) {
  auto s = start("traverse");
  const BoardView v = s->view();
  EXPECT_EQ(v.shape, "square");
  EXPECT_EQ(v.cells.size(), 100u);
  EXPECT_EQ(pieces_per_owner(v), (std::map<int, int>{{0, 8}, {1, 8}}));
  expect_distinct_layout(v);
  const ViewCell* d1 = cell(v, "d1");
  ASSERT_NE(d1, nullptr);
  EXPECT_EQ(d1->col, 3);
  EXPECT_EQ(d1->row, 0);
  EXPECT_EQ(d1->piece, "triangle");  // R5: S D T C C T D S from b1
  EXPECT_EQ(d1->owner, 0);
  EXPECT_EQ(d1->start_of, 0);
  EXPECT_EQ(d1->goal_of, 1);
  EXPECT_EQ(cell(v, "a1")->start_of, -1);  // R2: corners belong to no row
  EXPECT_EQ(cell(v, "e10")->goal_of, 0);
  ASSERT_EQ(v.players.size(), 2u);
  EXPECT_EQ(v.players[0].name, "south");
  EXPECT_EQ(v.players[0].colour, "green");  // R4
  EXPECT_EQ(v.players[0].forward, "up");
  EXPECT_EQ(v.players[1].forward, "down");
  EXPECT_TRUE(v.players[0].to_move);
  EXPECT_EQ(v.players[1].summary, "0 of 8 home");
  check_every_move(*s);
}

TEST(BoardView, TraverseFourPlayers) {
  auto s = start("traverse", "players=4 rules=expert");
  const BoardView v = s->view();
  EXPECT_EQ(pieces_per_owner(v), (std::map<int, int>{{0, 8}, {1, 8}, {2, 8}, {3, 8}}));
  ASSERT_EQ(v.players.size(), 4u);
  EXPECT_EQ(v.players[1].name, "west");
  EXPECT_EQ(v.players[1].forward, "right");
  EXPECT_EQ(v.players[3].forward, "left");
  EXPECT_EQ(cell(v, "a5")->start_of, 1);  // West starts on column a, heads for column j
  EXPECT_EQ(cell(v, "a5")->goal_of, 3);
  EXPECT_EQ(cell(v, "j5")->goal_of, 1);
  check_every_move(*s);
}

TEST(BoardView, TraverseRoutesAndPlacements) {
  auto s = start("traverse");
  auto parts = s->move_parts(" D1-D3-F5/E10,f1 ");
  ASSERT_TRUE(parts.ok()) << parts.error();
  EXPECT_EQ(parts->text, "d1-d3-f5/e10,f1");
  EXPECT_EQ(parts->path, (std::vector<std::string>{"d1", "d3", "f5"}));
  EXPECT_EQ(parts->clicks, (std::vector<std::vector<std::string>>{{"d1", "f5", "e10", "f1"}}));
  EXPECT_FALSE(s->move_parts("d1").ok());
  EXPECT_FALSE(s->move_parts("d1-k3").ok());
  EXPECT_FALSE(s->move_parts("d1-d2/e1/f1").ok());
  EXPECT_TRUE(s->move_parts("pass").ok());
}

TEST(BoardView, TravelersStart) {
  auto s = start("travelers");
  const BoardView v = s->view();
  EXPECT_EQ(v.cells.size(), 81u);
  EXPECT_EQ(pieces_per_owner(v), (std::map<int, int>{{0, 12}, {1, 12}}));
  expect_distinct_layout(v);
  std::set<std::string> kinds;
  for (const auto& c : v.cells) {
    if (!c.piece.empty()) kinds.insert(c.piece);
  }
  EXPECT_EQ(kinds,
            (std::set<std::string>{"traveler", "ace", "trey", "deuce", "block", "displacer"}));
  EXPECT_EQ(v.players[0].name, "white");
  EXPECT_EQ(v.players[1].colour, "black");
  EXPECT_EQ(v.players[0].summary, "0 of 2 Travelers home");
  check_every_move(*s);
}

TEST(BoardView, TravelersInCheck) {
  auto map = ParamMap::parse("");
  ASSERT_TRUE(map.ok());
  // V8: the White Traveler on e8 stands between the Black Aces on d8 and f8.
  auto s =
      find_game("travelers")
          ->parse_state(*map, "t4t3/a1waTa1w1/2R4a1/1r5b1/6A2/7WA/2R6/3ABDT2/2W1d3A w - 19 12");
  ASSERT_TRUE(s.ok()) << s.error();
  const BoardView v = (*s)->view();
  EXPECT_EQ(v.players[0].summary, "0 of 2 Travelers home, in check");
  EXPECT_EQ(v.players[1].summary, "0 of 2 Travelers home");
  EXPECT_EQ(v.players[0].pieces, 12);
  check_every_move(**s);
}

TEST(BoardView, TravelersDisplacement) {
  auto s = start("travelers");
  auto parts = s->move_parts("E1-E5/F5-F9");
  ASSERT_TRUE(parts.ok()) << parts.error();
  EXPECT_EQ(parts->clicks, (std::vector<std::vector<std::string>>{{"e1", "e5", "f5", "f9"}}));
  EXPECT_EQ(parts->path, (std::vector<std::string>{"e1", "e5"}));
  EXPECT_FALSE(s->move_parts("e1-e5/f5").ok());
  EXPECT_FALSE(s->move_parts("z1-e5").ok());
}

TEST(BoardView, TrapStart) {
  auto s = start("trap");
  const BoardView v = s->view();
  EXPECT_EQ(v.shape, "hex");
  EXPECT_EQ(v.width, 5);
  EXPECT_EQ(v.height, 9);
  EXPECT_EQ(v.cells.size(), 61u);
  EXPECT_EQ(pieces_per_owner(v), (std::map<int, int>{{0, 3}, {1, 3}}));
  expect_distinct_layout(v);
  EXPECT_EQ(v.walls_left, 60);
  EXPECT_TRUE(v.walls.empty());
  // The widest row (e) starts at the left edge; e5 is the centre; i1 is the top-left cell.
  EXPECT_EQ(cell(v, "e1")->col, 0);
  EXPECT_EQ(cell(v, "e5")->col, 8);
  EXPECT_EQ(cell(v, "e5")->row, 4);
  EXPECT_EQ(cell(v, "i5")->row, 0);
  EXPECT_EQ(cell(v, "i5")->col, 4);
  EXPECT_EQ(cell(v, "a1")->col, 4);
  EXPECT_EQ(cell(v, "c3")->piece, "mover");
  EXPECT_EQ(v.players[1].summary, "0 of 3 movers trapped");
  check_every_move(*s);
}

TEST(BoardView, TrapClickOrders) {
  auto s = start("trap", "size=3");
  using Clicks = std::vector<std::vector<std::string>>;
  auto two = s->move_parts("d3-d4 , b2-b3");
  ASSERT_TRUE(two.ok()) << two.error();
  EXPECT_EQ(two->clicks, (Clicks{{"b2", "b3", "d3", "d4"}, {"d3", "d4", "b2", "b3"}}));
  // A chain (here not legal: text alone decides) keeps its play order.
  auto chain = s->move_parts("c2-c3,c3-c4");
  ASSERT_TRUE(chain.ok()) << chain.error();
  EXPECT_EQ(chain->text, "c3-c4,c2-c3");
  EXPECT_EQ(chain->clicks, (Clicks{{"c3", "c4", "c2", "c3"}}));
  EXPECT_EQ(chain->path, (std::vector<std::string>{"c3", "c4", "c2", "c3"}));
  auto wall = s->move_parts("a1|a2,b2-b3");
  ASSERT_TRUE(wall.ok()) << wall.error();
  EXPECT_EQ(wall->clicks, (Clicks{{"b2", "b3", "a1|a2"}}));
  auto walls = s->move_parts("c4|c5,a1|a2");
  ASSERT_TRUE(walls.ok()) << walls.error();
  EXPECT_EQ(walls->text, "a1|a2,c4|c5");
  EXPECT_EQ(walls->clicks, (Clicks{{"a1|a2", "c4|c5"}, {"c4|c5", "a1|a2"}}));
  EXPECT_TRUE(walls->path.empty());
  EXPECT_FALSE(s->move_parts("c3-c4").ok());
  EXPECT_FALSE(s->move_parts("a1|a2").ok());
  EXPECT_FALSE(s->move_parts("a1|a3,b2|b3").ok());
  EXPECT_FALSE(s->move_parts("a1-c3-c4").ok());
}

// Random games: the parts of each move played are the same before and after it.
TEST(BoardView, PlayedMovesKeepTheirParts) {
  for (const char* game : {"traverse", "travelers", "trap"}) {
    const std::string name = game;
    auto s = start(game, name == "trap"       ? "size=4 walls=10"
                         : name == "traverse" ? "players=3 rules=expert"
                                              : "");
    Rng rng(7);
    for (int ply = 0; ply < 120 && !s->is_terminal(); ++ply) {
      const auto moves = s->legal_moves();
      const std::string m = moves[rng.below(moves.size())];
      auto before = s->move_parts(m);
      ASSERT_TRUE(before.ok()) << game << " " << m;
      ASSERT_TRUE(s->apply(m).ok());
      auto after = s->move_parts(s->history().back());
      ASSERT_TRUE(after.ok()) << game << " " << m;
      EXPECT_EQ(after->clicks, before->clicks) << game << " " << m;
      EXPECT_EQ(after->path, before->path) << game << " " << m;
      const BoardView v = s->view();
      int trapped = 0;
      for (const auto& c : v.cells) trapped += c.trapped;
      int counted = 0;
      for (const auto& p : v.players) counted += p.trapped;
      EXPECT_EQ(trapped, counted) << game;
    }
  }
}

// One parser per game's move text: move_parts() reads the text only through the game's
// read_move(), the reader parse_move() is built on, so malformed text gets the move parser's own
// error word for word, and well-formed text, legal or not, gets its parts.
TEST(MoveParts, ReadThroughTheMoveParserOnly) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> malformed = {
      {"traverse", {"d1", "d1-k3", "d1-d2/e1/f1", "d1-d2/z9", "", "pass/"}},
      {"travelers", {"e1-e5/f5", "z1-e5", "e1+e5", "e1-e5/f5+f9", ""}},
      {"trap", {"a1|a3,b2|b3", "c3-c4,d3-d4,e3-e4", "c3", "", "c3-c4,", "z9-c3-c4"}},
      {"nim", {"z1", "a", "a0"}},
  };
  for (const auto& [game, texts] : malformed) {
    auto s = start(game);
    for (const auto& text : texts) {
      const auto parts = s->move_parts(text);
      const auto played = s->clone()->apply(text);
      ASSERT_FALSE(parts.ok()) << game << " " << text;
      ASSERT_FALSE(played.ok()) << game << " " << text;
      EXPECT_EQ(parts.error(), played.error()) << game << " " << text;
    }
  }
  // Well-formed but illegal here: parts from the move as written, in its written spelling.
  const std::vector<std::pair<std::string, std::string>> illegal = {
      {"traverse", "a1-a2"}, {"travelers", "E2xE4"}, {"trap", "a1-a2,a1|a2"}, {"nim", "c6"}};
  for (const auto& [game, text] : illegal) {
    auto s = start(game);
    ASSERT_FALSE(s->clone()->apply(text).ok()) << game << " " << text;
    const auto parts = s->move_parts(text);
    ASSERT_TRUE(parts.ok()) << game << " " << text << ": " << parts.error();
    EXPECT_EQ(parts->text, to_lower(text)) << game;
    ASSERT_EQ(parts->clicks.size(), 1u) << game;
  }
}

TEST(BoardView, TrapStepAndWallParts) {
  auto s = start("trap");
  EXPECT_EQ(s->view().walls_left, 60);
  auto parts = s->move_parts("c3-c4,f5|f6");
  ASSERT_TRUE(parts.ok());
  EXPECT_EQ(parts->text, "c3-c4,f5|f6");
  using Clicks = std::vector<std::vector<std::string>>;
  EXPECT_EQ(parts->clicks, (Clicks{{"c3", "c4", "f5|f6"}}));
  EXPECT_EQ(parts->path, (std::vector<std::string>{"c3", "c4"}));
}

}  // namespace
}  // namespace arbiter
