// Board views and move parts (games/board_view.h) for every game: the start positions, every
// legal move's clicks, changes and path, moves already played and malformed text; and the
// generic view: glyph keys each game's legend declares, tags, zones and counters.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/rng.h"
#include "core/text.h"
#include "games/board_text.h"
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
    if (!c.glyph.empty()) ++out[c.owner];
  }
  return out;
}

bool has_tag(const ViewCell& c, const std::string& tag) {
  return std::find(c.tags.begin(), c.tags.end(), tag) != c.tags.end();
}

// The zone of `kind` that holds `name`, as its owner; -1 when none does.
int zone_owner(const BoardView& v, const std::string& kind, const std::string& name) {
  for (const auto& z : v.zones) {
    if (z.kind == kind && std::find(z.cells.begin(), z.cells.end(), name) != z.cells.end()) {
      return z.owner;
    }
  }
  return -1;
}

const ViewCounter* counter(const std::vector<ViewCounter>& counters, const std::string& label) {
  for (const auto& c : counters) {
    if (c.label == label) return &c;
  }
  return nullptr;
}

// The generic view speaks only the game's legend: every glyph has a legend entry (matching the
// cell's tags), every zone kind is one the legend declares, every zone cell is a cell.
void expect_in_legend(const Game& game, const BoardView& v) {
  std::set<std::string> names;
  for (const auto& c : v.cells) {
    names.insert(c.name);
    if (c.glyph.empty()) continue;
    EXPECT_NE(find_glyph(game.legend(), c.glyph, c.tags), nullptr) << game.name() << " " << c.glyph;
  }
  for (const auto& z : v.zones) {
    EXPECT_NE(find_zone(game.legend(), z.kind), nullptr) << game.name() << " " << z.kind;
    EXPECT_GE(z.owner, 0);
    EXPECT_LT(z.owner, static_cast<int>(v.players.size()));
    for (const auto& name : z.cells) EXPECT_TRUE(names.count(name)) << name;
  }
}

// A click order's changes drawn on `before` (as the web preview draws them): pieces moved, walls
// placed.
BoardView preview(BoardView v, const std::vector<ClickChange>& changes) {
  for (const ClickChange& change : changes) {
    if (change.from.empty()) {
      if (!change.to.empty()) v.walls.push_back(change.to);
      continue;
    }
    ViewCell* from = nullptr;
    ViewCell* to = nullptr;
    for (auto& c : v.cells) {
      if (c.name == change.from) from = &c;
      if (c.name == change.to) to = &c;
    }
    EXPECT_NE(from, nullptr) << change.from;
    EXPECT_NE(to, nullptr) << change.to;
    if (!from || !to) continue;
    EXPECT_FALSE(from->glyph.empty()) << change.from << " moves no piece";
    to->glyph = from->glyph;
    to->owner = from->owner;
    from->glyph.clear();
    from->owner = -1;
  }
  return v;
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
// Each click order has one change per click, and the changes drawn on the board before the move
// leave every cell they touch (and every wall they place) as the move does: what the web's
// preview shows is the move. The parts are the same when asked after the move is played.
void check_every_move(const GameState& s) {
  const BoardView before = s.view();
  expect_in_legend(s.game(), before);
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
        EXPECT_FALSE(c->glyph.empty()) << m;
      }
    }
    auto after = s.clone();
    ASSERT_TRUE(after->apply(m).ok()) << m;
    const BoardView view = after->view();
    if (!parts->path.empty()) {
      const ViewCell* end = cell(view, parts->path.back());
      ASSERT_NE(end, nullptr) << m;
      EXPECT_EQ(end->owner, mover) << m;
    }
    if (!parts->changes.empty()) {
      ASSERT_EQ(parts->changes.size(), parts->clicks.size()) << m;
      for (std::size_t o = 0; o < parts->clicks.size(); ++o) {
        ASSERT_EQ(parts->changes[o].size(), parts->clicks[o].size()) << m;
        const BoardView drawn = preview(before, parts->changes[o]);
        for (const ClickChange& change : parts->changes[o]) {
          for (const std::string& name : {change.from, change.to}) {
            if (name.empty() || name.find('|') != std::string::npos) continue;
            const ViewCell* want = cell(view, name);
            const ViewCell* got = cell(drawn, name);
            ASSERT_TRUE(want && got) << m << " " << name;
            EXPECT_EQ(got->glyph, want->glyph) << m << " " << name;
            EXPECT_EQ(got->owner, want->owner) << m << " " << name;
          }
          if (change.from.empty() && !change.to.empty()) {
            EXPECT_NE(std::find(view.walls.begin(), view.walls.end(), change.to), view.walls.end())
                << m << " " << change.to;
          }
        }
      }
    }
    auto played = after->move_parts(m);
    ASSERT_TRUE(played.ok()) << m << ": " << played.error();
    EXPECT_EQ(played->text, parts->text);
    EXPECT_EQ(played->clicks, parts->clicks) << m;
    EXPECT_EQ(played->changes, parts->changes) << m;
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
  EXPECT_EQ(d1->glyph, "triangle");  // R5: S D T C C T D S from b1
  EXPECT_EQ(d1->owner, 0);
  EXPECT_TRUE(d1->tags.empty());
  // R2: the start and destination rows are zones, one of each kind per player.
  EXPECT_EQ(v.zones.size(), 4u);
  EXPECT_EQ(zone_owner(v, "start", "d1"), 0);
  EXPECT_EQ(zone_owner(v, "goal", "d1"), 1);
  EXPECT_EQ(zone_owner(v, "start", "a1"), -1);  // R2: corners belong to no row
  EXPECT_EQ(zone_owner(v, "goal", "a1"), -1);
  EXPECT_EQ(zone_owner(v, "goal", "e10"), 0);
  EXPECT_EQ(zone_owner(v, "start", "e5"), -1);
  for (const auto& z : v.zones) EXPECT_EQ(z.cells.size(), 8u) << z.kind;
  ASSERT_EQ(v.players.size(), 2u);
  EXPECT_EQ(v.players[0].name, "south");
  EXPECT_EQ(v.players[0].colour, "green");  // R4
  EXPECT_EQ(v.players[0].forward, "up");
  EXPECT_EQ(v.players[1].forward, "down");
  EXPECT_TRUE(v.players[0].to_move);
  EXPECT_EQ(v.players[1].summary, "0 of 8 home");
  ASSERT_NE(counter(v.players[1].counters, "home"), nullptr);
  EXPECT_EQ(counter(v.players[1].counters, "home")->value, 0);
  EXPECT_TRUE(v.counters.empty());
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
  EXPECT_EQ(zone_owner(v, "start", "a5"), 1);  // West starts on column a, heads for column j
  EXPECT_EQ(zone_owner(v, "goal", "a5"), 3);
  EXPECT_EQ(zone_owner(v, "goal", "j5"), 1);
  EXPECT_EQ(v.zones.size(), 8u);
  check_every_move(*s);
}

