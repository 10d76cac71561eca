// The analysis WebSocket's client messages read as a function
// (server/analysis/analysis_client_message.h, what tests/fuzz/analysis_ws_fuzz.cpp drives):
// each type with its fields and bounds, and one-line errors that carry an analyse message's
// request number once it was read.
#include "server/analysis/analysis_client_message.h"

#include <gtest/gtest.h>

#include <string>

namespace arbiter::server {
namespace {

using Type = AnalysisClientMessage::Type;
constexpr int kMaxLines = 5;

AnalysisMessageError error_of(std::string_view text) {
  auto m = parse_analysis_client_message(text, kMaxLines);
  EXPECT_FALSE(m.ok()) << text;
  if (m) return {};
  EXPECT_FALSE(m.failure().message.empty()) << text;
  EXPECT_EQ(m.failure().message.find('\n'), std::string::npos) << text;
  return m.failure();
}

TEST(AnalysisClientMessage, ReadsPingStopAndReview) {
  auto ping = parse_analysis_client_message(R"({"type":"ping","x":[1]})", kMaxLines);
  ASSERT_TRUE(ping.ok());
  EXPECT_EQ(ping->type, Type::ping);
  auto stop = parse_analysis_client_message(R"({"type":"stop"})", kMaxLines);
  ASSERT_TRUE(stop.ok());
  EXPECT_EQ(stop->type, Type::stop);
  auto review = parse_analysis_client_message(R"({"type":"review","id":"k3J9x2qLw0"})", kMaxLines);
  ASSERT_TRUE(review.ok());
  EXPECT_EQ(review->type, Type::review);
  EXPECT_EQ(review->review_id, "k3J9x2qLw0");
  EXPECT_EQ(error_of(R"({"type":"review","id":"../x"})").message, "id: expected a game id");
  EXPECT_EQ(error_of(R"({"type":"review"})").message, "id: expected a game id");
}

TEST(AnalysisClientMessage, ReadsAnAnalyseMessageWithItsDefaults) {
  auto m = parse_analysis_client_message(
      R"({"type":"analyse","request":7,"game":"traverse","params":"players=2",)"
      R"("moves":["c1-b2"],"tokens":["t1","t2"]})",
      kMaxLines);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->type, Type::analyse);
  EXPECT_EQ(m->request, 7u);
  EXPECT_EQ(m->lines, kDefaultLiveLines);
  EXPECT_EQ(m->tokens, (std::vector<std::string>{"t1", "t2"}));
  EXPECT_EQ(m->line.game, "traverse");
  EXPECT_EQ(m->line.params, "players=2");
  EXPECT_EQ(m->line.moves, std::vector<std::string>{"c1-b2"});
  auto stored =
      parse_analysis_client_message(R"({"type":"analyse","id":"abc","ply":4,"lines":5})", 5);
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(stored->request, 0u);
  EXPECT_EQ(stored->lines, 5);
  EXPECT_EQ(stored->line.id, "abc");
  EXPECT_EQ(stored->line.ply, 4);
}

// An error after the request number read is that request's (answered as live_error_text());
// before it, the message's.
TEST(AnalysisClientMessage, ErrorsCarryTheRequestNumberOnceItWasRead) {
  auto lines = error_of(R"({"type":"analyse","request":9,"lines":6,"game":"trap"})");
  EXPECT_EQ(lines.message, "lines: expected a whole number from 1 to 5");
  EXPECT_EQ(lines.request, 9u);
  auto tokens = error_of(R"({"type":"analyse","request":9,"tokens":"t","game":"trap"})");
  EXPECT_EQ(tokens.message, "tokens: expected an array of at most 16 strings");
  EXPECT_EQ(tokens.request, 9u);
  auto sources = error_of(R"({"type":"analyse","request":9,"game":"trap","id":"x"})");
  EXPECT_EQ(sources.message, "expected one of id, record or game");
  EXPECT_EQ(sources.request, 9u);
  auto number = error_of(R"({"type":"analyse","request":-1,"game":"trap"})");
  EXPECT_EQ(number.message, "request: expected a whole number from 0 to 4503599627370496");
  EXPECT_FALSE(number.request.has_value());
  EXPECT_FALSE(error_of(R"({"type":"analyse","request":4503599627370497})").request.has_value());
}

TEST(AnalysisClientMessage, BadFramesAreOneLineErrors) {
  EXPECT_EQ(error_of("{\"type\":").message, "malformed JSON");
  EXPECT_EQ(error_of("1e999").message, "malformed JSON");
  EXPECT_EQ(error_of("[]").message, "a message must be a JSON object");
  EXPECT_EQ(error_of(R"({"type":"dance\n"})").message,
            "type: expected analyse, stop, review or ping, got 'dance\\x0a'");
  EXPECT_EQ(error_of(R"({"type":3})").message,
            "type: expected analyse, stop, review or ping, got ''");
}

}  // namespace
}  // namespace arbiter::server
