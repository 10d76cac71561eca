// ObservationOut (games/observation_out.h): what a writer writes, and what the next observation
// over the same row keeps, zeroes and writes.
#include "games/observation_out.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace arbiter {
namespace {

using Row = std::vector<float>;

TEST(ObservationOut, ClearZeroesExactlyWhatWasWritten) {
  Row row(12, 0.0f);
  ObservationOut::Record record;
  const float pattern[4] = {1.0f, 0.0f, 1.0f, 1.0f};
  {
    ObservationOut out(row, record);
    out.fill(4, 3, 0.5f);
    out.fill(0, 1, 0.0f);  // a zero run writes and records nothing
    out.fill_scaled(8, pattern, 4, 0.25f);
    out.set(1, 1.0f);
  }
  EXPECT_EQ(row, (Row{0, 1, 0, 0, 0.5f, 0.5f, 0.5f, 0, 0.25f, 0, 0.25f, 0.25f}));
  row[0] = 7.0f;  // not written by the observation: clear() leaves it
  ObservationOut::clear(row, record);
  EXPECT_TRUE(record.empty());
  EXPECT_EQ(row, (Row{7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(ObservationOut, TheNextObservationZeroesTheLastOnesValues) {
  Row row(6, 0.0f);
  ObservationOut::Record record;
  {
    ObservationOut out(row, record);
    out.set(1, 1.0f);
    out.set(4, 2.0f);
  }
  {
    ObservationOut out(row, record);
    out.set(4, 3.0f);
  }
  EXPECT_EQ(row, (Row{0, 0, 0, 0, 3, 0}));
}

// set_ones() is single values given together: recorded, zeroed by the next observation, and
// written after a run that the new observation does not keep is zeroed (which may cover them).
TEST(ObservationOut, OnesGivenTogetherAreSingleValues) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  {
    ObservationOut out(row, record);
    out.fill(4, 4, 0.5f);
    const uint16_t ones[] = {1, 2};
    out.set_ones(ones);
  }
  EXPECT_EQ(row, (Row{0, 1, 1, 0, 0.5f, 0.5f, 0.5f, 0.5f}));
  {
    ObservationOut out(row, record);  // the run is not asked for again: zeroed before the ones
    const uint16_t ones[] = {2, 5};
    out.set_ones(ones);
  }
  EXPECT_EQ(row, (Row{0, 0, 1, 0, 0, 1, 0, 0}));
  ObservationOut::clear(row, record);
  EXPECT_EQ(row, Row(8, 0.0f));
}

// The same ones again at the start of the next observation (the pieces, unchanged between a
// move's decisions) are left as they stand: a value planted among them stays. The last
// observation's other single values are zeroed all the same.
TEST(ObservationOut, TheSameOnesFirstAgainAreKept) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  const uint16_t ones[] = {1, 4};
  {
    ObservationOut out(row, record);
    out.set_ones(ones);
    out.set(6, 1.0f);
  }
  row[4] = 9.0f;
  {
    ObservationOut out(row, record);
    out.set_ones(ones);
    out.set(7, 1.0f);
  }
  EXPECT_EQ(row, (Row{0, 1, 0, 0, 9, 0, 0, 1}));
  // Other ones, or the same ones not first, are written afresh.
  {
    ObservationOut out(row, record);
    const uint16_t other[] = {1, 5};
    out.set_ones(other);
  }
  EXPECT_EQ(row, (Row{0, 1, 0, 0, 0, 1, 0, 0}));
  row[5] = 9.0f;
  {
    ObservationOut out(row, record);
    out.set(2, 1.0f);
    const uint16_t again[] = {1, 5};
    out.set_ones(again);
  }
  EXPECT_EQ(row, (Row{0, 1, 1, 0, 0, 1, 0, 0}));
  // An observation that sets no value still zeroes the last one's.
  { ObservationOut out(row, record); }
  EXPECT_EQ(row, Row(8, 0.0f));
}

// A run of marks writes, over the last observation's run at its place, only the marks of the
// bits that changed: a value planted at an unchanged bit's mark stays.
TEST(ObservationOut, MarksWriteOnlyWhatChanged) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  const auto mark = [](float* run, int bit, float value) { run[bit] = value; };
  {
    const uint64_t bits[] = {0b0101};
    ObservationOut(row, record).keep_marks(2, 6, bits, mark);
  }
  EXPECT_EQ(row, (Row{0, 0, 1, 0, 1, 0, 0, 0}));
  row[2] = 9.0f;
  {
    const uint64_t bits[] = {0b1001};  // bit 2 cleared, bit 3 set, bit 0 unchanged
    ObservationOut out(row, record);
    out.keep_marks(2, 6, bits, mark);
    out.set(0, 1.0f);
  }
  EXPECT_EQ(row, (Row{1, 0, 9, 0, 0, 1, 0, 0}));
  // Not asked for again: zeroed whole.
  { ObservationOut(row, record).set(1, 1.0f); }
  EXPECT_EQ(row, (Row{0, 1, 0, 0, 0, 0, 0, 0}));
  // Without a record, every set bit is marked.
  Row fresh(8, 0.0f);
  const uint64_t bits[] = {0b11};
  ObservationOut(fresh).keep_marks(4, 4, bits, mark);
  EXPECT_EQ(fresh, (Row{0, 0, 0, 0, 1, 1, 0, 0}));
}

// A run with the same place, length and key is left as it stands: a value planted in it
// stays, which shows it was neither zeroed nor written.
TEST(ObservationOut, ARunWithTheSameKeyIsKept) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  { ObservationOut(row, record).fill(2, 4, 1.0f); }
  row[3] = 9.0f;
  {
    ObservationOut out(row, record);
    out.fill(2, 4, 1.0f);
    out.set(7, 1.0f);
  }
  EXPECT_EQ(row, (Row{0, 0, 1, 9, 1, 1, 0, 1}));
}

TEST(ObservationOut, ARunWithAnotherKeyIsWrittenAfresh) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  const uint64_t first[] = {1, 2}, second[] = {1, 3};
  if (float* run = ObservationOut(row, record).keep(2, 4, first)) run[0] = run[3] = 1.0f;
  EXPECT_EQ(row, (Row{0, 0, 1, 0, 0, 1, 0, 0}));
  {
    ObservationOut out(row, record);
    float* run = out.keep(2, 4, second);
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(Row(run, run + 4), (Row{0, 0, 0, 0})) << "a run to write is zero";
    run[1] = 1.0f;
  }
  EXPECT_EQ(row, (Row{0, 0, 0, 1, 0, 0, 0, 0}));
  { EXPECT_EQ(ObservationOut(row, record).keep(2, 4, second), nullptr); }
}