TEST(BoardView, TraverseRoutesAndPlacements) {
  auto s = start("traverse");
  auto parts = s->move_parts(" D1-D3-F5/E10,f1 ");
  ASSERT_TRUE(parts.ok()) << parts.error();
  EXPECT_EQ(parts->text, "d1-d3-f5/e10,f1");
  EXPECT_EQ(parts->path, (std::vector<std::string>{"d1", "d3", "f5"}));
  // The piece and its destination, or the chain hop by hop (R10).
  EXPECT_EQ(parts->clicks, (std::vector<std::vector<std::string>>{
                               {"d1", "f5", "e10", "f1"}, {"d1", "d3", "f5", "e10", "f1"}}));
  // The piece moves on the second click (hop by hop: on each landing); placements are drawn
  // once the move is played.
  EXPECT_EQ(parts->changes,
            (std::vector<std::vector<ClickChange>>{{{}, {"d1", "f5"}, {}, {}},
                                                   {{}, {"d1", "d3"}, {"d3", "f5"}, {}, {}}}));
  // A single step or jump has one click order.
  EXPECT_EQ(s->move_parts("d1-d2")->clicks, (std::vector<std::vector<std::string>>{{"d1", "d2"}}));
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
    if (!c.glyph.empty()) kinds.insert(c.glyph);
    // The checkered board's shading: a1 dark, b1 light.
    EXPECT_TRUE(has_tag(c, (c.col + c.row) % 2 == 0 ? "dark" : "light")) << c.name;
  }
  EXPECT_TRUE(has_tag(*cell(v, "a1"), "dark"));
  EXPECT_TRUE(has_tag(*cell(v, "b1"), "light"));
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
  // The Displacer lands on the second click; the displaced piece moves on the fourth (V10).
  EXPECT_EQ(parts->changes,
            (std::vector<std::vector<ClickChange>>{{{}, {"e1", "e5"}, {}, {"f5", "f9"}}}));
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
  // P3: the pile is the board's counter.
  ASSERT_NE(counter(v.counters, "walls left"), nullptr);
  EXPECT_EQ(counter(v.counters, "walls left")->value, 60);
  EXPECT_EQ(counter(v.counters, "walls left")->text, "60 walls left");
  EXPECT_TRUE(v.walls.empty());
  EXPECT_TRUE(v.zones.empty());
  // The widest row (e) starts at the left edge; e5 is the centre; i1 is the top-left cell.
  EXPECT_EQ(cell(v, "e1")->col, 0);
  EXPECT_EQ(cell(v, "e5")->col, 8);
  EXPECT_EQ(cell(v, "e5")->row, 4);
  EXPECT_EQ(cell(v, "i5")->row, 0);
  EXPECT_EQ(cell(v, "i5")->col, 4);
  EXPECT_EQ(cell(v, "a1")->col, 4);
  EXPECT_EQ(cell(v, "c3")->glyph, "mover");
  EXPECT_EQ(v.players[1].summary, "0 of 3 movers trapped");
  check_every_move(*s);
}

