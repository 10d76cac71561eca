// Puzzles (engine/puzzles/): the only-move test on search lines, the finder on fixed positions
// (an only-move win found; a position with two winning moves rejected), determinism whatever
// the number of threads, the rating from the difficulty, and the puzzle text format.
#include <gtest/gtest.h>

#include "engine/puzzles/difficulty.h"
#include "engine/puzzles/finder.h"
#include "engine/puzzles/only_move.h"
#include "engine/puzzles/puzzle_text.h"
#include "games/registry.h"
#include "records/record.h"

namespace arbiter::engine::puzzles {
namespace {

// South and North each have one piece a step from home; South to move must step home now
// (i9-i10), since any other move lets North step home (i2-i1) and win.
constexpr const char* kOnlyMoveWin =
    "1SsDsTsCsCsTsDs2/8Ss1/10/10/10/10/10/10/8Sn1/1SnDnTnCnCnTnDn2 s 40";
// South's last piece is a step from home and North is far from its own: i9-i10 wins at once,
// and every other move still wins a move later.
constexpr const char* kTwoWinningMoves =
    "1SsDsTsCsCsTsDs2/8Ss1/10/10/1SnDnTnCnCnTnDnSn1/10/10/10/10/10 s 40";

std::unique_ptr<GameState> traverse(const char* position) {
  auto params = ParamMap::parse(std::string_view("players=2"));
  auto s = find_game("traverse")->parse_state(*params, position);
  EXPECT_TRUE(s.ok()) << s.error();
  return std::move(*s);
}

FinderOptions small() {
  FinderOptions o;
  o.nodes = 2'000;
  return o;
}

PvLine line(const std::string& move, int score, std::optional<int> mate = std::nullopt) {
  return PvLine{move, score, {move}, mate};
}

// The only-move rule on lines: decisive best (proven, or kDecisiveExpected), second neither
// decisive nor within kOnlyMoveDrop.
TEST(PuzzleRules, OnlyMoveTestFollowsTheDocumentedBounds) {
  const WinModel model{2, 0.01, 0};  // expected 0.5 at 0, 0.88 at 200
  EngineResult r;
  r.lines = {line("a", ai::kWin - 1, 1), line("b", -100)};
  Judgement j = judge(r, model);
  EXPECT_TRUE(j.decisive);
  EXPECT_TRUE(j.only);
  EXPECT_EQ(j.move, "a");
  EXPECT_EQ(j.win_in, 1);
  // Two proven wins: not a puzzle.
  r.lines = {line("a", ai::kWin - 1, 1), line("b", ai::kWin - 3, 2)};
  EXPECT_FALSE(judge(r, model).only);
  // The second keeps a decisive advantage (0.88 >= 0.85): not a puzzle.
  r.lines = {line("a", ai::kWin - 1, 1), line("b", 200)};
  EXPECT_FALSE(judge(r, model).only);
  // Decisive best (0.95) and a second that is not decisive but drops too little (0.7): no.
  r.lines = {line("a", 300), line("b", 85)};
  EXPECT_TRUE(judge(r, model).decisive);
  EXPECT_FALSE(judge(r, model).only);
  // The same best and a second at 0.5: a drop of 0.45.
  r.lines = {line("a", 300), line("b", 0)};
  EXPECT_TRUE(judge(r, model).only);
  // A best move that is not decisive (0.82).
  r.lines = {line("a", 150), line("b", -300)};
  EXPECT_FALSE(judge(r, model).decisive);
  EXPECT_FALSE(judge(r, model).only);
  // A single legal move is no puzzle.
  r.lines = {line("a", ai::kWin - 1, 1)};
  EXPECT_TRUE(judge(r, model).decisive);
  EXPECT_FALSE(judge(r, model).only);
}

// Only-move win found: the line is the winning move, which ends the game.
TEST(PuzzleFinder, FindsTheOnlyMoveThatWins) {
  auto s = traverse(kOnlyMoveWin);
  auto found = find_puzzle(*s, small());
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(*found);
  const Puzzle& p = **found;
  EXPECT_EQ(p.game, "traverse");
  EXPECT_EQ(p.position, s->to_text());
  EXPECT_EQ(p.solver, 0);
  EXPECT_EQ(p.solution, std::vector<std::string>{"i9-i10"});
  EXPECT_EQ(p.solver_moves, 1);
  EXPECT_EQ(p.win_in, 1);
  EXPECT_EQ(p.expected, 1.0);
  EXPECT_GE(p.rating, kMinRating);
  EXPECT_LE(p.rating, kMaxRating);
  EXPECT_EQ(p.rating, puzzle_rating(p.nodes_needed, 1));
}

// Two winning moves: rejected.
TEST(PuzzleFinder, RejectsAPositionWithTwoWinningMoves) {
  auto s = traverse(kTwoWinningMoves);
  auto found = find_puzzle(*s, small());
  ASSERT_TRUE(found.ok()) << found.error();
  EXPECT_FALSE(*found);
}

// Along a game: the same puzzles on one thread and on two, each line ending with the win.
TEST(PuzzleFinder, AGameGivesTheSamePuzzlesWhateverTheThreads) {
  // Each side two steps from its last piece home, South to move: the race of kOnlyMoveWin a
  // move earlier.
  auto start = traverse("1SsDsTsCsCsTsDs2/10/8Ss1/10/10/10/10/8Sn1/10/1SnDnTnCnCnTnDn2 s 40");
  auto final = start->clone();
  for (const char* m : {"i8-i9", "i3-i2", "i9-i10"}) ASSERT_TRUE(final->apply(m).ok()) << m;
  ASSERT_TRUE(final->is_terminal());
  std::vector<std::string> lines[2];
  for (int threads : {1, 2}) {
    FinderOptions o = small();
    o.threads = threads;
    auto found = find_puzzles(*start, *final, o, "test");
    ASSERT_TRUE(found.ok()) << found.error();
    for (const auto& p : *found) {
      EXPECT_EQ(p.solution.back(), "i9-i10");
      EXPECT_EQ(p.source.rfind("test ply=", 0), 0u) << p.source;
      lines[threads - 1].push_back(puzzle_line(p));
    }
  }
  EXPECT_FALSE(lines[0].empty());
  EXPECT_EQ(lines[0], lines[1]);
}

// A review's searches pick the positions to examine (the server mines reviewed games so).
TEST(PuzzleFinder, MinesAReviewedGame) {
  auto start = traverse(kOnlyMoveWin);
  auto final = start->clone();
  ASSERT_TRUE(final->apply("i9-i10").ok());
  ReviewOptions ro;
  ro.recipe = *ai::parse_player_spec("level=10");
  ro.limits.nodes = 2'000;
  ro.limits.multipv = 2;
  auto review = review_game(*start, *final, ro);
  ASSERT_TRUE(review.ok()) << review.error();
  auto found = puzzles_from_review(*review, small(), "review");
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ((*found)[0].solution, std::vector<std::string>{"i9-i10"});
  EXPECT_EQ((*found)[0].source, "review ply=0");
}

TEST(PuzzleFinder, AGameWithoutAModelOrARandomPlayerIsAnError) {
  auto s = traverse(kOnlyMoveWin);
  FinderOptions o = small();
  o.recipe = *ai::parse_player_spec("random");
  auto found = find_puzzle(*s, o);
  ASSERT_FALSE(found.ok());
  EXPECT_NE(found.error().find("random"), std::string::npos);
}

// Rating from difficulty: 900 at the ladder's first rung, +150 a doubling, +100 a move.
TEST(PuzzleRating, StartsFromTheDocumentedDifficultyFormula) {
  EXPECT_EQ(puzzle_rating(kLadderStart, 1), kBaseRating);
  EXPECT_EQ(puzzle_rating(kLadderStart * 4, 1), kBaseRating + 2 * kRatingPerDoubling);
  EXPECT_EQ(puzzle_rating(kLadderStart * 4, 3),
            kBaseRating + 2 * kRatingPerDoubling + 2 * kRatingPerExtraMove);
  EXPECT_EQ(puzzle_rating(1, 1), kBaseRating);
  EXPECT_EQ(puzzle_rating(uint64_t{1} << 40, 5), kMaxRating);
}

TEST(PuzzleText, RoundTripsAndNamesTheFieldAtFault) {
  Puzzle p;
  p.game = "traverse";
  p.params = "players=2";
  p.position = kOnlyMoveWin;
  p.solution = {"i9-i10"};
  p.rating = 1234;
  p.source = "hand";
  ASSERT_TRUE(check_puzzle(p).ok());
  const std::string text = puzzle_line(p);
  auto back = parse_puzzle_line(text);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(puzzle_line(*back), text);
  EXPECT_EQ(back->solver_moves, 1);

  auto bad = [](const std::string& line) {
    auto r = parse_puzzle_line(line);
    EXPECT_FALSE(r.ok()) << line;
    return r.ok() ? std::string() : r.error();
  };
  EXPECT_NE(bad("traverse\tplayers=2").find("6 tab-separated"), std::string::npos);
  EXPECT_NE(bad("chess\t\tx\te4\t1500\ts").find("game: unknown"), std::string::npos);
  EXPECT_NE(bad(std::string("traverse\tplayers=2\t") + kOnlyMoveWin + "\ta1-a2\t1500\ts")
                .find("solution: move 1"),
            std::string::npos);
  EXPECT_NE(bad(std::string("traverse\tplayers=2\t") + kOnlyMoveWin + "\tb10-b9 b1-b2\t1500\ts")
                .find("not the solver's"),
            std::string::npos);
  EXPECT_NE(bad(std::string("traverse\tplayers=2\t") + kOnlyMoveWin + "\ti9-i10\tlots\ts")
                .find("rating:"),
            std::string::npos);
}

}  // namespace
}  // namespace arbiter::engine::puzzles