TEST(ObservationOut, ARunNotAskedForAgainIsZeroed) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  {
    ObservationOut out(row, record);
    out.fill(0, 4, 1.0f);
    out.fill(4, 4, 0.5f);
  }
  { ObservationOut(row, record).fill(4, 4, 0.5f); }
  EXPECT_EQ(row, (Row{0, 0, 0, 0, 0.5f, 0.5f, 0.5f, 0.5f}));
  // Zeroed before the first value is set, so a value where the run was stays.
  {
    ObservationOut out(row, record);
    out.set(5, 2.0f);
  }
  EXPECT_EQ(row, (Row{0, 0, 0, 0, 0, 2, 0, 0}));
}

// A fill at the place of the last observation's run, with another value, writes over it (a
// plane such as the ply's fraction of the limit, which changes every ply); with the value 0 it
// is nothing to write, and the last run is zeroed.
TEST(ObservationOut, AFillWithAnotherValueWritesOverTheRun) {
  Row row(6, 0.0f);
  ObservationOut::Record record;
  const float pattern[3] = {1.0f, 0.0f, 2.0f};
  {
    ObservationOut out(row, record);
    out.fill(0, 3, 0.25f);
    out.fill_scaled(3, pattern, 3, 1.0f);
  }
  {
    ObservationOut out(row, record);
    out.fill(0, 3, 0.5f);
    out.fill_scaled(3, pattern, 3, 0.5f);
  }
  EXPECT_EQ(row, (Row{0.5f, 0.5f, 0.5f, 0.5f, 0, 1}));
  {
    ObservationOut out(row, record);
    out.fill(0, 3, 0.0f);
    out.fill_scaled(3, pattern, 3, 0.5f);
  }
  EXPECT_EQ(row, (Row{0, 0, 0, 0.5f, 0, 1}));
  ObservationOut::clear(row, record);
  EXPECT_EQ(row, Row(6, 0.0f));
}

