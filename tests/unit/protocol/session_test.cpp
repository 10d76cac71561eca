// The engine protocol's `stop` contract (docs/protocol.md): `stop` returns only once the search
// has ended and its `bestmove` line is written, so the next command finds no search running.
#include "protocol/session.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/params.h"
#include "games/board_text.h"
#include "games/registry.h"

namespace arbiter::protocol {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// Lines other than the search's `info` reports.
std::vector<std::string> answers(const std::string& text) {
  std::vector<std::string> out;
  for (auto& l : lines_of(text)) {
    if (!l.starts_with("info ")) out.push_back(l);
  }
  return out;
}

TEST(Session, StopWritesTheBestmoveBeforeTheNextCommandIsRead) {
  for (int run = 0; run < 5; ++run) {
    std::ostringstream out;
    Session session(out);
    ASSERT_TRUE(session.handle("newgame traverse"));
    ASSERT_TRUE(session.handle("go infinite"));
    ASSERT_TRUE(session.handle("stop"));
    // Read only once stop has returned: the search thread has finished writing by then.
    const auto after_stop = answers(out.str());
    ASSERT_EQ(after_stop.size(), 1u) << out.str();
    EXPECT_TRUE(after_stop[0].starts_with("bestmove ")) << after_stop[0];
    ASSERT_TRUE(session.handle("position startpos moves c1-b2"));
    ASSERT_TRUE(session.handle("moves"));
    const auto all = answers(out.str());
    ASSERT_EQ(all.size(), 2u) << out.str();  // no `error a search is running`
    EXPECT_TRUE(all[1].starts_with("moves b10-b9 ")) << all[1];
    EXPECT_FALSE(session.handle("quit"));
  }
}

TEST(Session, StopWithoutASearchSaysNothingAndGoStillWorks) {
  std::ostringstream out;
  Session session(out);
  session.handle("newgame trap");
  session.handle("stop");
  EXPECT_EQ(out.str(), "");
  session.handle("setoption name Player value random seed=3");
  session.handle("go");
  session.handle("stop");
  const auto all = answers(out.str());
  ASSERT_EQ(all.size(), 1u) << out.str();
  EXPECT_TRUE(all[0].starts_with("bestmove ")) << all[0];
}

TEST(Session, QuitDuringASearchStopsItAndPrintsItsBestmove) {
  std::ostringstream out;
  Session session(out);
  session.handle("newgame travelers");
  session.handle("go infinite");
  EXPECT_FALSE(session.handle("quit"));
  const auto all = answers(out.str());
  ASSERT_EQ(all.size(), 1u) << out.str();
  EXPECT_TRUE(all[0].starts_with("bestmove ")) << all[0];
}

TEST(Session, EndOfInputLetsTheSearchFinishAndReport) {
  std::ostringstream out;
  {
    Session session(out);
    session.handle("newgame traverse");
    session.handle("go depth 2");
    session.finish();
    const auto all = answers(out.str());
    ASSERT_EQ(all.size(), 1u) << out.str();
    EXPECT_TRUE(all[0].starts_with("bestmove ")) << all[0];
  }
}

// One board renderer: `display` is the board `arbiter show` draws (games/board_text.h), plain
// text, then the position line, for every game.
TEST(Session, DisplayDrawsTheBoardAsShowDoes) {
  for (const char* game : {"traverse", "travelers", "trap"}) {
    auto state = find_game(game)->new_state(ParamMap{});
    ASSERT_TRUE(state.ok()) << state.error();
    const std::string first = (*state)->legal_moves().front();
    ASSERT_TRUE((*state)->apply(first).ok());
    std::ostringstream out;
    Session session(out);
    ASSERT_TRUE(session.handle(std::string("newgame ") + game));
    ASSERT_TRUE(session.handle("position startpos moves " + first));
    ASSERT_TRUE(session.handle("display"));
    std::vector<std::string> expected = lines_of(draw_game(**state, DrawOptions{}));
    expected.push_back("position " + (*state)->to_text());
    EXPECT_EQ(answers(out.str()), expected) << game;
  }
}

}  // namespace
}  // namespace arbiter::protocol
