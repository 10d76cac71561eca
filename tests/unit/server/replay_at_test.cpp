// GET /api/games/{id}?at=N: the game as it stood after N moves. It replayed the whole game for
// every request (4.5 ms at 269 plies); positions are now kept every few plies as they are
// replayed, so a request replays at most that many moves. The answer must stay exactly that of
// a full replay, at every ply, also after moves are taken back and others played.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "core/params.h"
#include "games/registry.h"
#include "server/http/api_json.h"
#include "server/play/live_game.h"

namespace arbiter::server::test {
namespace {

// `count` random legal moves of Traverse from the start (fewer if the game ends first), chosen
// by `seed`, never the one that would end it.
std::vector<std::string> random_moves(int count, unsigned seed,
                                      const std::vector<std::string>& from = {}) {
  auto state = find_game("traverse")->new_state(*ParamMap::parse(""));
  EXPECT_TRUE(state.ok());
  for (const auto& m : from) EXPECT_TRUE((*state)->apply(m).ok());
  std::mt19937 rng(seed);
  std::vector<std::string> out = from;
  while (static_cast<int>(out.size()) < count) {
    auto legal = (*state)->legal_moves();
    std::shuffle(legal.begin(), legal.end(), rng);
    bool played = false;
    for (const auto& m : legal) {
      auto next = (*state)->clone();
      if (!next->apply(m).ok() || next->is_terminal()) continue;
      EXPECT_TRUE((*state)->apply(m).ok());
      out.push_back(m);
      played = true;
      break;
    }
    if (!played) break;
  }
  return out;
}

store::GameRow traverse_row() {
  store::GameRow row;
  row.id = "replayed";
  row.game = "traverse";
  row.seats.resize(2);
  row.created_ms = row.updated_ms = 1;
  return row;
}

std::shared_ptr<LiveGame> live(const std::vector<std::string>& moves) {
  std::vector<store::MoveRow> rows;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    rows.push_back({static_cast<int>(i), moves[i], static_cast<int>(i % 2), 1, 0});
  }
  auto g = replay_game(traverse_row(), rows);
  EXPECT_TRUE(g.ok()) << g.error();
  (*g)->clock = [] { return int64_t{1}; };  // one time for every view compared (now_ms)
  return *g;
}

// The reference: the game object of a game made of the first `at` moves alone.
std::string full_replay(const std::vector<std::string>& moves, int at) {
  auto g = live({moves.begin(), moves.begin() + at});
  return game_text(*g->view());
}

void expect_every_ply_as_full_replay(LiveGame& g, const std::vector<std::string>& moves) {
  for (int at = 0; at < static_cast<int>(moves.size()); ++at) {
    ASSERT_EQ(game_text(*g.view_at(at)), full_replay(moves, at)) << "at=" << at;
  }
}

TEST(ReplayAt, EveryPlyMatchesAFullReplayAlsoAfterMovesAreTakenBack) {
  const std::vector<std::string> moves = random_moves(120, 7);
  ASSERT_GE(moves.size(), 100u);
  auto g = live(moves);
  // Backwards first, so later requests find snapshots made by earlier ones.
  for (int at = static_cast<int>(moves.size()) - 1; at >= 0; at -= 7) {
    ASSERT_EQ(game_text(*g->view_at(at)), full_replay(moves, at)) << "at=" << at;
  }
  expect_every_ply_as_full_replay(*g, moves);

  // Take back 40 moves and play others, as an undo and new moves would: the snapshots past the
  // branch no longer match and must not be used.
  for (int i = 0; i < 40; ++i) {
    ASSERT_TRUE(g->state->undo());
    g->plies.pop_back();
  }
  std::vector<std::string> branch(moves.begin(), moves.end() - 40);
  branch = random_moves(static_cast<int>(moves.size()), 99, branch);
  for (std::size_t i = moves.size() - 40; i < branch.size(); ++i) {
    ASSERT_TRUE(g->state->apply(branch[i]).ok());
    g->plies.push_back({static_cast<int>(i % 2), 0});
  }
  g->changed();
  ASSERT_NE(branch, moves);
  expect_every_ply_as_full_replay(*g, branch);
}

// The cost of ?at=N no longer grows with N: the first late request keeps a position every
// kSnapshotEvery plies on its way, so any later one replays at most that many moves from the
// nearest (a full replay made the last position of a 300-ply game about 8 times dearer than an
// early one; measured, not asserted: timing is the benchmarks' job).
TEST(ReplayAt, LatePliesReplayFromTheNearestSnapshot) {
  const std::vector<std::string> moves = random_moves(400, 11);
  ASSERT_GE(moves.size(), 300u);
  auto g = live(moves);
  const int late = static_cast<int>(moves.size()) - 1;
  ASSERT_TRUE(g->view_at(late));
  const int every = LiveGame::kSnapshotEvery;
  ASSERT_GE(g->snapshots.size(), static_cast<std::size_t>(late / every));
  for (std::size_t i = 0; i < g->snapshots.size(); ++i) {
    ASSERT_TRUE(g->snapshots[i]) << i;
    EXPECT_EQ(g->snapshots[i]->history().size(), (i + 1) * every) << i;
    EXPECT_EQ(g->snapshots[i]->to_text(), [&] {
      auto s = g->start->clone();
      for (std::size_t k = 0; k < (i + 1) * every; ++k) (void)s->apply(moves[k]);
      return s->to_text();
    }()) << i;
  }
}

}  // namespace
}  // namespace arbiter::server::test