// A run asked for after a value was set is written in full: the runs of the last observation
// are zeroed by then.
TEST(ObservationOut, ARunAfterAValueIsWrittenInFull) {
  Row row(6, 0.0f);
  ObservationOut::Record record;
  { ObservationOut(row, record).fill(0, 3, 1.0f); }
  {
    ObservationOut out(row, record);
    out.set(5, 1.0f);
    out.fill(0, 3, 1.0f);
  }
  EXPECT_EQ(row, (Row{1, 1, 1, 0, 0, 1}));
}

// A fill and a scaled fill of the same value at the same place are different runs: the second
// is written, not kept.
TEST(ObservationOut, AScaledFillIsNotAPlainFill) {
  Row row(3, 0.0f);
  ObservationOut::Record record;
  const float pattern[3] = {1.0f, 0.0f, 1.0f};
  { ObservationOut(row, record).fill(0, 3, 0.5f); }
  { ObservationOut(row, record).fill_scaled(0, pattern, 3, 0.5f); }
  EXPECT_EQ(row, (Row{0.5f, 0, 0.5f}));
  { ObservationOut(row, record).fill(0, 3, 0.5f); }
  EXPECT_EQ(row, (Row{0.5f, 0.5f, 0.5f}));
}

// A fill of zeros is nothing to write, but keeps the place of the last observation's run there
// among the runs: a plane filled or not by turns. The runs after it are still kept (a value
// planted in them stays), and the plane is zeroed, then written again when it comes back.
TEST(ObservationOut, AFillOfZerosKeepsItsPlaceAmongTheRuns) {
  Row row(6, 0.0f);
  ObservationOut::Record record;
  const auto observe = [&](float a, float b, float c) {
    ObservationOut out(row, record);
    out.fill(0, 2, a);
    out.fill(2, 2, b);
    out.fill(4, 2, c);
  };
  observe(1.0f, 0.5f, 0.25f);
  row[5] = 9.0f;
  observe(1.0f, 0.0f, 0.25f);
  EXPECT_EQ(row, (Row{1, 1, 0, 0, 0.25f, 9}));
  observe(1.0f, 0.0f, 0.25f);
  EXPECT_EQ(row, (Row{1, 1, 0, 0, 0.25f, 9}));
  observe(1.0f, 0.5f, 0.25f);
  EXPECT_EQ(row, (Row{1, 1, 0.5f, 0.5f, 0.25f, 9}));
  observe(0.0f, 0.0f, 0.0f);
  EXPECT_EQ(row, Row(6, 0.0f));
}

// Runs asked for in another order than the last observation's are matched by place all the
// same: kept when their keys are the same, the others zeroed.
TEST(ObservationOut, RunsInAnotherOrderAreMatchedByPlace) {
  Row row(6, 0.0f);
  ObservationOut::Record record;
  {
    ObservationOut out(row, record);
    out.fill(0, 2, 1.0f);
    out.fill(2, 2, 0.5f);
    out.fill(4, 2, 0.25f);
  }
  row[1] = row[5] = 9.0f;
  {
    ObservationOut out(row, record);
    out.fill(4, 2, 0.25f);
    out.fill(0, 2, 1.0f);
  }
  EXPECT_EQ(row, (Row{1, 9, 0, 0, 0.25f, 9}));
  // And the order asked for last is the one met next.
  {
    ObservationOut out(row, record);
    out.fill(4, 2, 0.75f);
    out.fill(0, 2, 1.0f);
  }
  EXPECT_EQ(row, (Row{1, 9, 0, 0, 0.75f, 0.75f}));
  // Fewer runs than the last observation: the ones not asked for are zeroed.
  { ObservationOut(row, record).fill(4, 2, 0.75f); }
  EXPECT_EQ(row, (Row{0, 0, 0, 0, 0.75f, 0.75f}));
}