TEST(BoardView, TrapClickOrders) {
  auto s = start("trap", "size=3");
  using Clicks = std::vector<std::vector<std::string>>;
  auto two = s->move_parts("d3-d4 , b2-b3");
  ASSERT_TRUE(two.ok()) << two.error();
  EXPECT_EQ(two->clicks, (Clicks{{"b2", "b3", "d3", "d4"}, {"d3", "d4", "b2", "b3"}}));
  using Changes = std::vector<std::vector<ClickChange>>;
  EXPECT_EQ(two->changes,
            (Changes{{{}, {"b2", "b3"}, {}, {"d3", "d4"}}, {{}, {"d3", "d4"}, {}, {"b2", "b3"}}}));
  // A chain (here not legal: text alone decides) keeps its play order.
  auto chain = s->move_parts("c2-c3,c3-c4");
  ASSERT_TRUE(chain.ok()) << chain.error();
  EXPECT_EQ(chain->text, "c3-c4,c2-c3");
  EXPECT_EQ(chain->clicks, (Clicks{{"c3", "c4", "c2", "c3"}}));
  EXPECT_EQ(chain->changes, (Changes{{{}, {"c3", "c4"}, {}, {"c2", "c3"}}}));
  EXPECT_EQ(chain->path, (std::vector<std::string>{"c3", "c4", "c2", "c3"}));
  auto wall = s->move_parts("a1|a2,b2-b3");
  ASSERT_TRUE(wall.ok()) << wall.error();
  EXPECT_EQ(wall->clicks, (Clicks{{"b2", "b3", "a1|a2"}}));
  auto walls = s->move_parts("c4|c5,a1|a2");
  ASSERT_TRUE(walls.ok()) << walls.error();
  EXPECT_EQ(walls->text, "a1|a2,c4|c5");
  EXPECT_EQ(walls->clicks, (Clicks{{"a1|a2", "c4|c5"}, {"c4|c5", "a1|a2"}}));
  EXPECT_EQ(walls->changes,
            (Changes{{{"", "a1|a2"}, {"", "c4|c5"}}, {{"", "c4|c5"}, {"", "a1|a2"}}}));
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
      EXPECT_EQ(after->changes, before->changes) << game << " " << m;
      const BoardView v = s->view();
      expect_in_legend(s->game(), v);
      // Trap: the cells tagged "trapped" are the players' "trapped" counters.
      int trapped = 0;
      for (const auto& c : v.cells) trapped += has_tag(c, "trapped");
      int counted = 0;
      for (const auto& p : v.players) {
        if (const ViewCounter* k = counter(p.counters, "trapped")) counted += k->value;
      }
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
  EXPECT_EQ(counter(s->view().counters, "walls left")->value, 60);
  auto parts = s->move_parts("c3-c4,f5|f6");
  ASSERT_TRUE(parts.ok());
  EXPECT_EQ(parts->text, "c3-c4,f5|f6");
  using Clicks = std::vector<std::vector<std::string>>;
  EXPECT_EQ(parts->clicks, (Clicks{{"c3", "c4", "f5|f6"}}));
  EXPECT_EQ(parts->path, (std::vector<std::string>{"c3", "c4"}));
  EXPECT_EQ(parts->changes,
            (std::vector<std::vector<ClickChange>>{{{}, {"c3", "c4"}, {"", "f5|f6"}}}));
}

