// Comments in game records (docs/records.md): `{...}` after a move, or before the first move
// for the game; parsed, written and read back the same; bad ones are one-line errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/record.h"

namespace arbiter {
namespace {

constexpr const char* kHeader = "[Game \"traverse\"]\n[Params \"players=2\"]\n\n";

TEST(RecordComments, ParsedAfterTheirMoveAndOnTheGame) {
  auto r = parse_record(std::string(kHeader) +
                        "{a quiet game} 1. c1-b2 {good -0.01} 2. d10-e9\n3. b2-b3 {a comment\n"
                        "over two   lines} {and a second}\n");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->moves.size(), 3u);
  EXPECT_EQ(r->comment(0), "a quiet game");
  EXPECT_EQ(r->comment(1), "good -0.01");
  EXPECT_EQ(r->comment(2), "");
  EXPECT_EQ(r->comment(3), "a comment over two lines and a second");
  EXPECT_EQ(r->comment(4), "");
}

TEST(RecordComments, RoundTripWithEscapes) {
  Record r;
  r.set_tag("Game", "traverse");
  r.moves = {"c1-b2", "d10-e9", "b2-b3"};
  r.set_comment(0, "summary: {braces} and a back\\slash");
  r.set_comment(2, "better d10-d8: d10-d8 c1-c3");
  const std::string text = format_record(r);
  EXPECT_NE(text.find("{summary: {braces\\} and a back\\\\slash}"), std::string::npos) << text;
  auto again = parse_record(text);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(again->moves, r.moves);
  EXPECT_EQ(again->comments, r.comments);
  EXPECT_EQ(format_record(*again), text);
}

TEST(RecordComments, BadCommentsAreErrors) {
  const std::string h = kHeader;
  EXPECT_EQ(parse_record(h + "1. c1-b2 {never closed\n").error(), "record ends inside a {comment}");
  EXPECT_NE(parse_record(h + "1. c1-b2 {bad \\x escape}\n").error().find("bad escape in comment"),
            std::string::npos);
  EXPECT_NE(parse_record(h + "1. c1-b2 } 2. d10-e9\n").error().find("'}' without '{'"),
            std::string::npos);
}

TEST(RecordComments, ARecordWithoutCommentsIsWrittenAsBefore) {
  auto r = parse_record(std::string(kHeader) + "1. c1-b2 2. d10-e9\n");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->comments.empty());
  EXPECT_EQ(format_record(*r),
            "[Game \"traverse\"]\n[Params \"players=2\"]\n\n1. c1-b2 2. d10-e9\n");
}

// The record fuzzer's property (tests/fuzz/record_fuzz.cpp) on its seeds, a commented record
// among them: what parses is written, read back and written again the same.
TEST(RecordComments, FuzzSeedsRoundTrip) {
  const std::filesystem::path dir =
      std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/fuzz/corpus/record_fuzz";
  int commented = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    auto record = parse_record(text.str());
    ASSERT_TRUE(record.ok()) << entry.path() << ": " << record.error();
    auto again = parse_record(format_record(*record));
    ASSERT_TRUE(again.ok()) << entry.path();
    EXPECT_EQ(format_record(*again), format_record(*record)) << entry.path();
    commented += record->comments.empty() ? 0 : 1;
  }
  EXPECT_GE(commented, 1);
}

}  // namespace
}  // namespace arbiter