// Planes of ones or zeros as one run of marks (a seat's plane among the seats'): only the
// planes whose bit changed are written.
TEST(ObservationOut, PlanesAsMarksWriteOnlyThePlanesThatChanged) {
  Row row(6, 0.0f);
  ObservationOut::Record record;
  const auto plane = [](float* run, int p, float value) {
    ObservationOut::write_fill(run + 2 * p, 2, value);
  };
  const auto observe = [&](uint64_t planes) {
    ObservationOut(row, record).keep_marks(0, 6, std::span(&planes, 1), plane);
  };
  observe(0b001);
  EXPECT_EQ(row, (Row{1, 1, 0, 0, 0, 0}));
  row[1] = 9.0f;
  observe(0b101);
  EXPECT_EQ(row, (Row{1, 9, 0, 0, 1, 1}));
  observe(0b110);
  EXPECT_EQ(row, (Row{0, 0, 1, 1, 1, 1}));
}

// A row longer than a record can index is zeroed whole and written in full at every
// observation: the result is the same as with a record.
TEST(ObservationOut, ARowTooLongForARecordIsWrittenInFull) {
  constexpr std::size_t kEnd = ObservationOut::kMaxRecordedRow;
  Row row(kEnd + 10, 0.0f);
  ObservationOut::Record record;
  {
    ObservationOut out(row, record);
    out.fill(kEnd, 5, 1.0f);
    out.set(3, 1.0f);
  }
  EXPECT_TRUE(record.empty());
  EXPECT_EQ(row[kEnd + 4], 1.0f);
  {
    ObservationOut out(row, record);
    out.set(kEnd + 9, 1.0f);
  }
  EXPECT_EQ(std::count(row.begin(), row.end(), 0.0f), static_cast<long>(row.size()) - 1);
  EXPECT_EQ(row[kEnd + 9], 1.0f);
}

TEST(ObservationOut, WithoutARecordOnlyWrites) {
  Row row(4, 0.0f);
  ObservationOut out(row);
  out.fill(0, 2, 1.0f);
  out.set(3, 1.0f);
  EXPECT_EQ(row, (Row{1, 1, 0, 1}));
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST(ObservationOut, AnExtendingWriterAddsSingleValuesAndZeroesNothing) {
  Row row(8, 0.0f);
  ObservationOut::Record record;
  const uint16_t pieces[] = {2, 3};
  {
    ObservationOut out(row, record);
    out.fill(4, 2, 0.5f);
    out.set_ones(pieces);
    out.set(7, 1.0f);
  }
  ContentStamp stamp;
  record.set_source(stamp.name(), 1);
  EXPECT_TRUE(record.holds(stamp.name(), 1));
  EXPECT_FALSE(record.holds(stamp.name(), 0));
  {
    ObservationOut out(row, record, ObservationOut::Extend{});
    EXPECT_FALSE(record.holds(stamp.name(), 1));  // until its writer says what it holds
    out.set(0, 1.0f);
  }
  EXPECT_EQ(row, (Row{1, 0, 1, 1, 0.5f, 0.5f, 0, 1}));
  // The next observation knows every value written, the added one included.
  {
    ObservationOut out(row, record);
    out.fill(4, 2, 0.5f);
    out.set_ones(pieces);
  }
  EXPECT_EQ(row, (Row{0, 0, 1, 1, 0.5f, 0.5f, 0, 0}));
  ObservationOut::clear(row, record);
  EXPECT_EQ(row, Row(8, 0.0f));
  EXPECT_FALSE(record.holds(stamp.name(), 1));
}

}  // namespace
}  // namespace arbiter