// The pile without a limit (walls=0) reads so; trapped movers carry the tag.
TEST(BoardView, TrapUnlimitedPileAndTrappedTag) {
  auto map = ParamMap::parse("size=3 walls=0");
  ASSERT_TRUE(map.ok());
  auto s = find_game("trap")->parse_state(*map, "c4,d3,e5 a1,b3*,c2* a1|b1 - r 4");
  ASSERT_TRUE(s.ok()) << s.error();
  const BoardView v = (*s)->view();
  ASSERT_NE(counter(v.counters, "walls left"), nullptr);
  EXPECT_EQ(counter(v.counters, "walls left")->value, -1);
  EXPECT_EQ(counter(v.counters, "walls left")->text, "walls unlimited");
  EXPECT_TRUE(has_tag(*cell(v, "b3"), "trapped"));
  EXPECT_FALSE(has_tag(*cell(v, "a1"), "trapped"));
  EXPECT_EQ(counter(v.players[1].counters, "trapped")->value, 2);
}

// Nim, the test game, draws through the generic view too: counters named by their click.
TEST(BoardView, NimIsGeneric) {
  auto s = start("nim");
  const BoardView v = s->view();
  EXPECT_EQ(v.cells.size(), 9u);  // 1 + 3 + 5
  for (const auto& c : v.cells) {
    EXPECT_EQ(c.glyph, "counter");
    EXPECT_EQ(c.owner, -1);  // nobody's
  }
  expect_in_legend(s->game(), v);
  // Each move is one click on a counter, which changes nothing drawn before it is sent.
  for (const auto& m : s->legal_moves()) {
    auto parts = s->move_parts(m);
    ASSERT_TRUE(parts.ok()) << m;
    ASSERT_EQ(parts->clicks, (std::vector<std::vector<std::string>>{{m}}));
    EXPECT_NE(cell(v, m), nullptr) << m;
    EXPECT_TRUE(parts->changes.empty()) << m;
  }
}

// The legend's letters: one alternative per owner, `{owner}`/`{OWNER}` the owner's initial.
TEST(Legend, LettersFollowTheOwner) {
  const GlyphSpec seat{"square", "", "S{owner}", false, ""};
  EXPECT_EQ(glyph_letters(seat, 2, "north"), "Sn");
  const GlyphSpec sides{"ace", "", "A/a", false, ""};
  EXPECT_EQ(glyph_letters(sides, 0, "white"), "A");
  EXPECT_EQ(glyph_letters(sides, 1, "black"), "a");
  EXPECT_EQ(glyph_letters(sides, 3, "x"), "a");  // the last alternative for every further owner
  EXPECT_EQ(glyph_letters(sides, -1, ""), "A");
  const GlyphSpec upper{"mover", "", "{OWNER}", false, ""};
  EXPECT_EQ(glyph_letters(upper, 1, "blue"), "B");
  EXPECT_EQ(glyph_letters(upper, -1, ""), "?");
  const GlyphSpec glyphs[] = {seat, sides};
  EXPECT_EQ(glyph_width(Legend{glyphs, {}, ""}), 2);
  // A tagged entry wins for a cell with its tag; the untagged one otherwise.
  const GlyphSpec movers[] = {{"mover", "trapped", "{owner}", true, "trapped"},
                              {"mover", "", "{OWNER}", false, "free"}};
  const Legend legend{movers, {}, ""};
  EXPECT_EQ(find_glyph(legend, "mover", {"trapped"})->description, "trapped");
  EXPECT_EQ(find_glyph(legend, "mover", {})->description, "free");
  EXPECT_EQ(find_glyph(legend, "ace", {}), nullptr);
}

// The terminal drawer knows no game: the same view drawn with another legend has that legend's
// letters and line.
TEST(BoardText, LettersComeFromTheLegend) {
  auto s = start("travelers");
  const BoardView v = s->view();
  const std::string own = draw_board(s->game().legend(), v, nullptr, {});
  EXPECT_NE(own.find("T Traveler D Displacer"), std::string::npos);
  EXPECT_NE(own.find(" A "), std::string::npos);
  const GlyphSpec all[] = {{"traveler", "", "X{owner}", false, ""},
                           {"ace", "", "Y{OWNER}", false, ""}};
  const std::string other = draw_board(Legend{all, {}, "mine"}, v, nullptr, {});
  EXPECT_NE(other.find(" Xw "), std::string::npos);
  EXPECT_NE(other.find(" YB "), std::string::npos);
  EXPECT_NE(other.find("\nmine\n"), std::string::npos);
  EXPECT_EQ(other.find("Traveler"), std::string::npos);
}

}  // namespace
}  // namespace arbiter
