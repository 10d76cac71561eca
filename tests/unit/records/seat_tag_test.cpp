// Seat tags (docs/records.md): one form whoever writes a record (human, open, ai:LEVEL,
// ai:SPEC), and the older forms (`ai:level=3` from play, the bare spec `level=2` from match)
// read in that form.
#include "records/seat_tag.h"

#include <gtest/gtest.h>

#include "games/registry.h"
#include "records/record.h"

namespace arbiter {
namespace {

TEST(SeatTag, AiSeatsWriteAPlainLevelAsAiLevelAndAnythingElseAsAiSpec) {
  EXPECT_EQ(ai_seat_tag("level=3"), "ai:3");
  EXPECT_EQ(ai_seat_tag("3"), "ai:3");
  EXPECT_EQ(ai_seat_tag("level=10"), "ai:10");
  EXPECT_EQ(ai_seat_tag("random"), "ai:random");
  EXPECT_EQ(ai_seat_tag("level=10,nodes=200000"), "ai:level=10,nodes=200000");
  EXPECT_EQ(ai_seat_tag("algo=mcts,nodes=500"), "ai:algo=mcts,nodes=500");
}

TEST(SeatTag, OldFormsReadInTheCurrentForm) {
  EXPECT_EQ(canonical_seat_tag("ai:level=3"), "ai:3");  // play, before
  EXPECT_EQ(canonical_seat_tag("level=2"), "ai:2");     // match, before
  EXPECT_EQ(canonical_seat_tag("random"), "ai:random");
  EXPECT_EQ(canonical_seat_tag("level=3,nodes=300"), "ai:level=3,nodes=300");
  EXPECT_EQ(canonical_seat_tag("ai:3"), "ai:3");  // the server, always
  EXPECT_EQ(canonical_seat_tag("human"), "human");
  EXPECT_EQ(canonical_seat_tag("open"), "open");
  EXPECT_EQ(canonical_seat_tag("Alice"), "Alice");  // not a seat form: kept as written
  for (const char* v : {"ai:level=3", "level=2", "random", "ai:x", "ai:", "x=y", "", " ai: 3 "}) {
    EXPECT_EQ(canonical_seat_tag(canonical_seat_tag(v)), canonical_seat_tag(v)) << v;
  }
}

TEST(SeatTag, RecordsReadOldFormsAndWriteTheCurrentOne) {
  auto record = parse_record(
      "[Game \"traverse\"]\n[Seat.south \"ai:level=3\"]\n[Seat.north \"level=2\"]\n"
      "[Event \"level=2\"]\n\n1. c1-b2\n");
  ASSERT_TRUE(record.ok()) << record.error();
  EXPECT_EQ(record->tag("Seat.south"), "ai:3");
  EXPECT_EQ(record->tag("Seat.north"), "ai:2");
  EXPECT_EQ(record->tag("Event"), "level=2");  // other tags are kept as they are
  EXPECT_TRUE(replay_record(*record).ok());

  auto start = find_game("traverse")->new_state(ParamMap{});
  ASSERT_TRUE(start.ok());
  const Record made = make_record(**start, **start, {{"Seat.south", "ai:level=7"}});
  EXPECT_EQ(made.tag("Seat.south"), "ai:7");
}

}  // namespace
}  // namespace arbiter
